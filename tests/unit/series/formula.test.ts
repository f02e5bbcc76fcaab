import { describe, expect, it } from 'vitest';
import { checkFormula, degreeDays, evaluate, parseFormula } from '@shared/series/formula';

const context = { letters: ['A', 'B', 'AA'], periodicity: 600 };
const daily = { letters: ['A'], periodicity: 86400 };
const minutely = { letters: ['A', 'B'], periodicity: 60 };

describe('formula validation', () => {
  it('accepts an empty formula', () => {
    expect(checkFormula('   ', context)).toEqual({ valid: true, letters: [] });
  });

  it('accepts arithmetic over bound letters, math functions and line breaks', () => {
    expect(checkFormula('(A + B) * 0.5 - abs(AA)\n+ max(A, 0) ^ 2', context)).toEqual({ valid: true, letters: ['A', 'B', 'AA'] });
  });

  it('refuses a syntax error, an unbound letter, an unknown function and strings in arithmetic', () => {
    expect(checkFormula('A +', context)).toMatchObject({ valid: false, error: 'syntax' });
    expect(checkFormula('A + C', context)).toMatchObject({ valid: false, error: 'unknown_letter', detail: 'C' });
    expect(checkFormula('eval(A)', context)).toMatchObject({ valid: false, error: 'unknown_function' });
    expect(checkFormula('A + "x"', context)).toMatchObject({ valid: false, error: 'unsupported_expression' });
    expect(checkFormula('A.constructor', context)).toMatchObject({ valid: false, error: 'unsupported_expression' });
  });

  it('needs a daily periodicity, a numeric reference and known method and type for degree-days', () => {
    expect(checkFormula('degree_days(A, 18)', daily)).toMatchObject({ valid: true });
    expect(checkFormula('degree_days(A, 18, "costic", "cooling")', daily)).toMatchObject({ valid: true });
    expect(checkFormula('degree_days(A, 18)', { ...daily, periodicity: 3600 })).toMatchObject({ error: 'degree_days_periodicity' });
    expect(checkFormula('degree_days(A, "x")', daily)).toMatchObject({ error: 'degree_days_reference' });
    expect(checkFormula('degree_days(A, 18, "moon")', daily)).toMatchObject({ error: 'degree_days_method' });
    expect(checkFormula('degree_days(A, 18, "weather", "warming")', daily)).toMatchObject({ error: 'degree_days_type' });
    expect(checkFormula('degree_days(A)', daily)).toMatchObject({ error: 'incomplete_function_call' });
  });

  it('needs a point, a period and a unit, singular or plural, for elapsed time', () => {
    expect(checkFormula('elapsed_time(A, "days", "hour")', context)).toMatchObject({ valid: true });
    expect(checkFormula('elapsed_time(A, "month", "minutes")', context)).toMatchObject({ valid: true });
    expect(checkFormula('elapsed_time(A, "fortnight", "hour")', context)).toMatchObject({ error: 'elapsed_time_period' });
    expect(checkFormula('elapsed_time(A, "day", "week")', context)).toMatchObject({ error: 'elapsed_time_unit' });
    expect(checkFormula('elapsed_time(A, "day")', context)).toMatchObject({ error: 'incomplete_function_call' });
    expect(checkFormula('elapsed_time(2, "day", "hour")', context)).toMatchObject({ error: 'function_needs_point' });
  });

  it('needs a one-minute periodicity, exactly one point and %, s or sec for the use rate', () => {
    expect(checkFormula('use_rate(A, "%")', minutely)).toMatchObject({ valid: true });
    expect(checkFormula('use_rate(A, "sec")', minutely)).toMatchObject({ valid: true });
    expect(checkFormula('use_rate(A, "%")', context)).toMatchObject({ error: 'use_rate_periodicity' });
    expect(checkFormula('use_rate(A, B, "%")', minutely)).toMatchObject({ error: 'use_rate_points' });
    expect(checkFormula('use_rate(A, "h")', minutely)).toMatchObject({ error: 'use_rate_save_as' });
    expect(checkFormula('use_rate(A)', minutely)).toMatchObject({ error: 'incomplete_function_call' });
  });
});

describe('formula evaluation', () => {
  const scope = (values: Record<string, number | null>) => ({
    value: (letter: string) => values[letter] ?? null,
    bucket: () => ({ min: 2, max: 12, avg: 0.25, seconds: 86400 }),
  });

  it('computes arithmetic with power and conditionals', () => {
    expect(evaluate(parseFormula('(A + B) / 2 ^ 2'), scope({ A: 6, B: 2 }))).toBe(2);
    expect(evaluate(parseFormula('A > B ? A - B : 0'), scope({ A: 1, B: 2 }))).toBe(0);
  });

  it('gives no value when a source has none, and none for a division by zero', () => {
    expect(evaluate(parseFormula('A + B'), scope({ A: 1 }))).toBeNull();
    expect(evaluate(parseFormula('A / B'), scope({ A: 1, B: 0 }))).toBeNull();
  });

  it('turns an on/off share into a use rate and an elapsed time', () => {
    expect(evaluate(parseFormula('use_rate(A, "%")'), scope({}))).toBe(25);
    expect(evaluate(parseFormula('elapsed_time(A, "day", "hours")'), scope({}))).toBe(6);
  });

  it('computes degree-days by the mean and by the COSTIC method', () => {
    expect(degreeDays({ min: 2, max: 12, avg: 7, seconds: 86400 }, 18, 'weather', 'heating')).toBe(11);
    expect(degreeDays({ min: 2, max: 12, avg: 7, seconds: 86400 }, 18, 'weather', 'cooling')).toBe(0);
    expect(degreeDays({ min: 2, max: 12, avg: 7, seconds: 86400 }, 18, 'costic', 'heating')).toBe(11);
    expect(degreeDays({ min: 10, max: 20, avg: 15, seconds: 86400 }, 18, 'costic', 'heating')).toBeCloseTo(8 * (0.08 + 0.42 * 0.8), 10);
    expect(degreeDays({ min: 19, max: 25, avg: 22, seconds: 86400 }, 18, 'costic', 'heating')).toBe(0);
  });
});
