import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  customersForFixedUnder,
  factorOf,
  fixedLines,
  lastLine,
  linesOfSample,
  NO_DRIVER_COUNTS,
  shortFunctionName,
  summarize,
  type PriceTable,
  type WorkSample,
  withAuthorizerCache,
} from '../../bench/cost/cost-model';
import { countFixedResources, runsPerMonth } from '../../bench/cost/fixed-resources';

const prices = JSON.parse(readFileSync(new URL('../../bench/cost/prices-eu-west-3.json', import.meta.url), 'utf8')) as PriceTable;

const usageLine = (fields: Partial<WorkSample['usage'][number]> = {}) => ({
  fn: 'WattWiseApi-DashboardsEndpointsFunction1A2B3C4D-5EADB802B6B51',
  memoryMb: 512,
  durationMs: 100,
  rcu: 0,
  wcu: 0,
  calls: {},
  logBytes: 0,
  ...fields,
});

const dashboard: WorkSample = {
  kind: 'dashboard',
  unit: 'open',
  measured: 2,
  perMonth: 2000,
  basis: 'test',
  usage: [usageLine({ rcu: 10, durationMs: 99.2 }), usageLine({ rcu: 30, wcu: 4, durationMs: 200, calls: { 's3:GetObject': 2, 'kms:Decrypt': 1 }, logBytes: 700 })],
  driver: { ...NO_DRIVER_COUNTS, restRequests: 8, restBytes: 4096 },
};

describe('the price table', () => {
  it('says when its prices were read and where each comes from', () => {
    expect(prices.region).toBe('eu-west-3');
    expect(prices.read).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const [key, price] of Object.entries(prices.prices)) expect(price.source.length, key).toBeGreaterThan(20);
  });
});

describe('the cost model', () => {
  it('scales a sample by the units of a month over the units measured', () => {
    expect(factorOf(dashboard)).toBe(1000);
  });

  it('prices each count × the factor: request units, GB-s of the configured memory, calls, requests', () => {
    const lines = linesOfSample(dashboard, prices, new Map([[dashboard.usage[0].fn, { memoryMb: 1024, architecture: 'arm64' as const }]]));
    const line = (cause: string) => lines.find((entry) => `${entry.service} ${entry.cause}` === cause)!;
    expect(line('DynamoDB reads of dashboard').quantity).toBe(40_000);
    expect(line('DynamoDB reads of dashboard').usd).toBeCloseTo(40_000 * 0.125e-6, 12);
    expect(line('DynamoDB writes of dashboard').quantity).toBe(4000);
    // 1 GB × (0.100 + 0.200 s) × 1000: the configured memory, not the one the line says; durations rounded up to the ms.
    expect(line('Lambda GB-s of dashboard (DashboardsEndpoints)').quantity).toBeCloseTo(300, 9);
    expect(line('Lambda requests of dashboard').quantity).toBe(2000);
    expect(line('S3 GET requests of dashboard').quantity).toBe(2000);
    expect(line('KMS requests of dashboard').quantity).toBe(1000);
    expect(line('API Gateway REST requests of dashboard').usd).toBeCloseTo(8000 * 3.5e-6, 12);
    // The function's 700 bytes and Lambda's own lines for 2 invocations.
    expect(line('CloudWatch Logs of dashboard (DashboardsEndpoints)').quantity).toBeCloseTo(((700 + 2 * 300) * 1000) / 1024 ** 3, 12);
    expect(lines.every((entry) => !entry.fixed)).toBe(true);
  });

  it('counts work run within another invocation (a firing\'s further fetches) without a request or Lambda\'s own log lines of its own', () => {
    const fetches: WorkSample = {
      kind: 'source polls',
      unit: 'further fetch of a firing',
      measured: 1,
      perMonth: 1000,
      basis: 'test',
      usage: [usageLine({ rcu: 4.5, wcu: 1, durationMs: 50, logBytes: 344, within: true })],
      driver: NO_DRIVER_COUNTS,
    };
    const lines = linesOfSample(fetches, prices, new Map([[fetches.usage[0].fn, { memoryMb: 1024, architecture: 'arm64' as const }]]));
    const line = (cause: string) => lines.find((entry) => `${entry.service} ${entry.cause}` === cause);
    expect(line('Lambda requests of source polls')).toBeUndefined();
    expect(line('DynamoDB reads of source polls')!.quantity).toBe(4500);
    expect(line('DynamoDB writes of source polls')!.quantity).toBe(1000);
    expect(line('Lambda GB-s of source polls (DashboardsEndpoints)')!.quantity).toBeCloseTo(50, 9);
    // Its own 344 bytes a fetch, none of Lambda's START, END and REPORT lines.
    expect(line('CloudWatch Logs of source polls (DashboardsEndpoints)')!.quantity).toBeCloseTo((344 * 1000) / 1024 ** 3, 12);
  });

  it('keeps the fixed cost apart and says from how many customers it falls under 10 %', () => {
    const fixed = fixedLines({ kmsKeys: 2, secrets: 3, webAcls: 1, wafRules: 1, alarms: 10, dashboards: 1, customMetrics: 3 }, prices);
    expect(fixed.reduce((total, line) => total + line.usd, 0)).toBeCloseTo(2 + 1.2 + 5 + 1 + 1 + 3 + 0.9, 9);
    const summary = summarize([...linesOfSample(dashboard, prices, new Map()), ...fixed], 500);
    expect(summary.fixedUsd).toBeCloseTo(14.1, 9);
    expect(summary.perPointUsd).toBeCloseTo(summary.perCustomerUsd / 500, 12);
    expect(customersForFixedUnder(10, 1)).toBe(91);
    expect(10 / (10 + 91 * 1)).toBeLessThan(0.1);
    expect(10 / (10 + 90 * 1)).toBeGreaterThanOrEqual(0.1);
    expect(summary.top[0].usd).toBeGreaterThanOrEqual(summary.top[1].usd);
  });

  it('writes the last line the issue asks for', () => {
    const line = lastLine(summarize(linesOfSample(dashboard, prices, new Map()), 500));
    expect(line).toMatch(/^cost-bench: usd_per_customer_month=\S+ usd_per_point_month=\S+ fixed_usd_month=\S+ top=(\S+:\S+,){4}\S+:\S+ dynamodb_usd=\S+ lambda_usd=\S+ logs_usd=\S+$/);
  });

  it('names a function by its construct', () => {
    expect(shortFunctionName('WattWiseApi-DashboardsEndpointsFunction1A2B3C4D-5EADB802B6B51')).toBe('DashboardsEndpoints');
    expect(shortFunctionName('WattWiseRealtime-LogForwarderFunction80569FB8-7330F51F0305C')).toBe('LogForwarder');
  });
});

