import { GetFunctionConfigurationCommand, LambdaClient, ListEventSourceMappingsCommand, UpdateFunctionConfigurationCommand } from '@aws-sdk/client-lambda';
import { toSchedulerExpression } from '../../shared/src/alerts/cron';
import { alertInputSchema, type Alert } from '../../shared/src/schemas/alert';
import { buildWeb } from '../../infra/local/build-web';
import { deployToEmulator, generateDemoPasswords, seedDemoData } from '../../infra/local/deploy';
import { awsEnvironment, startEmulator, waitFor } from '../../infra/local/emulator';
import { startWebServer } from '../../infra/local/web-server';
import { sendToQueue } from '../support/queue';
import { argument, benchApi } from './bench-api';
import { measureThrottling, setOwnRateLimit, throttlingLine } from './throttling';

/**
 * `npm run bench:neighbours [-- --alerts 500 --pdfs 20 --port 4651]`: what one customer's burst
 * costs another (issue 44), in a fresh emulator (run it under `flock /tmp/wattwise-emulator.lock`).
 *
 * - `b_alert_delay_s`: customer A (Énergie Plus) has 500 alerts due in the same tick as customer
 *   B's (Montclair) one; the tick's messages reach the scheduled-work queue as the schedules send
 *   them, A's first. The figure is the time from the tick to B's alert e-mail in SES.
 * - `b_pdf_delay_s`: A has 20 report subscriptions due at 8:00 with B's one (A's messages first);
 *   the time from 8:00 to B's e-mail with its PDF. `pdf_one_s` is the same for B's one alone on a
 *   quiet stack: the target is two of those.
 * - `b_import_wait_s`: while A's 1,000,000-row file imports, B's 24-row file is received (imported
 *   at once, as a retriever's); the time from its receipt until it is treated (its wait, plus the
 *   import of 24 rows: an upper bound of the wait).
 *
 * - `b_dashboard_ratio`: B's dashboard (its tabs, widgets and a month of its points' series, the
 *   API calls its page makes) p50 while A's file imports, over the same on the quiet stack before
 *   the import. Reported only: on two cores one emulator process serves both customers.
 * - `throttled_a` / `throttled_b`: A calls at ten times B's rate (bench:throttling's measure, both
 *   given the same limit of their own); A's calls refused with 429, and B's (must be 0).
 *
 * Alerts and PDFs are measured twice: with fairness off (`FAIR_WORK=off` on the scheduled-jobs
 * function: the targets run in the order they came) and on (taken in turn per customer). The last
 * line is `neighbours-bench: b_alert_delay_s=… b_pdf_delay_s=… b_import_wait_s=… throttled_a=…
 * throttled_b=… b_dashboard_ratio=…` (with fairness); the line before it, the alerts and PDFs
 * without. B is made premium for the bench (subscriptions are premium).
 */
const ALERTS = Number(argument('alerts', '500'));
const PDFS = Number(argument('pdfs', '20'));
const IMPORT_ROWS = Number(argument('rows', '1000000'));
/** `--skip-before`: measures with fairness on only (a second run: the figures without it are the first run's). */
const SKIP_BEFORE = process.argv.includes('--skip-before');
const PORT = Number(argument('port', '4651'));
/** The web app's port: the PDFs are printed from its print page. */
const WEB_PORT = Number(argument('web-port', '8199'));
/** B's dashboard loads timed on the quiet stack and again under A's import. */
const DASHBOARD_LOADS = 9;
/** The API limit both customers are given for the throttling measure (bench:throttling's defaults): B at 0.5 call/s stays under it, A at 5/s passes it. */
const RATE_LIMIT = { count: 30, window_seconds: 30 };
const THROTTLING = { rateB: 0.5, seconds: 20 };
/** How long a running function trusts what it read of a customer (access-service), and a second more. */
const CUSTOMER_FACTS_WAIT_MS = 16_000;
const A = 'cust-energie-plus';
const B = 'cust-ville-montclair';

const seconds = (ms: number) => (ms / 1000).toFixed(1);

