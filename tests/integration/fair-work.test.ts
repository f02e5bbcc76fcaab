import { randomUUID } from 'node:crypto';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { describe, expect, it } from 'vitest';
import type { Alert } from '@shared/schemas/alert';
import type { FileLists, MeterFile } from '@shared/schemas/meter-file';
import { keys } from '../../functions/src/data/keys';
import { api } from '../support/api';
import { entities } from '../support/aws';
import { TEST_ALERT_CHUNK_SIZE } from '../../infra/local/test-deployment-settings';
import { anotherPremiumCustomer } from '../support/customers';
import { testEnvironment } from '../support/environment';
import { eventually } from '../support/eventually';
import { sentMails } from '../support/mail';
import { sendToQueue } from '../support/queue';
import { alertScheduleOf, alertSchedulesOf, runOutboxSweep, scheduleNamed, scheduleOf } from '../support/scheduled-job';

/**
 * Fair shares (docs/architecture/fair-work.md): the schedules of alerts (one per customer and cron)
 * send their target to the scheduled-work queue, whose firing puts the cron's alerts in its
 * customer's lane in chunks (one job of at most 25 alerts each), and the jobs function takes them in
 * turn per customer. Customer A has 30 alerts (six chunks of TEST_ALERT_CHUNK_SIZE, 5, in the test
 * deployment: 25 in production would make them two chunks of 15, both running at once) due in the
 * same tick as customer B's one; A's firing reaches the queue first (in the order they came, B's
 * would run last), and B's e-mail leaves while most of A's still wait.
 */
const A_ALERTS = 30;
// Several turns for A, more than its cap of two running at once.
if (A_ALERTS / TEST_ALERT_CHUNK_SIZE <= 2) throw new Error('A needs more chunks than its cap');

const createPoint = async (token: string): Promise<string> => {
  const answer = await api<{ _id: string }>('POST', '/api/v1/points', {
    token,
    body: { name: `Fair point ${randomUUID().slice(0, 8)}`, technical_id: `FAIR-${randomUUID().slice(0, 8)}`, resource: 'electricity', series_type: 'measure', unit: 'kW', location: [] },
  });
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.data!._id;
};

/** An alert that fires at every evaluation: a bucket without data counts 0 values, and 0 ≥ 0. */
const createAlert = async (token: string, point: string, address: string): Promise<Alert> => {
  const answer = await api<Alert>('POST', '/api/v1/alerts', {
    token,
    body: {
      alert: {
        name: `Fair ${randomUUID().slice(0, 8)}`,
        points: [{ point }],
        sampling: 'hour',
        cron_time: '0 0 1 1 *',
        conditions: [[{ from_calculation: 'count', operation: 'gte', to_value: 0 }]],
        email: { to: [address], cc: [], bcc: [] },
      },
    },
  });
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.data!;
};

