import { GetFunctionConfigurationCommand, LambdaClient, ListEventSourceMappingsCommand, UpdateFunctionConfigurationCommand } from '@aws-sdk/client-lambda';
import { toSchedulerExpression } from '../../shared/src/alerts/cron';
import { alertInputSchema, type Alert } from '../../shared/src/schemas/alert';
import { deployToEmulator, generateDemoPasswords, seedDemoData } from '../../infra/local/deploy';
import { awsEnvironment, startEmulator, waitFor } from '../../infra/local/emulator';
import { sendToQueue } from '../support/queue';
import { argument, benchApi } from './bench-api';

/**
 * `npm run bench:neighbours [-- --alerts 500 --port 4651]`: what one customer's burst costs
 * another (issue 44), in a fresh emulator (run it under `flock /tmp/wattwise-emulator.lock`).
 *
 * - `b_alert_delay_s`: customer A (Énergie Plus) has 500 alerts due in the same tick as customer
 *   B's (Montclair) one; the tick's messages reach the scheduled-work queue as the schedules send
 *   them, A's first. The figure is the time from the tick to B's alert e-mail in SES.
 *
 * Each is measured twice: with fairness off (`FAIR_WORK=off` on the scheduled-jobs function: the
 * targets run in the order they came) and on (taken in turn per customer). The last line is
 * `neighbours-bench: b_alert_delay_s=…` (with fairness); the line before it, the same without.
 * PDF printing (b_pdf_delay_s) and imports (b_import_wait_s) are not measured yet.
 */
const ALERTS = Number(argument('alerts', '500'));
const PORT = Number(argument('port', '4651'));
const A = 'cust-energie-plus';
const B = 'cust-ville-montclair';

const seconds = (ms: number) => (ms / 1000).toFixed(1);

