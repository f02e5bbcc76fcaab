import type { Baseline, Target } from '../schemas/point';
import type { Calculation, SeriesType } from './calculations';
import { CALCULATIONS } from './calculations';

/** Default calculation of a baseline or target by series type (spec 3 §5): measures get none. */
export const BASELINE_DEFAULT_CALCULATION: Record<SeriesType, Calculation | null> = {
  index: 'diff',
  counter: 'avg',
  io: 'sum',
  measure: null,
};

/** Cumulative calculations are not offered for baselines and targets. */
export const BASELINE_CALCULATIONS = CALCULATIONS.filter((calculation) => !calculation.startsWith('cumulative_'));

export const DEFAULT_BASELINE_PERIOD = 'year' as const;

export type IpmvpProblem = 'baseline_incomplete' | 'baseline_duplicate' | 'baseline_calculation';

type Checked<T> = { ok: true; items: T[] } | { ok: false; problem: IpmvpProblem };

const normalize = <T extends Baseline | Target>(
  items: readonly T[],
  prefix: 'baseline' | 'target',
  seriesType: SeriesType,
): Checked<T> => {
  const seen = new Set<string>();
  const normalized: T[] = [];
  for (const item of items) {
    const record = item as Record<string, unknown>;
    const period = record[`${prefix}_period`];
    const date = record[`${prefix}_period_date`];
    if (!period || !date || item.value === null || item.value === undefined) return { ok: false, problem: 'baseline_incomplete' };
    const key = `${period}|${date}`;
    if (seen.has(key)) return { ok: false, problem: 'baseline_duplicate' };
    seen.add(key);
    const calculation = (record[`${prefix}_calculation`] as Calculation | null | undefined) ?? BASELINE_DEFAULT_CALCULATION[seriesType];
    if (calculation && !BASELINE_CALCULATIONS.includes(calculation)) return { ok: false, problem: 'baseline_calculation' };
    normalized.push({ ...item, [`${prefix}_calculation`]: calculation } as T);
  }
  return { ok: true, items: normalized };
};

/**
 * Checks a point's baselines and targets: period and value required, one entry per period and
 * date, no cumulative calculation; fills the default calculation of the series type.
 */
export const checkBaselinesAndTargets = (
  baselines: readonly Baseline[],
  targets: readonly Target[],
  seriesType: SeriesType,
): { ok: true; baselines: Baseline[]; targets: Target[] } | { ok: false; problem: IpmvpProblem } => {
  const checkedBaselines = normalize(baselines, 'baseline', seriesType);
  if (!checkedBaselines.ok) return checkedBaselines;
  const checkedTargets = normalize(targets, 'target', seriesType);
  if (!checkedTargets.ok) return checkedTargets;
  return { ok: true, baselines: checkedBaselines.items, targets: checkedTargets.items };
};