describe('scheduled work taken in turn per customer', () => {
  it("sends customer B's alert e-mail while most of customer A's alerts due in the same tick still wait", async () => {
    const [a, b] = await Promise.all([anotherPremiumCustomer(), anotherPremiumCustomer()]);
    const [pointA, pointB] = await Promise.all([createPoint(a.token), createPoint(b.token)]);
    const addressA = `fair-a-${randomUUID().slice(0, 8)}@energie-plus.example`;
    const addressB = `fair-b-${randomUUID().slice(0, 8)}@energie-plus.example`;
    const alertsA: Alert[] = [];
    for (let index = 0; index < A_ALERTS; index += 5) {
      alertsA.push(...(await Promise.all(Array.from({ length: Math.min(5, A_ALERTS - index) }, () => createAlert(a.token, pointA, addressA)))));
    }
    await createAlert(b.token, pointB, addressB);

    // One schedule per customer and cron, whose target is the scheduled-work queue; the messages are sent as the scheduler would at the due time.
    expect(await alertSchedulesOf(a.customerId)).toHaveLength(1);
    expect(await alertSchedulesOf(b.customerId)).toHaveLength(1);
    const schedules = await Promise.all([scheduleNamed((await alertSchedulesOf(a.customerId))[0]), scheduleNamed((await alertSchedulesOf(b.customerId))[0])]);
    const queueArn = schedules[0]!.Target!.Arn!;
    expect(queueArn).toMatch(/^arn:aws:sqs:.*ScheduledWork/);
    for (const schedule of schedules) expect(schedule!.Target!.Arn).toBe(queueArn);
    await sendToQueue(testEnvironment().endpoint, queueArn, schedules.map((schedule) => schedule!.Target!.Input!));

    const seen = async () => {
      const mails = await sentMails();
      return { a: mails.filter((mail) => mail.To.includes(addressA)).length, b: mails.filter((mail) => mail.To.includes(addressB)).length };
    };
    const whenB = await eventually(seen, (counts) => counts.b > 0, 30_000);
    expect(whenB.b).toBe(1);
    // In the order they came B's e-mail would follow all 30 of A's; in turn it waits for a few.
    expect(whenB.a).toBeLessThan(A_ALERTS / 2);
    // A's jobs all run, each once.
    const done = await eventually(seen, (counts) => counts.a >= A_ALERTS, 60_000);
    expect(done).toEqual({ a: A_ALERTS, b: 1 });
  });

  it("runs the other alerts of a cron's firing when one alert's evaluation fails", async () => {
    const c = await anotherPremiumCustomer();
    const point = await createPoint(c.token);
    const address = `fair-fail-${randomUUID().slice(0, 8)}@energie-plus.example`;
    const alerts = [await createAlert(c.token, point, address), await createAlert(c.token, point, address), await createAlert(c.token, point, address)];
    // The second one's e-mail is refused once (the test deployment's fault injection, outbox.test.ts): its evaluation fails.
    await entities.put({ PK: `C#${c.customerId}`, SK: `OUTBOXFAULT#alert#${alerts[1]._id}`, kind: 'outbox-fault', failures: 1 });
    const schedule = (await alertScheduleOf(c.customerId, alerts[0].schedule_expression, alerts[0].timezone))!;
    await sendToQueue(testEnvironment().endpoint, schedule.Target!.Arn!, [schedule.Target!.Input!]);

    const mailsOf = async () => (await sentMails()).filter((mail) => mail.To.includes(address));
    const sent = await eventually(mailsOf, (mails) => mails.length >= 2, 30_000);
    for (const alert of [alerts[0], alerts[2]]) expect(sent.filter((mail) => mail.Subject.includes(alert.name))).toHaveLength(1);
    // The failed one logged its firing, its e-mail waiting in the outbox for the sweep.
    const log = await eventually(
      () => api<{ log: { event: string; notified: boolean }[] }>('GET', `/api/v1/alerts/log/all/${alerts[1]._id}/non_acquitted`, { token: c.token }),
      (answer) => (answer.body.data?.log.length ?? 0) > 0,
      30_000,
    );
    expect(log.body.data!.log).toMatchObject([{ event: 'fired', notified: false }]);
    expect((await mailsOf()).some((mail) => mail.Subject.includes(alerts[1].name))).toBe(false);
  });

  it('moves the per-alert schedules made before the queue (still invoking the function) to the queue at the next outbox sweep, keeping all else', async () => {
    const b = await anotherPremiumCustomer();
    const alert = await createAlert(b.token, await createPoint(b.token), `fair-old-${randomUUID().slice(0, 8)}@energie-plus.example`);
    const cron = (await alertScheduleOf(b.customerId, alert.schedule_expression, alert.timezone))!;
    const queueArn = cron.Target!.Arn!;
    // As an older version made it: one schedule named by the alert, the scheduled-jobs function as its target.
    const functionArn = queueArn.replace(/^arn:aws:sqs:([^:]+):([^:]+):.*$/, `arn:aws:lambda:$1:$2:function:${testEnvironment().scheduledJobsFunctionName}`);
    const scheduler = new SchedulerClient({ endpoint: testEnvironment().endpoint, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
    await scheduler.send(
      new CreateScheduleCommand({
        Name: `alert-${alert._id}`,
        ScheduleExpression: cron.ScheduleExpression,
        ScheduleExpressionTimezone: cron.ScheduleExpressionTimezone,
        State: 'ENABLED',
        FlexibleTimeWindow: { Mode: 'OFF' },
        Target: { ...cron.Target!, Arn: functionArn, Input: JSON.stringify({ kind: 'alert', id: alert._id, customerId: b.customerId, correlationId: '<aws.scheduler.execution-id>' }) },
      }),
    );
    const made = (await scheduleOf('alert', alert._id))!;
    expect(made.Target!.Arn).toBe(functionArn);
    // The deployment's first sweep did the move already: its marker is taken away, as before this version.
    await entities.delete({ PK: 'SYSTEM', SK: 'MIGRATION#schedules-to-scheduled-work-queue' });

    await runOutboxSweep();
    const moved = (await scheduleOf('alert', alert._id))!;
    expect(moved.Target!.Arn).toBe(queueArn);
    expect({ ...moved, Target: { ...moved.Target, Arn: '' }, LastModificationDate: undefined, $metadata: undefined }).toEqual({
      ...made,
      Target: { ...made.Target, Arn: '' },
      LastModificationDate: undefined,
      $metadata: undefined,
    });
    expect(await entities.get({ PK: 'SYSTEM', SK: 'MIGRATION#schedules-to-scheduled-work-queue' })).toMatchObject({ value: queueArn });
  });

  it("imports customer B's file while customer A's files wait in A's import lane, A's running imports at its cap", async () => {
    const [a, b] = await Promise.all([anotherPremiumCustomer(), anotherPremiumCustomer()]);
    const lane = keys.fairLane('import', a.customerId);
    // A runs two imports already (the cap): two claims whose leases run for ten more minutes.
    const until = Date.now() + 10 * 60_000;
    await entities.put({ ...lane, customer: a.customerId, waiting: 0, leases: { 'job-held-1': until, 'job-held-2': until }, served_at: Date.now(), version: 1 });
    const uploadAndImport = async (token: string) => {
      const uploaded = await api<MeterFile>('POST', '/api/v1/data/upload-file', { token, body: { name: 'tour.csv', data: Buffer.from('technical_id;date;value\nINCONNU;02/11/2026 03:00;1\n').toString('base64') } });
      expect(uploaded.status).toBe(200);
      const started = await api<{ started: number }>('PUT', '/api/v1/data/not-treated-files', { token, body: { files: [uploaded.body.data!._id] } });
      expect(started.body.data?.started).toBe(1);
      return uploaded.body.data!._id;
    };
    const stateOf = async (token: string, fileId: string) => {
      const lists = (await api<FileLists>('GET', '/api/v1/data/not-treated-files', { token })).body.data!;
      return [...lists.notTreatedFileList, ...lists.inTreatmentFileList, ...lists.treatmentErrorFileList, ...lists.treatedFileList].find((file) => file._id === fileId)?.state;
    };
    const fileA = await uploadAndImport(a.token);
    const fileB = await uploadAndImport(b.token);

    expect(await eventually(() => stateOf(b.token, fileB), (state) => state === 'treated', 60_000)).toBe('treated');
    // A's file waits its turn: in treatment (claimed), its job in A's lane.
    expect(await stateOf(a.token, fileA)).toBe('in_treatment');
    expect(await entities.get(lane)).toMatchObject({ waiting: 1 });

    // A's two imports end: a worker then takes A's file.
    await entities.put({ ...lane, customer: a.customerId, waiting: 1, leases: {}, served_at: Date.now(), version: 2 });
    const lambda = new LambdaClient({ endpoint: testEnvironment().endpoint, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
    await lambda.send(new InvokeCommand({ FunctionName: testEnvironment().fileImportsFunctionName, Payload: new TextEncoder().encode(JSON.stringify({ kind: 'drain', queue: 'import' })) }));
    expect(await eventually(() => stateOf(a.token, fileA), (state) => state === 'treated', 60_000)).toBe('treated');
  });
});
