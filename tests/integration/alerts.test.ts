import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCompleteBucket } from '@shared/alerts/bucket';
import { latestOccurrence } from '@shared/alerts/cron';
import type { Alert, AlertLogItem, AlertLogSummary } from '@shared/schemas/alert';
import type { AlertRunOutcome } from '../../functions/src/services/alert-evaluation-service';
import { api, login } from '../support/api';
import { anotherPremiumCustomer, seedMember, tokenOf } from '../support/customers';
import { hourAverage } from '../support/series';
import { entities } from '../support/aws';
import { testEnvironment } from '../support/environment';
import { eventually } from '../support/eventually';
import { CreateScheduleCommand, DeleteScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { keys } from '../../functions/src/data/keys';
import { alertCronKey } from '../../functions/src/services/alert-schedules';
import { awsEnvironment } from '../../infra/local/emulator';
import { alertScheduleName, alertScheduleOf, alertSchedulesOf, runScheduledJob, scheduleOf } from '../support/scheduled-job';

/**
 * Alerts against the deployed stack: their schedules, the evaluation job invoked as the
 * scheduler would (no waiting for the minute), the e-mails and SMS it sends (read from the
 * emulator's SES and SNS records), the log and historical, and who may do what.
 */

let admin: string;
let member: string;
let basic: string;
const premium = () => testEnvironment().customers.premium;
const unique = (prefix: string) => `${prefix}-${Date.now()}-${randomUUID().slice(0, 6)}`;

/** Two yearly cron times whose due times are fixed whatever the day the test runs: 1 and 2 January, 00:00 local. */
const FIRST_JANUARY = '0 0 1 1 *';
const SECOND_JANUARY = '0 0 2 1 *';

const createPoint = async (token = admin): Promise<string> => {
  const answer = await api<{ _id: string }>('POST', '/api/v1/points', {
    token,
    body: { name: unique('Alert point'), technical_id: unique('ALERT'), resource: 'electricity', series_type: 'measure', unit: 'kW', location: [] },
  });
  expect(answer.status).toBe(200);
  return answer.body.data!._id;
};

/** The hour an alert with hourly sampling reads at the due time of a cron time (the last complete one). */
const bucketOf = (cron: string, timezone: string) => lastCompleteBucket(latestOccurrence(cron, timezone, Date.now()), 'hour', 'Europe/Paris');


/** Writes values inside an hour bucket and waits for its rollup (the series stream recomputes it). */
const writeHour = async (pointId: string, bucket: { from: number; to: number }, values: number[]) => {
  const step = (bucket.to - bucket.from) / (values.length + 1);
  const answer = await api('POST', '/api/v1/data', {
    token: admin,
    body: { data: values.map((value, index) => ({ point: pointId, date: new Date(bucket.from + step * (index + 1)).toISOString(), value })) },
  });
  expect(answer.status).toBe(200);
  const average = values.reduce((a, b) => a + b, 0) / values.length;
  expect(await eventually(() => hourAverage(admin, pointId, bucket), (value) => value === average)).toBe(average);
};

const alertBody = (points: string[], overrides: Record<string, unknown> = {}) => ({
  name: unique('Surconsommation'),
  points: points.map((point) => ({ point })),
  sampling: 'hour',
  cron_time: FIRST_JANUARY,
  // Two OR groups: the second (avg > 40) holds for the data written below.
  conditions: [[{ from_calculation: 'avg', operation: 'lt', to_value: 0 }], [{ from_calculation: 'avg', operation: 'gt', to_value: 40 }, { from_calculation: 'max', operation: 'gte', to_value: 50 }]],
  email: { to: ['exploitation@energie-plus.example'], cc: [], bcc: [] },
  ...overrides,
});

const createAlert = async (body: Record<string, unknown>, token = admin) => {
  const answer = await api<Alert>('POST', '/api/v1/alerts', { token, body: { alert: body } });
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.data!;
};

const runAlert = (alertId: string) => runScheduledJob<AlertRunOutcome>({ kind: 'alert', id: alertId, customerId: premium() });

interface SentMail {
  Subject: string;
  To: string[];
  BodyText: string;
}

const sentMails = async (about: string): Promise<SentMail[]> => {
  const answer = await fetch(`${testEnvironment().endpoint}/_ministack/ses/messages`);
  const { messages } = (await answer.json()) as { messages: Record<string, SentMail[]> };
  return Object.values(messages)
    .flat()
    .filter((mail) => mail.Subject.includes(about));
};

const sentSms = async (phoneNumber: string): Promise<{ Message: string }[]> => {
  const answer = await fetch(`${testEnvironment().endpoint}/_ministack/sns/sms-messages?phoneNumber=${encodeURIComponent(phoneNumber)}`);
  const { sms_messages: messages } = (await answer.json()) as { sms_messages: Record<string, { Message: string }[]> };
  return messages[phoneNumber] ?? [];
};

const summaryOf = async (alertId: string, route: 'log-summary' | 'historical-summary' = 'log-summary') => {
  const answer = await api<AlertLogSummary[]>('GET', `/api/v1/alerts/${route}`, { token: admin });
  expect(answer.status).toBe(200);
  return answer.body.data!.find((row) => row.alert._id === alertId)?.summary[0] ?? null;
};

const logOf = async (alertId: string, state: 'non_acquitted' | 'acquitted', period = 'all') => {
  const answer = await api<{ log: AlertLogItem[] }>('GET', `/api/v1/alerts/log/${period}/${alertId}/${state}`, { token: admin });
  expect(answer.status).toBe(200);
  return answer.body.data!.log;
};

let firingPoint: string;
let silentPoint: string;

beforeAll(async () => {
  admin = (await login('premiumAdministrator')).user.jwt;
  member = (await login('premiumMember')).user.jwt;
  basic = (await login('basicAdministrator')).user.jwt;
  firingPoint = await createPoint();
  silentPoint = await createPoint();
  const timezone = 'Europe/Paris';
  await writeHour(firingPoint, bucketOf(FIRST_JANUARY, timezone), [45, 50, 55]);
  await writeHour(firingPoint, bucketOf(SECOND_JANUARY, timezone), [60, 48]);
}, 90_000);

describe('alert schedules', () => {
  const YEARLY = 'cron(0 0 1 1 ? *)';
  const MORNINGS = 'cron(30 6 ? * 2-6 *)';
  const schedulerClient = () => new SchedulerClient({ endpoint: testEnvironment().endpoint, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });

  it("keeps one schedule per customer and cron, in the customer's zone, exact through creations, edits and deletions", async () => {
    // A customer of the test's own: the premium customer's alerts are made by files running at the same time.
    const own = await anotherPremiumCustomer();
    const point = await createPoint(own.token);
    const edit = async (alert: Alert, changes: Record<string, unknown>) => {
      const answer = await api<Alert>('PUT', '/api/v1/alerts', { token: own.token, body: { alert: { ...alertBody([point]), name: alert.name, _id: alert._id, ...changes } } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };
    const remove = async (alert: Alert) => expect((await api('DELETE', `/api/v1/alerts/${alert._id}`, { token: own.token })).status).toBe(200);

    const first = await createAlert(alertBody([point]), own.token);
    expect(first).toMatchObject({ active: true, schedule_expression: YEARLY });
    const zone = first.timezone;
    const yearly = await alertScheduleOf(own.customerId, YEARLY, zone);
    expect(yearly).toMatchObject({ Name: alertScheduleName(own.customerId, YEARLY, zone), ScheduleExpression: YEARLY, ScheduleExpressionTimezone: zone, State: 'ENABLED' });
    expect(yearly!.Name).toContain(own.customerId);
    expect(yearly!.Target!.Arn).toMatch(/^arn:aws:sqs:.*ScheduledWork/);
    expect(JSON.parse(yearly!.Target!.Input!)).toEqual({ kind: 'alerts', id: alertCronKey(YEARLY, zone), customerId: own.customerId, correlationId: '<aws.scheduler.execution-id>' });
    expect(await scheduleOf('alert', first._id)).toBeNull();

    const second = await createAlert(alertBody([point]), own.token);
    expect(await alertSchedulesOf(own.customerId)).toEqual([yearly!.Name]);
    const mornings = await createAlert(alertBody([point], { cron_time: '30 6 * * 1-5' }), own.token);
    const morningName = alertScheduleName(own.customerId, MORNINGS, zone);
    expect(await alertSchedulesOf(own.customerId)).toEqual([yearly!.Name, morningName].sort());
    // An ended alert needs no firing: its cron gets no schedule.
    await createAlert(alertBody([point], { cron_time: '0 0 3 1 *', start_date: '2020-01-01T00:00:00Z', end_date: '2021-01-01T00:00:00Z' }), own.token);
    expect(await alertSchedulesOf(own.customerId)).toEqual([yearly!.Name, morningName].sort());

    // Moved to the yearly cron, the mornings' last alert takes its schedule with it.
    await edit(mornings, { cron_time: FIRST_JANUARY });
    expect(await alertSchedulesOf(own.customerId)).toEqual([yearly!.Name]);
    // One alert of the cron made inactive, another deleted: the others keep it; the last active one deleted, it goes.
    await edit(first, { active: false });
    await remove(second);
    expect(await alertSchedulesOf(own.customerId)).toEqual([yearly!.Name]);
    await remove(mornings);
    expect(await alertSchedulesOf(own.customerId)).toEqual([]);

    // Active again: one firing of the cron puts each of its active alerts in the customer's lane, and is run there.
    await edit(first, { active: true });
    expect(await alertSchedulesOf(own.customerId)).toEqual([yearly!.Name]);
    const firing = await runScheduledJob<{ alerts: number; queued: number }>({ kind: 'alerts', id: alertCronKey(YEARLY, zone), customerId: own.customerId });
    expect(firing).toMatchObject({ alerts: 1, queued: 1 });
    const logged = await eventually(
      () => api<{ log: AlertLogItem[] }>('GET', `/api/v1/alerts/log/all/${first._id}/non_acquitted`, { token: own.token }),
      (answer) => (answer.body.data?.log.length ?? 0) > 0,
      30_000,
    );
    // The point has no data: the evaluation the firing started logged it as missing.
    expect(logged.body.data!.log).toMatchObject([{ alert: first._id, event: 'missing_data' }]);

    // A save whose removal failed leaves a schedule without alerts: its next firing removes it.
    await entities.delete(keys.owned(own.customerId, 'alert', first._id));
    expect(await runScheduledJob({ kind: 'alerts', id: alertCronKey(YEARLY, zone), customerId: own.customerId })).toMatchObject({ alerts: 0 });
    expect(await alertSchedulesOf(own.customerId)).toEqual([]);
  }, 120_000);

  it("evaluates a chunk of a firing's alerts one after the other, once per alert and tick, skipping one deleted or made inactive since the firing", async () => {
    const own = await anotherPremiumCustomer();
    const point = await createPoint(own.token);
    // Fires at every evaluation (a bucket without data counts 0 values, and 0 ≥ 0), e-mailed to an address of the test's own.
    const body = () => alertBody([point], { conditions: [[{ from_calculation: 'count', operation: 'gte', to_value: 0 }]], email: { to: [`chunk-${randomUUID().slice(0, 8)}@energie-plus.example`], cc: [], bcc: [] } });
    const [kept, madeInactive, deleted, last] = await Promise.all(Array.from({ length: 4 }, () => createAlert(body(), own.token)));
    // Between the firing and the chunk's turn: one made inactive, one deleted.
    const inactive = await api('PUT', '/api/v1/alerts', { token: own.token, body: { alert: { ...body(), name: madeInactive.name, email: madeInactive.email, _id: madeInactive._id, active: false } } });
    expect(inactive.status, JSON.stringify(inactive.body)).toBe(200);
    expect((await api('DELETE', `/api/v1/alerts/${deleted._id}`, { token: own.token })).status).toBe(200);

    // The job a firing puts in the customer's lane, run at once as a worker would on its turn.
    const chunk = { kind: 'alert-chunk' as const, id: `${alertCronKey(YEARLY, kept.timezone)}#0`, customerId: own.customerId, firedAt: Date.now(), alerts: [kept, madeInactive, deleted, last].map((alert) => alert._id) };
    type ChunkRun = { alerts: number; evaluated: AlertRunOutcome[]; failed: string[]; ms: number };
    const outcomes = (run: ChunkRun) => run.evaluated.map((outcome) => [outcome.alert, outcome.outcome, outcome.reason ?? null]);
    const first = await runScheduledJob<ChunkRun>(chunk);
    expect(first.failed).toEqual([]);
    expect(outcomes(first)).toEqual([
      [kept._id, 'fired', null],
      [madeInactive._id, 'skipped', 'inactive'],
      [deleted._id, 'skipped', 'gone'],
      [last._id, 'fired', null],
    ]);
    // What sizes a chunk (ALERT_CHUNK_SIZE): how long its evaluations take, printed for the docs, not asserted.
    console.log(`alert chunk: 2 evaluations fired and e-mailed, 2 skipped, in ${first.ms} ms`);
    const mailsOf = async (alert: Alert) => (await sentMails(alert.name)).filter((mail) => mail.To.includes(alert.email.to[0]));
    expect((await mailsOf(kept)).length).toBe(1);
    expect((await mailsOf(last)).length).toBe(1);

    // Run again (delivered twice, or two firings for one tick): each alert's log entry is there, nothing is sent again.
    const second = await runScheduledJob<ChunkRun>(chunk);
    expect(outcomes(second).map(([, outcome]) => outcome)).toEqual(['duplicate', 'skipped', 'skipped', 'duplicate']);
    expect((await mailsOf(kept)).length).toBe(1);
    expect((await mailsOf(last)).length).toBe(1);
    expect((await mailsOf(madeInactive)).length).toBe(0);
  }, 60_000);

  it("replaces an older version's per-alert schedule by its customer's schedule of the cron at the deploy's migration, once", async () => {
    const own = await anotherPremiumCustomer();
    const alert = await createAlert(alertBody([await createPoint(own.token)], { cron_time: '0 0 1 1 *' }), own.token);
    const made = (await alertScheduleOf(own.customerId, YEARLY, alert.timezone))!;
    // As an older version left it: one schedule named by the alert, and none per cron.
    const scheduler = schedulerClient();
    await scheduler.send(
      new CreateScheduleCommand({
        Name: `alert-${alert._id}`,
        ScheduleExpression: made.ScheduleExpression,
        ScheduleExpressionTimezone: made.ScheduleExpressionTimezone,
        State: 'ENABLED',
        FlexibleTimeWindow: { Mode: 'OFF' },
        Target: { ...made.Target!, Input: JSON.stringify({ kind: 'alert', id: alert._id, customerId: own.customerId, correlationId: '<aws.scheduler.execution-id>' }) },
      }),
    );
    await scheduler.send(new DeleteScheduleCommand({ Name: made.Name }));
    expect(await alertSchedulesOf(own.customerId)).toEqual([]);

    // The deploy's step, run in this process against the deployment (narrowed to this alert's schedule: other files' run meanwhile).
    const environment = testEnvironment();
    Object.assign(process.env, awsEnvironment(environment.endpoint), {
      ENTITIES_TABLE: environment.entitiesTable,
      SERIES_TABLE: environment.seriesTable,
      SCHEDULED_WORK_QUEUE_ARN: made.Target!.Arn,
      SCHEDULER_ROLE_ARN: made.Target!.RoleArn,
      ...(made.Target!.DeadLetterConfig?.Arn ? { SCHEDULES_DEAD_LETTER_ARN: made.Target!.DeadLetterConfig.Arn } : {}),
    });
    const { migrateAlertSchedules } = await import('../../functions/src/services/alert-schedule-service');
    expect(await migrateAlertSchedules(Date.now() + 60_000, Date.now, `alert-${alert._id}`)).toEqual({ done: true, replaced: 1 });
    expect(await scheduleOf('alert', alert._id)).toBeNull();
    const replaced = await alertScheduleOf(own.customerId, YEARLY, alert.timezone);
    expect({ ...replaced, CreationDate: undefined, LastModificationDate: undefined, $metadata: undefined }).toEqual({ ...made, CreationDate: undefined, LastModificationDate: undefined, $metadata: undefined });
    // Over migrated schedules a run finds nothing to do.
    expect(await migrateAlertSchedules(Date.now() + 60_000, Date.now, `alert-${alert._id}`)).toEqual({ done: true, replaced: 0 });
  });
});

describe('evaluating an alert', () => {
  it('sends one e-mail naming the OR group, the values and thresholds; run twice for the same tick it sends once', async () => {
    const alert = await createAlert(alertBody([firingPoint]));
    const first = await runAlert(alert._id);
    expect(first).toMatchObject({ outcome: 'fired', notified: 1 });
    const again = await runAlert(alert._id);
    expect(again).toMatchObject({ outcome: 'duplicate', notified: 0, tick: first.tick });

    const mails = await sentMails(alert.name);
    expect(mails).toHaveLength(1);
    expect(mails[0].To).toEqual(['exploitation@energie-plus.example']);
    // French by default: the owner saved it without a Language header.
    expect(mails[0].BodyText).toContain('groupe de conditions 2 sur 2');
    expect(mails[0].BodyText).toMatch(/avg = 50 > 40/);
    expect(mails[0].BodyText).toMatch(/max = 55 ≥ 50/);
    expect(mails[0].BodyText).toContain('01/01/2026 00:00');
    expect(mails[0].BodyText).toContain(`/alerts/log?alert=${alert._id}`);

    const log = await logOf(alert._id, 'non_acquitted');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ event: 'fired', group: 2, notified: true, acquitted: false, points: [{ point: firingPoint, group: 2 }] });
    expect(await summaryOf(alert._id)).toEqual({ total_count: 1, total_acquitted: 0 });
  });

  it('writes in English for an owner who uses English', async () => {
    const answer = await api<Alert>('POST', '/api/v1/alerts', { token: admin, body: { alert: alertBody([firingPoint]) }, headers: { Language: 'en' } });
    expect(answer.body.data!.language).toBe('en');
    await runAlert(answer.body.data!._id);
    const [mail] = await sentMails(answer.body.data!.name);
    expect(mail.Subject).toBe(`[WattWise] Alert "${answer.body.data!.name}" fired`);
    expect(mail.BodyText).toContain('Condition group 2 of 2 held');
  });

  it('sends one SMS, once, to each number of an SMS alert', async () => {
    const phone = `+3361${String(Date.now()).slice(-7)}`;
    const alert = await createAlert(alertBody([firingPoint], { notifications: 'sms', frequency: 'once', sms: [phone], email: undefined }));
    expect(alert.frequency).toBe('each');
    expect(await runAlert(alert._id)).toMatchObject({ outcome: 'fired', notified: 1 });
    expect(await runAlert(alert._id)).toMatchObject({ outcome: 'duplicate' });
    const sms = await sentSms(phone);
    expect(sms).toHaveLength(1);
    expect(sms[0].Message).toContain(alert.name);
    expect(sms[0].Message.length).toBeLessThanOrEqual(160);
  });

  it('does not fire on missing data: the log says data is missing and nobody is notified', async () => {
    const alert = await createAlert(alertBody([silentPoint], { conditions: [[{ from_calculation: 'avg', operation: 'lt', to_value: 1 }]] }));
    expect(await runAlert(alert._id)).toMatchObject({ outcome: 'missing_data', notified: 0 });
    const [entry] = await logOf(alert._id, 'non_acquitted');
    expect(entry).toMatchObject({ event: 'missing_data', group: null, missing_points: [silentPoint], notified: false });
    expect(entry.points[0].conditions[0]).toMatchObject({ value: null, held: null });
    expect(await sentMails(alert.name)).toHaveLength(0);
  });

  it('does not run outside its dates or its time filter', async () => {
    const ended = await createAlert(alertBody([firingPoint], { start_date: '2020-01-01T00:00:00Z', end_date: '2021-01-01T00:00:00Z' }));
    expect(await runAlert(ended._id)).toMatchObject({ outcome: 'skipped', reason: 'after_end' });
    const january = await createAlert(alertBody([firingPoint], { time_filter: { months: { january: { active: false } } } }));
    expect(await runAlert(january._id)).toMatchObject({ outcome: 'skipped', reason: 'time_filter' });
    expect(await sentMails(ended.name)).toHaveLength(0);
    expect(await sentMails(january.name)).toHaveLength(0);
  });
});

describe('the alert log and historical', () => {
  /** An alert with two entries: 1 and 2 January (its cron time moved between the two runs). */
  const alertWithTwoEntries = async () => {
    const alert = await createAlert(alertBody([firingPoint]));
    await runAlert(alert._id);
    await api('PUT', '/api/v1/alerts', { token: admin, body: { alert: { ...alertBody([firingPoint]), name: alert.name, _id: alert._id, cron_time: SECOND_JANUARY } } });
    expect(await runAlert(alert._id)).toMatchObject({ outcome: 'fired' });
    const log = await logOf(alert._id, 'non_acquitted');
    expect(log).toHaveLength(2);
    return { alert, log };
  };

  it('acquits one entry with who, when and the comment, counted once under concurrent acquits', async () => {
    const { alert, log } = await alertWithTwoEntries();
    const acquit = () => api<{ item: AlertLogItem }>('PUT', '/api/v1/alerts/acquit-log', { token: admin, body: { alert: { id: log[0]._id, by: 'ignored', comments: 'Chaudière relancée' } } });
    const answers = await Promise.all([acquit(), acquit(), acquit()]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await summaryOf(alert._id)).toEqual({ total_count: 2, total_acquitted: 1 });
    const [historical] = await logOf(alert._id, 'acquitted');
    expect(historical).toMatchObject({ _id: log[0]._id, acquitted: true, acquit_comment: 'Chaudière relancée' });
    expect(historical.acquitted_by).toMatch(/^usr-/);
    expect(Date.parse(historical.acquitted_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(await summaryOf(alert._id, 'historical-summary')).toEqual({ total_count: 2, total_acquitted: 1 });
    expect((await logOf(alert._id, 'non_acquitted')).map((entry) => entry._id)).toEqual([log[1]._id]);
  });

  it('acquits all entries of an alert (alert_acquitted), exact when two users do it at once', async () => {
    const { alert } = await alertWithTwoEntries();
    const acquitAll = () => api<{ alert_acquitted: number }>('PUT', '/api/v1/alerts/acquit-all-log', { token: admin, body: { alert: { id: alert._id, comments: null } } });
    const answers = await Promise.all([acquitAll(), acquitAll()]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.reduce((total, answer) => total + answer.body.data!.alert_acquitted, 0)).toBe(2);
    expect(await summaryOf(alert._id)).toEqual({ total_count: 2, total_acquitted: 2 });
    expect(await logOf(alert._id, 'non_acquitted')).toHaveLength(0);
    expect(await logOf(alert._id, 'acquitted')).toHaveLength(2);
  });

  it('adds a message to one entry or to all, reads entries by id, and erases the alert from the log', async () => {
    const { alert, log } = await alertWithTwoEntries();
    const one = await api('PUT', '/api/v1/alerts/add-message-log', { token: admin, body: { alert: { id: log[0]._id, comment: { text: 'Vu', by: 'x' } } } });
    expect(one).toMatchObject({ status: 200, body: { data: { updated: 1 } } });
    const all = await api('PUT', '/api/v1/alerts/add-message-all-log', { token: member, body: { alert: { id: alert._id, comment: { text: 'Intervention prévue' } } } });
    // The member does not see the administrator's alert, which is not shared.
    expect(all).toMatchObject({ status: 404, body: { msg: 'alert_not_found' } });
    const allByOwner = await api('PUT', '/api/v1/alerts/add-message-all-log', { token: admin, body: { alert: { id: alert._id, comment: { text: 'Intervention prévue' } } } });
    expect(allByOwner).toMatchObject({ status: 200, body: { data: { updated: 2 } } });
    const byId = await api<{ log: AlertLogItem[] }>('PUT', '/api/v1/alerts/log/byId', { token: admin, body: { logs: [log[0]._id] } });
    expect(byId.body.data!.log[0].comments.map((comment) => comment.text)).toEqual(['Vu', 'Intervention prévue']);

    const erased = await api<{ erased: number }>('GET', `/api/v1/alerts/erase-from-log/${alert._id}`, { token: admin });
    expect(erased).toMatchObject({ status: 200, body: { data: { erased: 2, summary: { total_count: 0, total_acquitted: 0 } } } });
    expect(await summaryOf(alert._id)).toBeNull();
    expect(await logOf(alert._id, 'non_acquitted')).toHaveLength(0);
  });
});

describe('who may use alerts', () => {
  it('refuses a customer without the premium licence', async () => {
    expect(await api('GET', '/api/v1/alerts', { token: basic })).toMatchObject({ status: 403, body: { msg: 'premium_required' } });
    expect(await api('GET', '/api/v1/alerts/log-summary', { token: basic })).toMatchObject({ status: 403, body: { msg: 'premium_required' } });
  });

  it('answers 404 for another customer\'s alert', async () => {
    const foreign = `alr-${randomUUID()}`;
    const key = { PK: `C#${testEnvironment().customers.basic}`, SK: `ALERT#${foreign}` };
    await entities.put({ ...key, kind: 'alert', _id: foreign, user: 'usr-x', sharing: { shared: true }, name: 'Autre client' });
    try {
      expect(await api('GET', `/api/v1/alerts/${foreign}`, { token: admin })).toMatchObject({ status: 404, body: { msg: 'alert_not_found' } });
      expect(await api('DELETE', `/api/v1/alerts/${foreign}`, { token: admin })).toMatchObject({ status: 404 });
      expect((await api('GET', `/api/v1/alerts/erase-from-log/${foreign}`, { token: admin })).status).toBe(404);
    } finally {
      await entities.delete(key);
    }
  });

  it('refuses bad input with a clear error and writes nothing', async () => {
    const before = (await api<Alert[]>('GET', '/api/v1/alerts', { token: admin })).body.data!.length;
    const cases = [
      alertBody([firingPoint], { cron_time: '0 8 1 * 1' }),
      alertBody([firingPoint], { conditions: [[{ operation: 'between' }]] }),
      alertBody([firingPoint], { notifications: 'sms', sms: [] }),
      alertBody([firingPoint], { time_filter: { days: { monday: { periods: [{ from: { hour: 24, minute: 0 }, to: { hour: 23, minute: 59 } }] } } } }),
    ];
    for (const body of cases) {
      expect(await api('POST', '/api/v1/alerts', { token: admin, body: { alert: body } })).toMatchObject({ status: 400, body: { res: false, msg: 'validation_failed' } });
    }
    const unknownPoint = await api('POST', '/api/v1/alerts', { token: admin, body: { alert: alertBody(['pt-does-not-exist']) } });
    expect(unknownPoint).toMatchObject({ status: 400, body: { msg: 'validation_failed' } });
    expect((await api<Alert[]>('GET', '/api/v1/alerts', { token: admin })).body.data!.length).toBe(before);
  });

  it('lets only the owner change the days and months of the cron time; another editor keeps them (403 alert_days_owner_only)', async () => {
    const superUser = (await login('super', { lastCustomer: premium() })).user.jwt;
    const point = await createPoint();
    const alert = await createAlert(alertBody([point], { cron_time: '0 8 * * 1', sharing: { shared: true } }));
    const edit = (token: string, changes: Record<string, unknown>) => api<Alert>('PUT', '/api/v1/alerts', { token, body: { alert: { ...alertBody([point]), name: alert.name, _id: alert._id, sharing: { shared: true }, ...changes } } });
    for (const cron_time of ['0 8 * * 2', '0 8 * 6 1', '0 8 */2 * *']) {
      const refused = await edit(superUser, { cron_time });
      expect(refused).toMatchObject({ status: 403, body: { res: false, msg: 'alert_days_owner_only' } });
    }
    expect((await api<Alert>('GET', `/api/v1/alerts/${alert._id}`, { token: admin })).body.data?.cron_time).toBe('0 8 * * 1');
    // The time of day is not the owner's alone, and a selection written otherwise is the same selection.
    expect((await edit(superUser, { cron_time: '30 17 * * 1', name: `${alert.name} (super)` })).status).toBe(200);
    expect((await edit(superUser, { cron_time: '30 17 * 1-12 1' })).status).toBe(200);
    expect((await edit(admin, { cron_time: '0 8 * * 1-5' })).body.data?.cron_time).toBe('0 8 * * 1-5');
    expect((await alertScheduleOf(premium(), 'cron(0 8 ? * 2-6 *)', alert.timezone))?.ScheduleExpression).toBe('cron(0 8 ? * 2-6 *)');
  });

  it('refuses a role without the alerts permissions (403)', async () => {
    // A customer of the test's own: the demo customers' permission maps are read by files running at the same time.
    const { customerId, token: ownAdmin } = await anotherPremiumCustomer();
    const ownMember = await tokenOf(await seedMember(customerId));
    const key = { PK: `C#${customerId}`, SK: 'ACL' };
    const { DEFAULT_PERMISSIONS } = await import('@shared/permissions/default-permissions');
    const base = ((await entities.get(key))?.permissions as typeof DEFAULT_PERMISSIONS | undefined) ?? DEFAULT_PERMISSIONS;
    expect(Object.keys(base.member).some((resource) => resource.startsWith('app.alerts'))).toBe(true);
    const withoutAlerts = Object.fromEntries(Object.entries(base.member).filter(([resource]) => !resource.startsWith('app.alerts')));
    await entities.put({ ...key, kind: 'acl', permissions: { ...base, member: withoutAlerts } });
    // A function instance trusts what it read of the customer for a while (15 s; 2 s in the test deployment).
    const refused = await eventually(() => api('GET', '/api/v1/alerts', { token: ownMember }), (answer) => answer.status === 403, 40_000);
    expect(refused).toMatchObject({ status: 403, body: { msg: 'forbidden' } });
    expect((await api('GET', '/api/v1/alerts', { token: ownAdmin })).status).toBe(200);
  }, 90_000);
});

afterAll(async () => {
  const answer = await api<Alert[]>('GET', '/api/v1/alerts', { token: admin });
  await Promise.all((answer.body.data ?? []).filter((alert) => alert.name.startsWith('Surconsommation-')).map((alert) => api('DELETE', `/api/v1/alerts/${alert._id}`, { token: admin })));
});
