import * as z from 'zod';

/**
 * Levels colour a figure of the maplytics panel (spec 2 §4): evaluated in order, the first whose
 * comparison holds gives the colour; none holding, or a unit other than percent, is neutral grey.
 */
export const LEVEL_NAMES = ['success', 'warning', 'danger'] as const;
export type LevelName = (typeof LEVEL_NAMES)[number];
export type LevelColor = LevelName | 'neutral';

export const LEVEL_OPERATIONS = ['lte', 'lt', 'gte', 'gt'] as const;
export type LevelOperation = (typeof LEVEL_OPERATIONS)[number];

export const levelSchema = z.object({
  level: z.enum(LEVEL_NAMES),
  operation: z.enum(LEVEL_OPERATIONS),
  value: z.number().finite(),
});
export type Level = z.infer<typeof levelSchema>;

export const levelsSchema = z.array(levelSchema).min(1).max(10);

/** `maplytics_custom_settings` of a location or a point: its levels, or null to follow its location's (then the defaults). */
export const maplyticsSettingsSchema = z.object({ levels: levelsSchema.nullable().default(null) });
export type MaplyticsSettings = z.infer<typeof maplyticsSettingsSchema>;

/** Success at most 0, warning at most 2, danger above 2 (spec 2 §4). */
export const DEFAULT_LEVELS: readonly Level[] = [
  { level: 'success', operation: 'lte', value: 0 },
  { level: 'warning', operation: 'lte', value: 2 },
  { level: 'danger', operation: 'gt', value: 2 },
];

const holds = (value: number, { operation, value: threshold }: Level): boolean => {
  switch (operation) {
    case 'lte':
      return value <= threshold;
    case 'lt':
      return value < threshold;
    case 'gte':
      return value >= threshold;
    case 'gt':
      return value > threshold;
  }
};

export const PERCENT_UNIT = '%';

/** The colour of a value in a unit under levels: only percent values are levelled. */
export const levelOf = (value: number | null | undefined, unit: string, levels: readonly Level[]): LevelColor => {
  if (unit !== PERCENT_UNIT || value === null || value === undefined || !Number.isFinite(value)) return 'neutral';
  return levels.find((level) => holds(value, level))?.level ?? 'neutral';
};

/** The levels in force for a point: its own, else its location's, else the defaults. */
export const levelsInForce = (
  pointLevels: readonly Level[] | null | undefined,
  locationLevels: readonly Level[] | null | undefined,
): readonly Level[] => pointLevels ?? locationLevels ?? DEFAULT_LEVELS;
