import type { PointCalculation } from '../schemas/point';

type StepSettings = Pick<PointCalculation, 'force_periodicity_reference' | 'periodicity_reference_forced' | 'periodicity_reference'>;

/**
 * The step (seconds) a calculated point is computed at: the forced reference periodicity when
 * forcing is on, else the reference periodicity, else the point's own periodicity.
 */
export const calculationStep = (calculation: StepSettings, pointPeriodicity: number): number =>
  (calculation.force_periodicity_reference ? calculation.periodicity_reference_forced : calculation.periodicity_reference) ??
  pointPeriodicity;

/** A calculation applies from `apply_from` to `apply_to`; either may be open, but not reversed. */
export const isApplyRangeValid = (calculation: Pick<PointCalculation, 'apply_from' | 'apply_to'>): boolean =>
  !calculation.apply_from || !calculation.apply_to || Date.parse(calculation.apply_from) < Date.parse(calculation.apply_to);

const DAY_MS = 86_400_000;

/**
 * What a change of source values between two instants makes a dependent recompute: the days
 * around them when the point allows this optimisation, else its whole series (a formula whose
 * value at one step depends on far-away values needs the latter).
 */
export const refreshRange = (
  dependent: { calculation: Pick<PointCalculation, 'optimization_allowed'> | null },
  from: number,
  to: number,
): { from?: number; to?: number } =>
  dependent.calculation?.optimization_allowed === false ? {} : { from: from - DAY_MS, to: to + DAY_MS };
