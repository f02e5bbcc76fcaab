import { decimalsFor, displayUnit, roundForUnit } from '../series/rounding';

/** A value as a person reads it: rounded for its unit (spec 1 §9), in the language's digits, with its unit when asked. */
export const formatValue = (value: number, unit: string, locale: string, withUnit = true): string => {
  const rounded = roundForUnit(value, unit) ?? value;
  const digits = new Intl.NumberFormat(locale, { maximumFractionDigits: decimalsFor(unit) }).format(rounded);
  return withUnit && unit ? `${digits} ${displayUnit(unit)}` : digits;
};