const main = async () => {
  const emulator = await startEmulator(PORT, 'bench-neighbours');
  try {
    Object.assign(process.env, awsEnvironment(emulator.endpoint));
    const deployment = await deployToEmulator(emulator.endpoint, 'bench-neighbours');
    const passwords = generateDemoPasswords();
    await seedDemoData(deployment, passwords);
    Object.assign(process.env, { ENTITIES_TABLE: deployment.entitiesTable, SERIES_TABLE: deployment.seriesTable });
    // Functions' modules read their settings when loaded: after the tables are known.
    const { putNewAlert } = await import('../../functions/src/data/alert-repository');
    const { scheduleTargetInput } = await import('../../functions/src/services/schedule-service');
    const lambda = new LambdaClient({ endpoint: emulator.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
    const functionName = deployment.scheduledJobsFunctionName;
    const mappings = await lambda.send(new ListEventSourceMappingsCommand({ FunctionName: functionName }));
    const queueArn = (mappings.EventSourceMappings ?? []).map((mapping) => mapping.EventSourceArn ?? '').find((arn) => arn.startsWith('arn:aws:sqs:'));
    if (!queueArn) throw new Error('The scheduled-jobs function reads no queue');

    const api = benchApi(deployment.restBaseUrl);
    const signIn = async (email: string, password: string) => {
      const answer = await api('POST', '/api/v1/users/authenticate', null, { user: { email, password } });
      if (!answer.res) throw new Error(`${email} not signed in: ${answer.msg}`);
      return answer.data.user as { jwt: string; _id: string };
    };
    const adminA = await signIn('admin@energie-plus.example', passwords.premiumAdministrator);
    const adminB = await signIn('admin@montclair.example', passwords.basicAdministrator);
    const pointOf = async (token: string, name: string) => {
      const created = await api('POST', '/api/v1/points', token, { name, technical_id: name, resource: 'electricity', series_type: 'measure', unit: 'kW', location: [] });
      if (!created.res) throw new Error(`Point not created: ${created.msg}`);
      return created.data._id as string;
    };
    const pointA = await pointOf(adminA.jwt, 'BENCH-NEIGHBOURS-A');
    const pointB = await pointOf(adminB.jwt, 'BENCH-NEIGHBOURS-B');

    /** Alerts due every minute that fire at every evaluation (0 values counted ≥ 0), e-mailing `address`; written without schedules (the bench plays the tick). */
    const makeAlerts = async (customer: string, owner: string, point: string, count: number, address: string, label: string): Promise<Alert[]> => {
      const alerts: Alert[] = [];
      const now = new Date().toISOString();
      for (let index = 0; index < count; index += 1) {
        const input = alertInputSchema.parse({
          name: `${label} ${index}`,
          points: [{ point }],
          sampling: 'hour',
          cron_time: '* * * * *',
          conditions: [[{ from_calculation: 'count', operation: 'gte', to_value: 0 }]],
          email: { to: [address], cc: [], bcc: [] },
        });
        const { _id: _ignored, user: _user, ...settings } = input as typeof input & { _id?: string };
        const alert: Alert = {
          ...settings,
          _id: `alr-${label.toLowerCase()}-${customer.slice(5, 9)}-${String(index).padStart(4, '0')}`,
          customer,
          user: owner,
          created_at: now,
          updated_at: now,
          schedule_expression: toSchedulerExpression(input.cron_time),
          timezone: 'Europe/Paris',
          language: 'fr',
        };
        await putNewAlert(alert);
        alerts.push(alert);
      }
      return alerts;
    };

    const mailsTo = async (address: string): Promise<number> => {
      const answer = await fetch(`${emulator.endpoint}/_ministack/ses/messages`);
      const { messages } = (await answer.json()) as { messages: Record<string, { To: string[] }[]> };
      return Object.values(messages)
        .flat()
        .filter((mail) => mail.To.includes(address)).length;
    };

    const setFairness = async (on: boolean) => {
      const current = await lambda.send(new GetFunctionConfigurationCommand({ FunctionName: functionName }));
      const variables = { ...(current.Environment?.Variables ?? {}) };
      if (on) delete variables.FAIR_WORK;
      else variables.FAIR_WORK = 'off';
      await lambda.send(new UpdateFunctionConfigurationCommand({ FunctionName: functionName, Environment: { Variables: variables } }));
    };

    /** One tick: A's alerts and B's one due together, A's messages first; B's delay, and how long A's took. */
    const tick = async (label: string) => {
      const addressA = `a-${label}@energie-plus.example`;
      const addressB = `b-${label}@montclair.example`;
      const alertsA = await makeAlerts(A, adminA._id, pointA, ALERTS, addressA, label);
      const [alertB] = await makeAlerts(B, adminB._id, pointB, 1, addressB, label);
      const bodies = [...alertsA, alertB].map((alert) => scheduleTargetInput({ kind: 'alert', id: alert._id, customerId: alert.customer }));
      const started = Date.now();
      await sendToQueue(emulator.endpoint, queueArn, bodies);
      let bAt = 0;
      let aDone = 0;
      await waitFor(
        async () => {
          if (!bAt && (await mailsTo(addressB)) > 0) bAt = Date.now();
          if (!aDone && (await mailsTo(addressA)) >= ALERTS) aDone = Date.now();
          return Boolean(bAt && aDone);
        },
        `the ${label} tick's e-mails`,
        15 * 60_000,
      );
      console.log(`  ${label}: B's alert e-mail ${seconds(bAt - started)} s after the tick; A's ${ALERTS} e-mails all sent after ${seconds(aDone - started)} s`);
      return { bDelay: (bAt - started) / 1000, aAll: (aDone - started) / 1000 };
    };

    console.log(`Alert tick: customer A has ${ALERTS} alerts due with customer B's one.`);
    await setFairness(false);
    const before = await tick('Before');
    await setFairness(true);
    const after = await tick('After');
    console.log(`neighbours-bench (fairness off): b_alert_delay_s=${before.bDelay.toFixed(1)} a_alerts_s=${before.aAll.toFixed(1)}`);
    console.log(`neighbours-bench: b_alert_delay_s=${after.bDelay.toFixed(1)} a_alerts_s=${after.aAll.toFixed(1)}`);
  } finally {
    await emulator.stop();
  }
};

await main();
