import { describe, expect, it } from 'vitest';
import { lastCompleteBucket } from '@shared/alerts/bucket';
import { compare, evaluateGroups } from '@shared/alerts/conditions';
import { alertConditionSchema, type AlertCondition, type AlertOperation } from '@shared/schemas/alert';
import { calculate, type Bucket } from '@shared/series/calculations';

const condition = (fields: Partial<AlertCondition>): AlertCondition => alertConditionSchema.parse(fields);

describe('condition operators', () => {
  it.each<[AlertOperation, number, number, boolean]>([
    ['e', 5, 5, true],
    ['e', 5, 4, false],
    ['d', 5, 4, true],
    ['d', 5, 5, false],
    ['gt', 5, 4, true],
    ['gt', 5, 5, false],
    ['gte', 5, 5, true],
    ['gte', 4, 5, false],
    ['lt', 4, 5, true],
    ['lt', 5, 5, false],
    ['lte', 5, 5, true],
    ['lte', 6, 5, false],
  ])('%s: %s against %s is %s', (operation, value, threshold, expected) => {
    expect(compare(value, operation, threshold)).toBe(expected);
  });
});

describe('OR groups of AND conditions', () => {
  const values: Record<string, number | null> = { avg: 20, max: 35, min: 5, count: 0, sum: null };
  const valueOf = (entry: AlertCondition) => values[entry.from_calculation] ?? null;

  it('a group fires when all its conditions hold', () => {
    const outcome = evaluateGroups([[condition({ from_calculation: 'avg', operation: 'gt', to_value: 10 }), condition({ from_calculation: 'max', operation: 'gte', to_value: 35 })]], valueOf);
    expect(outcome.firedGroup).toBe(0);
  });

  it('one false condition stops its group; another group may still fire', () => {
    const outcome = evaluateGroups(
      [
        [condition({ from_calculation: 'avg', operation: 'gt', to_value: 10 }), condition({ from_calculation: 'min', operation: 'gt', to_value: 10 })],
        [condition({ from_calculation: 'max', operation: 'lt', to_value: 40 })],
      ],
      valueOf,
    );
    expect(outcome.firedGroup).toBe(1);
    expect(outcome.groups[0].map((entry) => entry.held)).toEqual([true, false]);
  });

  it('missing data never fires, even where a zero would have (sum < 1)', () => {
    const outcome = evaluateGroups([[condition({ from_calculation: 'sum', operation: 'lt', to_value: 1 })]], valueOf);
    expect(outcome.firedGroup).toBeNull();
    expect(outcome.missing).toBe(true);
    expect(outcome.groups[0][0]).toEqual({ calculation: 'sum', operation: 'lt', threshold: 1, value: null, held: null });
  });

  it('nothing fires when no group holds', () => {
    const outcome = evaluateGroups([[condition({ from_calculation: 'avg', operation: 'lt', to_value: 0 })]], valueOf);
    expect(outcome).toMatchObject({ firedGroup: null, missing: false });
  });

  it('condition defaults: avg of the current points compared with the value 0', () => {
    expect(condition({})).toEqual({ from_calculation: 'avg', from_comparison: 'current_points', operation: 'gt', to_comparison: 'value', to_value: 0 });
  });
});

describe('calculations over the evaluated bucket (the series engine\'s)', () => {
  // Two buckets: the one before (for evo) and the bucket evaluated.
  const aggregate = (values: number[]) => ({
    count: values.length,
    sum: values.reduce((a, b) => a + b, 0),
    min: Math.min(...values),
    max: Math.max(...values),
    first: values[0],
    last: values.at(-1)!,
    firstAt: 0,
    lastAt: 0,
  });
  const buckets: Bucket[] = [
    { start: 0, aggregate: aggregate([100, 110]) },
    { start: 1, aggregate: aggregate([120, 130, 150]) },
  ];
  const last = (calculation: Parameters<typeof calculate>[0], evolutionBase: 'diff' | 'sum' | 'avg' = 'sum') =>
    calculate(calculation, { buckets, lastBefore: 90, evolutionBase }).at(-1);

  it.each([
    ['diff', 40],
    ['sum', 400],
    ['max', 150],
    ['min', 120],
    ['avg', 400 / 3],
    ['count', 3],
  ] as const)('%s', (calculation, expected) => {
    expect(last(calculation)).toBeCloseTo(expected);
  });

  it('evo: the change from the bucket before, in percent', () => {
    expect(last('evo', 'sum')).toBeCloseTo(((400 - 210) / 210) * 100);
  });

  it('a bucket without data has no value (count is a real 0)', () => {
    const empty: Bucket[] = [buckets[0], { start: 1, aggregate: null }];
    expect(calculate('avg', { buckets: empty, lastBefore: null }).at(-1)).toBeNull();
    expect(calculate('diff', { buckets: empty, lastBefore: null }).at(-1)).toBeNull();
    expect(calculate('count', { buckets: empty, lastBefore: null }).at(-1)).toBe(0);
  });
});

describe('the bucket an alert evaluates', () => {
  it('is the last complete one: at 08:00 hourly, 07:00 to 08:00 local', () => {
    const due = Date.parse('2026-06-15T06:00:00Z'); // 08:00 CEST
    expect(lastCompleteBucket(due, 'hour', 'Europe/Paris')).toEqual({
      previous: Date.parse('2026-06-15T04:00:00Z'),
      from: Date.parse('2026-06-15T05:00:00Z'),
      to: due,
    });
  });

  it('daily at 08:00 reads yesterday, a 23-hour day across the spring change', () => {
    const due = Date.parse('2026-03-30T06:00:00Z'); // Monday 08:00 CEST
    const bucket = lastCompleteBucket(due, 'day', 'Europe/Paris');
    expect(bucket.from).toBe(Date.parse('2026-03-28T23:00:00Z'));
    expect(bucket.to).toBe(Date.parse('2026-03-29T22:00:00Z'));
    expect((bucket.to - bucket.from) / 3_600_000).toBe(23);
  });

  it('monthly on the 1st reads the whole previous month in local time', () => {
    const due = Date.parse('2026-11-01T07:00:00Z'); // 08:00 CET
    const bucket = lastCompleteBucket(due, 'month', 'Europe/Paris');
    expect(bucket.from).toBe(Date.parse('2026-09-30T22:00:00Z'));
    expect(bucket.to).toBe(Date.parse('2026-10-31T23:00:00Z'));
  });
});
