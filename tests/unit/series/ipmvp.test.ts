import { describe, expect, it } from 'vitest';
import { baselineSchema, targetSchema } from '@shared/schemas/point';
import { BASELINE_CALCULATIONS, checkBaselinesAndTargets } from '@shared/series/ipmvp';

const baseline = (fields: Record<string, unknown>) => baselineSchema.parse(fields);
const target = (fields: Record<string, unknown>) => targetSchema.parse(fields);

describe('baselines and targets', () => {
  it('take the spec defaults: offset 0, auto renew, coefficient 0 in percent', () => {
    expect(baseline({ baseline_period: 'year', baseline_period_date: '2025', value: 1 })).toMatchObject({
      baseline_period_offset: 0,
      baseline_auto_renew: true,
    });
    expect(target({ target_period: 'year', target_period_date: '2026', value: 1 })).toMatchObject({
      coefficient_value: 0,
      coefficient_type: '%',
      target_auto_renew: true,
    });
  });

  it('require a period and a value', () => {
    expect(checkBaselinesAndTargets([baseline({ baseline_period_date: '2025', value: 3 })], [], 'index')).toEqual({ ok: false, problem: 'baseline_incomplete' });
    expect(checkBaselinesAndTargets([], [target({ target_period: 'month', target_period_date: '2026-01' })], 'index')).toEqual({ ok: false, problem: 'baseline_incomplete' });
  });

  it('refuse the same period and date twice', () => {
    const twice = [0, 1].map(() => baseline({ baseline_period: 'month', baseline_period_date: '2025-01', value: 5 }));
    expect(checkBaselinesAndTargets(twice, [], 'counter')).toEqual({ ok: false, problem: 'baseline_duplicate' });
  });

  it('default the calculation by series type: index diff, counter avg, io sum, measure none', () => {
    const one = [baseline({ baseline_period: 'year', baseline_period_date: '2025', value: 5 })];
    const calculationFor = (type: 'index' | 'counter' | 'io' | 'measure') => {
      const checked = checkBaselinesAndTargets(one, [], type);
      return checked.ok ? checked.baselines[0].baseline_calculation : 'refused';
    };
    expect([calculationFor('index'), calculationFor('counter'), calculationFor('io'), calculationFor('measure')]).toEqual(['diff', 'avg', 'sum', null]);
  });

  it('exclude cumulative calculations', () => {
    expect(BASELINE_CALCULATIONS).not.toContain('cumulative_diff');
    const cumulative = [baseline({ baseline_period: 'year', baseline_period_date: '2025', value: 5, baseline_calculation: 'cumulative_max' })];
    expect(checkBaselinesAndTargets(cumulative, [], 'index')).toEqual({ ok: false, problem: 'baseline_calculation' });
  });
});