const main = async () => {
  const emulator = await startEmulator(PORT, 'bench-neighbours');
  let web: Awaited<ReturnType<typeof startWebServer>> | undefined;
  try {
    Object.assign(process.env, awsEnvironment(emulator.endpoint));
    const [deployment] = await Promise.all([deployToEmulator(emulator.endpoint, 'bench-neighbours', { appUrl: `http://127.0.0.1:${WEB_PORT}` }), buildWeb()]);
    web = await startWebServer(deployment, WEB_PORT);
    const passwords = generateDemoPasswords();
    await seedDemoData(deployment, passwords);
    Object.assign(process.env, {
      ENTITIES_TABLE: deployment.entitiesTable,
      SERIES_TABLE: deployment.seriesTable,
      UPLOADS_BUCKET: deployment.uploadsBucket,
      FILE_IMPORTS_FUNCTION: deployment.fileImportsFunctionName,
    });
    // Functions' modules read their settings when loaded: after the tables are known.
    const { putNewAlert } = await import('../../functions/src/data/alert-repository');
    const { dynamo } = await import('../../functions/src/clients/dynamodb');
    const { keys } = await import('../../functions/src/data/keys');
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const { updateCustomerFields } = await import('../../functions/src/data/customer-repository');
    const { receiveFile } = await import('../../functions/src/services/file-intake');
    const { getMeterFile } = await import('../../functions/src/data/meter-file-repository');
    // Subscriptions are premium: B gets the licence's premium for the bench.
    await updateCustomerFields(B, { is_premium: true });
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
      let aBeforeB = 0;
      let laneAt = 0;
      await waitFor(
        async () => {
          // When B's job reached its lane (fairness on): the intake's share of B's delay.
          if (!laneAt && (await dynamo.send(new GetCommand({ TableName: deployment.entitiesTable, Key: keys.fairLane('alert', B), ConsistentRead: true }))).Item) laneAt = Date.now();
          if (!bAt && (await mailsTo(addressB)) > 0) {
            bAt = Date.now();
            aBeforeB = await mailsTo(addressA);
          }
          if (!aDone && (await mailsTo(addressA)) >= ALERTS) aDone = Date.now();
          return Boolean(bAt && aDone);
        },
        `the ${label} tick's e-mails`,
        10 * 60_000,
      );
      console.log(
        `  ${label}: B's alert e-mail ${seconds(bAt - started)} s after the tick (${aBeforeB} of A's sent by then${laneAt ? `; B's job in its lane after ${seconds(laneAt - started)} s` : ''}); A's ${ALERTS} e-mails all sent after ${seconds(aDone - started)} s`,
      );
      return { bDelay: (bAt - started) / 1000, aAll: (aDone - started) / 1000 };
    };

    /** A report for each customer, and subscriptions to it (monthly, 8:00 on the 1st: due at 1 November 8:00, not firing during the bench). */
    const reportOf = async (token: string, name: string) => {
      const created = await api('POST', '/api/v1/reports', token, { data: { name, sharing: { shared: false } } });
      if (!created.res) throw new Error(`Report not created: ${created.msg}`);
      return created.data._id as string;
    };
    const reportA = await reportOf(adminA.jwt, 'Bench neighbours A');
    const reportB = await reportOf(adminB.jwt, 'Bench neighbours B');
    const subscribe = async (token: string, report: string, address: string, name: string) => {
      const created = await api('POST', '/api/v1/subscriptions', token, { name, report, cron_time: '0 8 1 * *', email: { to: [address] } });
      if (!created.res) throw new Error(`Subscription not created: ${created.msg}`);
      return created.data as { _id: string; customer: string };
    };
    const subscriptionBody = (subscription: { _id: string; customer: string }) => scheduleTargetInput({ kind: 'subscription', id: subscription._id, customerId: subscription.customer });

    /** B's one subscription alone: the time of one PDF, from its message to its e-mail. */
    const onePdf = async () => {
      const address = `b-pdf-alone@montclair.example`;
      const subscription = await subscribe(adminB.jwt, reportB, address, 'Bench alone');
      const started = Date.now();
      await sendToQueue(emulator.endpoint, queueArn, [subscriptionBody(subscription)]);
      await waitFor(async () => (await mailsTo(address)) > 0, "B's PDF alone", 3 * 60_000);
      const took = (Date.now() - started) / 1000;
      console.log(`  one PDF alone: e-mailed ${took.toFixed(1)} s after its message`);
      return took;
    };

    /** 8:00: A's subscriptions and B's one due together, A's messages first. */
    const pdfBurst = async (label: string) => {
      const addressA = `a-pdf-${label}@energie-plus.example`.toLowerCase();
      const addressB = `b-pdf-${label}@montclair.example`.toLowerCase();
      const subscriptionsA = [];
      for (let index = 0; index < PDFS; index += 1) subscriptionsA.push(await subscribe(adminA.jwt, reportA, addressA, `${label} ${index}`));
      const subscriptionB = await subscribe(adminB.jwt, reportB, addressB, label);
      const started = Date.now();
      await sendToQueue(emulator.endpoint, queueArn, [...subscriptionsA, subscriptionB].map(subscriptionBody));
      let bAt = 0;
      let aDone = 0;
      let aBeforeB = 0;
      await waitFor(
        async () => {
          if (!bAt && (await mailsTo(addressB)) > 0) {
            bAt = Date.now();
            aBeforeB = await mailsTo(addressA);
          }
          if (!aDone && (await mailsTo(addressA)) >= PDFS) aDone = Date.now();
          return Boolean(bAt && aDone);
        },
        `the ${label} PDFs`,
        8 * 60_000,
      );
      console.log(`  ${label}: B's PDF e-mailed ${seconds(bAt - started)} s after 8:00 (${aBeforeB} of A's sent by then); A's ${PDFS} all sent after ${seconds(aDone - started)} s`);
      return { bDelay: (bAt - started) / 1000, aAll: (aDone - started) / 1000 };
    };

    /** B's dashboard as its page asks the API: its tabs, its widgets, a month of its first points' series; the p50 of `DASHBOARD_LOADS` loads one after the other. */
    const pointsB = ((await api('GET', '/api/v1/points', adminB.jwt)).data as { _id: string }[]).slice(0, 5).map((point) => ({ point: point._id }));
    const dashboardP50 = async (label: string) => {
      const durations: number[] = [];
      for (let load = 0; load < DASHBOARD_LOADS; load += 1) {
        const started = Date.now();
        const answers = await Promise.all([
          api('GET', '/api/v1/tabs', adminB.jwt),
          api('GET', '/api/v1/widgets', adminB.jwt),
          api('POST', '/api/v1/series/query', adminB.jwt, { points: pointsB.length ? pointsB : [{ point: pointB }], sampling: 'day', period: 'month' }),
        ]);
        const failed = answers.find((answer) => !answer.res);
        if (failed) throw new Error(`B's dashboard (${label}) not loaded: ${failed.msg}`);
        durations.push(Date.now() - started);
      }
      const p50 = [...durations].sort((a, b) => a - b)[Math.floor(durations.length / 2)];
      console.log(`  B's dashboard ${label}: p50 ${p50} ms (${durations.join(', ')} ms)`);
      return p50;
    };

    /** A's large file importing, then B's small one received: how long until B's is treated, then B's dashboard while A's still imports. */
    const importWait = async () => {
      const rowsOf = (technicalId: string, count: number) => {
        const from = Date.parse('1990-01-01T00:00:00Z');
        const lines = ['technical_id;date;value'];
        for (let row = 0; row < count; row += 1) lines.push(`${technicalId};${new Date(from + row * 15 * 60_000).toISOString().replace('.000Z', 'Z')};${(row % 97) + 0.5}`);
        return Buffer.from(`${lines.join('\n')}\n`);
      };
      const large = await receiveFile({ customerId: A, name: 'bench-neighbours-large.csv', origin: { kind: 'upload', id: null, label: 'bench' }, body: rowsOf('BENCH-NEIGHBOURS-A', IMPORT_ROWS), importNow: true });
      // B's file comes once A's import is under way (its progress moved).
      await waitFor(async () => ((await getMeterFile(A, large._id))?.progress?.rows ?? 0) > 0, "A's import under way", 5 * 60_000);
      const started = Date.now();
      const small = await receiveFile({ customerId: B, name: 'bench-neighbours-small.csv', origin: { kind: 'upload', id: null, label: 'bench' }, body: rowsOf('BENCH-NEIGHBOURS-B', 24), importNow: true });
      await waitFor(async () => ['treated', 'treatment_error'].includes((await getMeterFile(B, small._id))?.state ?? ''), "B's small file treated", 10 * 60_000);
      const wait = (Date.now() - started) / 1000;
      const aState = await getMeterFile(A, large._id);
      console.log(`  B's 24-row file ${(await getMeterFile(B, small._id))?.state} ${wait.toFixed(1)} s after its receipt; A's ${IMPORT_ROWS}-row file then ${aState?.state} (progress ${JSON.stringify(aState?.progress)})`);
      const dashboard = await dashboardP50("under A's import");
      const aAfter = await getMeterFile(A, large._id);
      if (aAfter?.state !== aState?.state) console.log(`  (A's file was ${aAfter?.state} by the end of those loads: part of them ran on a quieter stack)`);
      return { wait, dashboard };
    };

    /** A calls at ten times B's rate, both under the same limit of their own (bench:throttling's measure); the limits are taken back after. */
    const throttling = async () => {
      await setOwnRateLimit(deployment, A, RATE_LIMIT);
      await setOwnRateLimit(deployment, B, RATE_LIMIT);
      try {
        // Warm functions may have read the customers before their limit was set.
        await new Promise((resolve) => setTimeout(resolve, CUSTOMER_FACTS_WAIT_MS));
        const result = await measureThrottling({ restBaseUrl: deployment.restBaseUrl, tokenA: adminA.jwt, tokenB: adminB.jwt, rateB: THROTTLING.rateB, seconds: THROTTLING.seconds });
        console.log(
          `  A called ${THROTTLING.rateB * 10}/s, B ${THROTTLING.rateB}/s for ${THROTTLING.seconds} s, each limited to ${RATE_LIMIT.count} per ${RATE_LIMIT.window_seconds} s: A's answers ${result.statusesA}; B's ${result.statusesB}`,
        );
        return result;
      } finally {
        await setOwnRateLimit(deployment, A, null);
        await setOwnRateLimit(deployment, B, null);
      }
    };

    console.log(`Alert tick: customer A has ${ALERTS} alerts due with customer B's one; 8:00: A has ${PDFS} subscriptions due with B's one.`);
    let before = { bDelay: NaN, aAll: NaN };
    let pdfBefore = { bDelay: NaN, aAll: NaN };
    if (!SKIP_BEFORE) {
      await setFairness(false);
      before = await tick('Before');
      pdfBefore = await pdfBurst('Before');
      await setFairness(true);
    }
    const after = await tick('After');
    const pdfOne = await onePdf();
    const pdfAfter = await pdfBurst('After');
    const dashboardQuiet = await dashboardP50('on the quiet stack');
    console.log(`Import: customer A's ${IMPORT_ROWS}-row file importing, B's 24-row file received.`);
    const importB = await importWait();
    console.log("API: A calls at ten times B's rate.");
    const throttled = await throttling();
    console.log(
      `neighbours-bench (fairness off): b_alert_delay_s=${before.bDelay.toFixed(1)} a_alerts_s=${before.aAll.toFixed(1)} b_pdf_delay_s=${pdfBefore.bDelay.toFixed(1)} a_pdfs_s=${pdfBefore.aAll.toFixed(1)}`,
    );
    console.log(
      `neighbours-bench: b_alert_delay_s=${after.bDelay.toFixed(1)} a_alerts_s=${after.aAll.toFixed(1)} b_pdf_delay_s=${pdfAfter.bDelay.toFixed(1)} pdf_one_s=${pdfOne.toFixed(1)} a_pdfs_s=${pdfAfter.aAll.toFixed(1)} b_import_wait_s=${importB.wait.toFixed(1)} ${throttlingLine(throttled)} b_dashboard_ratio=${(importB.dashboard / dashboardQuiet).toFixed(2)}`,
    );
  } finally {
    web?.close();
    await emulator.stop();
  }
};

await main();