describe('the fixed resources', () => {
  it('counts runs a month of a rate expression', () => {
    expect(runsPerMonth('rate(5 minutes)')).toBeCloseTo(8766, 6);
    expect(runsPerMonth('rate(1 hour)')).toBeCloseTo(730.5, 6);
    expect(runsPerMonth('cron(0 8 * * ? *)')).toBeNull();
  });

  it('counts keys, secrets, the web ACL and its rules, alarms, dashboards and schedules in templates', () => {
    const counted = countFixedResources([
      { Resources: { K: { Type: 'AWS::KMS::Key' }, S: { Type: 'AWS::SecretsManager::Secret' }, A: { Type: 'AWS::CloudWatch::Alarm' }, B: { Type: 'AWS::CloudWatch::Alarm' } } },
      { Resources: { W: { Type: 'AWS::WAFv2::WebACL', Properties: { Rules: [{}, {}] } }, D: { Type: 'AWS::CloudWatch::Dashboard' }, Sweep: { Type: 'AWS::Scheduler::Schedule', Properties: { ScheduleExpression: 'rate(1 hour)' } } } },
    ]);
    expect(counted.resources).toMatchObject({ kmsKeys: 1, secrets: 1, webAcls: 1, wafRules: 2, alarms: 2, dashboards: 1 });
    expect(counted.schedules).toEqual([{ name: 'Sweep', expression: 'rate(1 hour)', perMonth: 730.5 }]);
  });
});

describe("the authorizer's result cache", () => {
  it('keeps one authorizer run per session and every other invocation', () => {
    const authorizer = usageLine({ fn: 'WattWiseApi-AuthorizerFunction1A2B3C4D-5EADB802B6B51' });
    const other = usageLine();
    const { usage, dropped } = withAuthorizerCache([authorizer, other, authorizer, authorizer, other], 2);
    expect(usage).toEqual([authorizer, other, authorizer, other]);
    expect(dropped).toBe(1);
  });
});
