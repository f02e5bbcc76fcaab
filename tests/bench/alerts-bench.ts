import { DateTime } from 'luxon';
import { toSchedulerExpression } from '../../shared/src/alerts/cron';
import { alertInputSchema, type Alert } from '../../shared/src/schemas/alert';
import type { Sampling } from '../../shared/src/series/sampling';
import { deployToEmulator, generateDemoPasswords, seedDemoData } from '../../infra/local/deploy';
import { awsEnvironment, startEmulator } from '../../infra/local/emulator';
import { argument, benchApi } from './bench-api';

/**
 * `npm run bench:alerts [-- --alerts 500 --points 100 --step-hours 3]`: the alert evaluation job
 * as the scheduler calls it (`{ kind: 'alert', id, customerId }`, run in this process against the
 * deployed tables), over 500 alerts on 100 points, with 1 month and then 1 year of history.
 * Prints p50/p95 of one evaluation and the DynamoDB calls per evaluation (series reads apart).
 * The cost should not grow with history: each evaluation reads the rollups of its bucket, in
 * one batched series read per time zone. The last line is machine-readable.
 */
const ALERTS = Number(argument('alerts', '500'));
const POINTS = Number(argument('points', '100'));
const STEP = Number(argument('step-hours', '3')) * 3_600_000;
/** Values at hh:30, so that the hour buckets evaluated (23:00–24:00 local, before and after DST) hold data. */
const OFFSET = 30 * 60_000;
const PORT = Number(argument('port', '4596'));
const ZONE = 'Europe/Paris';
const CUSTOMER = 'cust-energie-plus';
/** History ends at 1 November 2026 00:00 local; the alerts run 30 minutes later (hourly cron: due at 00:00). */
const END = DateTime.fromISO('2026-11-01T00:00:00', { zone: ZONE });
const NOW = END.plus({ minutes: 30 }).toMillis();
const SAMPLINGS: Sampling[] = ['hour', 'day', 'month'];

const percentile = (values: number[], share: number): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))];

const valueAt = (point: number, at: number): number => 50 + 30 * Math.sin(at / 86_400_000 + point) + (point % 7);

