/** What a rollup keeps of the raw values of one bucket (DESIGN.md "Data"). */
export interface Aggregate {
  count: number;
  sum: number;
  min: number;
  max: number;
  first: number;
  firstAt: number;
  last: number;
  lastAt: number;
}

export interface RawValue {
  at: number;
  value: number;
}

export const aggregateOf = (values: readonly RawValue[]): Aggregate | null => {
  if (values.length === 0) return null;
  let result: Aggregate | null = null;
  for (const { at, value } of values) {
    result = result === null ? { count: 1, sum: value, min: value, max: value, first: value, firstAt: at, last: value, lastAt: at } : addValue(result, at, value);
  }
  return result;
};

const addValue = (aggregate: Aggregate, at: number, value: number): Aggregate => ({
  count: aggregate.count + 1,
  sum: aggregate.sum + value,
  min: Math.min(aggregate.min, value),
  max: Math.max(aggregate.max, value),
  ...(at < aggregate.firstAt ? { first: value, firstAt: at } : { first: aggregate.first, firstAt: aggregate.firstAt }),
  ...(at >= aggregate.lastAt ? { last: value, lastAt: at } : { last: aggregate.last, lastAt: aggregate.lastAt }),
});

/** Merges aggregates of adjacent buckets (days into a week, months into a year). */
export const mergeAggregates = (parts: readonly (Aggregate | null | undefined)[]): Aggregate | null =>
  parts.reduce<Aggregate | null>((merged, part) => {
    if (!part) return merged;
    if (!merged) {
      const { count, sum, min, max, first, firstAt, last, lastAt } = part;
      return { count, sum, min, max, first, firstAt, last, lastAt };
    }
    return {
      count: merged.count + part.count,
      sum: merged.sum + part.sum,
      min: Math.min(merged.min, part.min),
      max: Math.max(merged.max, part.max),
      ...(part.firstAt < merged.firstAt ? { first: part.first, firstAt: part.firstAt } : { first: merged.first, firstAt: merged.firstAt }),
      ...(part.lastAt >= merged.lastAt ? { last: part.last, lastAt: part.lastAt } : { last: merged.last, lastAt: merged.lastAt }),
    };
  }, null);
