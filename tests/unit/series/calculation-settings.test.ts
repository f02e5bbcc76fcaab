import { describe, expect, it } from 'vitest';
import { calculationStep, isApplyRangeValid, refreshRange } from '@shared/series/calculation-settings';
import { checkFormula } from '@shared/series/formula';
import { emptyPointForm, formulaCheckOf, fromLocalInput, pointBodyOf, toLocalInput } from '../../../web/src/features/locations-settings/hooks/point-form';

const settings = { force_periodicity_reference: false, periodicity_reference_forced: null, periodicity_reference: null };

describe('calculation step', () => {
  it('takes the forced periodicity when forcing is on, else the reference, else the point', () => {
    expect(calculationStep({ ...settings, force_periodicity_reference: true, periodicity_reference_forced: 86400, periodicity_reference: 600 }, 60)).toBe(86400);
    expect(calculationStep({ ...settings, periodicity_reference_forced: 86400, periodicity_reference: 600 }, 60)).toBe(600);
    expect(calculationStep(settings, 60)).toBe(60);
  });

  it('lets degree-days through only once the step is forced to one day', () => {
    const form = { ...emptyPointForm([]), calculated: true, formula: 'degree_days(A, 18)', periodicity: '600' };
    form.sources = [{ key: 'a', point_id: 'pt-temp', point_calculation: 'avg', replacement_letter: 'A' }];
    expect(formulaCheckOf(form)).toMatchObject({ valid: false, error: 'degree_days_periodicity' });
    expect(formulaCheckOf({ ...form, force_periodicity: true, forced_periodicity: '86400' }).valid).toBe(true);
    expect(checkFormula(form.formula, { letters: ['A'], periodicity: 86400 }).valid).toBe(true);
  });
});

describe('apply range', () => {
  it('accepts open ends and refuses an end before its start', () => {
    expect(isApplyRangeValid({ apply_from: null, apply_to: null })).toBe(true);
    expect(isApplyRangeValid({ apply_from: '2026-01-01T00:00:00+01:00', apply_to: null })).toBe(true);
    expect(isApplyRangeValid({ apply_from: '2026-01-02T00:00:00+01:00', apply_to: '2026-01-01T00:00:00+01:00' })).toBe(false);
    expect(isApplyRangeValid({ apply_from: '2026-01-01T00:00:00+01:00', apply_to: '2026-01-01T00:00:00+01:00' })).toBe(false);
  });

  it('reads the inputs in the point zone, both sides of a DST change', () => {
    expect(fromLocalInput('2026-03-28T08:30', 'Europe/Paris')).toBe('2026-03-28T08:30:00+01:00');
    expect(fromLocalInput('2026-03-30T08:30', 'Europe/Paris')).toBe('2026-03-30T08:30:00+02:00');
    expect(fromLocalInput('', 'Europe/Paris')).toBeNull();
    expect(toLocalInput('2026-03-30T06:30:00Z', 'Europe/Paris')).toBe('2026-03-30T08:30');
    expect(toLocalInput('2026-03-30T06:30:00Z', 'Asia/Kolkata')).toBe('2026-03-30T12:00');
    expect(toLocalInput(null, 'Europe/Paris')).toBe('');
  });

  it('sends the settings in the point body, the forced step only when forcing', () => {
    const form = { ...emptyPointForm([]), calculated: true, formula: 'A * 2', apply_from: '2026-01-01T00:00', optimization_allowed: false };
    form.sources = [{ key: 'a', point_id: 'pt-a', point_calculation: 'diff', replacement_letter: 'A' }];
    const body = pointBodyOf(form, null, 'Europe/Paris') as { calculation: Record<string, unknown> };
    expect(body.calculation).toMatchObject({
      force_periodicity_reference: false,
      periodicity_reference_forced: null,
      apply_from: '2026-01-01T00:00:00+01:00',
      apply_to: null,
      optimization_allowed: false,
    });
    const forced = pointBodyOf({ ...form, force_periodicity: true, forced_periodicity: '86400' }, null, 'Europe/Paris') as typeof body;
    expect(forced.calculation).toMatchObject({ force_periodicity_reference: true, periodicity_reference_forced: 86400 });
  });
});

describe('refresh after new source data', () => {
  const at = Date.parse('2026-05-10T12:00:00Z');
  it('recomputes the day before to the day after when optimisation is allowed', () => {
    expect(refreshRange({ calculation: { optimization_allowed: true } }, at, at + 3_600_000)).toEqual({
      from: at - 86_400_000,
      to: at + 3_600_000 + 86_400_000,
    });
  });
  it('recomputes the whole series when it is not', () => {
    expect(refreshRange({ calculation: { optimization_allowed: false } }, at, at)).toEqual({});
  });
});