const main = async () => {
  const emulator = await startEmulator(PORT, 'bench-alerts');
  try {
    Object.assign(process.env, awsEnvironment(emulator.endpoint));
    const deployment = await deployToEmulator(emulator.endpoint, 'bench-alerts');
    const passwords = generateDemoPasswords();
    await seedDemoData(deployment, passwords);
    Object.assign(process.env, { ENTITIES_TABLE: deployment.entitiesTable, SERIES_TABLE: deployment.seriesTable });
    const { dynamo } = await import('../../functions/src/clients/dynamodb');
    const { pointsOfCustomerById } = await import('../../functions/src/services/series-service');
    const { storeValuesInBulk } = await import('../../functions/src/services/series-write-service');
    const { putNewAlert } = await import('../../functions/src/data/alert-repository');
    const { evaluateAlert } = await import('../../functions/src/services/alert-evaluation-service');

    // Every DynamoDB call of an evaluation, by table kind: series reads are what grows with history if anything does.
    const calls = { series: 0, entities: 0, writes: 0 };
    dynamo.middlewareStack.add(
      (next, context) => async (args) => {
        const name = context.commandName ?? '';
        const input = args.input as { TableName?: string; RequestItems?: Record<string, unknown> };
        const tables = input.TableName ? [input.TableName] : Object.keys(input.RequestItems ?? {});
        if (/^(Put|Update|Delete|BatchWrite|TransactWrite)/.test(name)) calls.writes += 1;
        else if (tables.includes(deployment.seriesTable)) calls.series += 1;
        else calls.entities += 1;
        return next(args);
      },
      { step: 'initialize', name: 'benchCallCounter' },
    );

    const api = benchApi(deployment.restBaseUrl);
    const login = await api('POST', '/api/v1/users/authenticate', null, { user: { email: 'admin@energie-plus.example', password: passwords.premiumAdministrator } });
    const token = login.data.user.jwt as string;
    const owner = login.data.user._id as string;
    const pointIds: string[] = [];
    for (let point = 0; point < POINTS; point += 1) {
      const created = await api('POST', '/api/v1/points', token, {
        name: `Bench alert ${point}`,
        technical_id: `BENCH-ALERT-${point}`,
        resource: 'electricity',
        series_type: point % 2 ? 'measure' : 'index',
        unit: 'kW',
        location: ['loc-lyon-a'],
      });
      if (!created.res) throw new Error(`Point not created: ${created.msg}`);
      pointIds.push(created.data._id);
    }
    const points = await pointsOfCustomerById(CUSTOMER);

    const load = async (from: DateTime, to: DateTime) => {
      const started = performance.now();
      let rows = 0;
      for (let month = from; month < to; month = month.plus({ months: 1 })) {
        const end = Math.min(month.plus({ months: 1 }).toMillis(), to.toMillis());
        const values = pointIds.flatMap((pointId, point) => {
          const rowsOfPoint = [];
          for (let at = month.toMillis() + OFFSET; at < end; at += STEP) rowsOfPoint.push({ pointId, customerId: CUSTOMER, at, value: Math.round(valueAt(point, at) * 10) / 10, status: '1' as const, zone: ZONE });
          return rowsOfPoint;
        });
        await storeValuesInBulk(CUSTOMER, values, points, { announce: false });
        rows += values.length;
      }
      console.log(`  loaded ${rows} values from ${from.toISODate()} to ${to.toISODate()} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    };

    // 500 alerts, quiet (thresholds no value reaches): what is measured is the evaluation, not the sending.
    const alertIds: string[] = [];
    const now = new Date().toISOString();
    for (let index = 0; index < ALERTS; index += 1) {
      const sampling = SAMPLINGS[index % SAMPLINGS.length];
      const chosen = [0, 1, 2].slice(0, 1 + (index % 3)).map((offset) => pointIds[(index * 7 + offset * 13) % POINTS]);
      const input = alertInputSchema.parse({
        name: `Bench ${index}`,
        points: chosen.map((point) => ({ point })),
        sampling,
        cron_time: '0 * * * *',
        conditions: [
          [{ from_calculation: 'avg', operation: 'gt', to_value: 1e9 }, { from_calculation: 'max', operation: 'gte', to_value: 1e9 }],
          [{ from_calculation: index % 2 ? 'diff' : 'evo', operation: 'lt', to_value: -1e9 }],
        ],
      });
      const { _id: _ignored, user: _user, ...settings } = input as typeof input & { _id?: string };
      const alert: Alert = {
        ...settings,
        _id: `alr-bench-${String(index).padStart(4, '0')}`,
        customer: CUSTOMER,
        user: owner,
        created_at: now,
        updated_at: now,
        schedule_expression: toSchedulerExpression(input.cron_time),
        timezone: ZONE,
        language: 'fr',
      };
      await putNewAlert(alert);
      alertIds.push(alert._id);
    }

    const evaluateAll = async (label: string) => {
      // Untimed pass first: warm connections, and what an evaluation records once (data going missing) is recorded.
      for (const id of alertIds) await evaluateAlert(CUSTOMER, id, NOW);
      const times: number[] = [];
      const before = { ...calls };
      const outcomes = new Map<string, number>();
      for (const id of alertIds) {
        const started = performance.now();
        // The job's runner for `{ kind: 'alert', id, customerId }`, at the due time the scheduler would start it.
        const outcome = await evaluateAlert(CUSTOMER, id, NOW);
        times.push(performance.now() - started);
        outcomes.set(outcome.outcome, (outcomes.get(outcome.outcome) ?? 0) + 1);
      }
      const per = (key: keyof typeof calls) => (calls[key] - before[key]) / alertIds.length;
      const result = { p50: percentile(times, 0.5), p95: percentile(times, 0.95), series: per('series'), entities: per('entities'), writes: per('writes') };
      console.log(
        `${label}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms per evaluation; per alert ${result.series.toFixed(2)} series reads, ` +
          `${result.entities.toFixed(2)} entity reads, ${result.writes.toFixed(2)} writes; outcomes ${JSON.stringify(Object.fromEntries(outcomes))}`,
      );
      return result;
    };

    console.log(`${ALERTS} alerts over ${POINTS} points, one value every ${STEP / 3_600_000} h:`);
    await load(END.minus({ months: 1 }), END);
    const month = await evaluateAll('1 month of history');
    await load(END.minus({ years: 1 }), END.minus({ months: 1 }));
    const year = await evaluateAll('1 year of history');
    console.log(
      `alerts-bench: p50_ms=${year.p50.toFixed(1)} p95_ms=${year.p95.toFixed(1)} growth=${(year.p50 / month.p50).toFixed(2)} ` +
        `reads_per_alert=${(year.series + year.entities).toFixed(2)} series_reads_per_alert=${year.series.toFixed(2)}`,
    );
  } finally {
    await emulator.stop();
  }
};

await main();
