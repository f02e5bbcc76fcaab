import type { AlertCondition, AlertOperation, EvaluatedCondition } from '../schemas/alert';

/** e '=', d '!=', gt, gte, lt, lte. */
export const compare = (value: number, operation: AlertOperation, threshold: number): boolean => {
  switch (operation) {
    case 'e':
      return value === threshold;
    case 'd':
      return value !== threshold;
    case 'gt':
      return value > threshold;
    case 'gte':
      return value >= threshold;
    case 'lt':
      return value < threshold;
    case 'lte':
      return value <= threshold;
  }
};

/** One condition against its value: a missing value (no data) holds neither true nor false. */
export const evaluateCondition = (condition: AlertCondition, value: number | null): EvaluatedCondition => ({
  calculation: condition.from_calculation,
  operation: condition.operation,
  threshold: condition.to_value,
  value,
  held: value === null ? null : compare(value, condition.operation, condition.to_value),
});

export interface GroupsOutcome {
  /** Each OR group's conditions as evaluated. */
  groups: EvaluatedCondition[][];
  /** 0-based index of the first OR group whose AND conditions all held, or null. */
  firedGroup: number | null;
  /** Whether some condition could not be decided for lack of data. */
  missing: boolean;
}

/**
 * Conditions are OR groups of AND conditions: a group fires when every one of its conditions
 * holds; an undecided condition (no data) never makes a group fire, so missing data never fires
 * on a fake zero. `valueOf` gives a condition's value (null: no data).
 */
export const evaluateGroups = (conditions: readonly (readonly AlertCondition[])[], valueOf: (condition: AlertCondition) => number | null): GroupsOutcome => {
  const groups = conditions.map((group) => group.map((condition) => evaluateCondition(condition, valueOf(condition))));
  const firedGroup = groups.findIndex((group) => group.length > 0 && group.every((condition) => condition.held === true));
  return { groups, firedGroup: firedGroup === -1 ? null : firedGroup, missing: groups.some((group) => group.some((condition) => condition.held === null)) };
};
