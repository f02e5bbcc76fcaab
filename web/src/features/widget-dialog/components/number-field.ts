/**
 * Mantine's NumberInput answers '' while the field is empty: the settings then hold NaN, which the
 * schema refuses, so an emptied field is shown as an error rather than silently becoming 0.
 */
export const numberOrNaN = (value: number | string): number => (typeof value === 'number' ? value : Number.NaN);

export const numberFieldValue = (value: number): number | string => (Number.isNaN(value) ? '' : value);
