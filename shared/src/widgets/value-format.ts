import { convertUnit } from '../series/unit-conversion';
import { decimalsFor, displayUnit, roundForUnit } from '../series/rounding';

/**
 * Units that read in the next larger one of their family once a value reaches a whole one of it:
 * 1 200 kWh reads 1,2 MWh, 1 500 W 1,5 kW, 2 400 L 2,4 m³. A figure never reads as a bare "1,2 k".
 */
const LADDERS: readonly (readonly string[])[] = [
  ['Wh', 'kWh', 'MWh', 'GWh'],
  ['W', 'kW', 'MW'],
  ['L', 'm³'],
];

/**
 * The unit values of `unit` read best in, given the largest of them (in `unit`): the largest unit of
 * its ladder in which that value is still at least 1. Never a smaller unit (0,5 kWh stays kWh), and
 * a unit outside the ladders (°C, %, m/s…) as it is.
 */
export const readableUnit = (unit: string, largest: number): string => {
  const ladder = LADDERS.find((units) => units.includes(unit));
  if (!ladder || !Number.isFinite(largest)) return unit;
  let shown = unit;
  for (const larger of ladder.slice(ladder.indexOf(unit) + 1)) {
    if (Math.abs(convertUnit(largest, unit, larger)) < 1) break;
    shown = larger;
  }
  return shown;
};

/**
 * For figures shown side by side (a pie's legend): the unit each unit's figures read in, by the
 * largest of them, so that 536,3 kWh beside 1 380 kWh reads 0,54 MWh beside 1,38 MWh.
 */
export const readableUnits = (figures: readonly { unit: string; value: number }[]): Map<string, string> => {
  const largest = new Map<string, number>();
  for (const figure of figures) largest.set(figure.unit, Math.max(largest.get(figure.unit) ?? 0, Math.abs(figure.value)));
  return new Map([...largest].map(([unit, value]) => [unit, readableUnit(unit, value)]));
};

/**
 * A value as a person reads it (spec 1 §9), the one rule of every chart, tooltip, legend and table:
 * converted from `unit` into `shownIn` (the same unit by default), rounded for the unit it is shown
 * in, grouped and with the decimal sign of the language ('1 234,6 kWh' in French, '1,234.6 kWh' in
 * English; Intl's narrow no-break space groups French thousands), its unit after it when asked.
 */
export const formatValue = (value: number, unit: string, locale: string, withUnit = true, shownIn = unit): string => {
  const converted = shownIn === unit ? value : convertUnit(value, unit, shownIn);
  const rounded = roundForUnit(converted, shownIn) ?? converted;
  const digits = new Intl.NumberFormat(locale, { maximumFractionDigits: decimalsFor(shownIn) }).format(rounded);
  return withUnit && shownIn ? `${digits} ${displayUnit(shownIn)}` : digits;
};

/**
 * A tick of a value axis: the axis's value in `unit`, written in the unit the axis names
 * (`shownIn`), without it. Ticks are round numbers; up to three decimals keep 0,25 apart from 0,2.
 */
export const formatAxisTick = (tick: number, unit: string, shownIn: string, locale: string): string => {
  const converted = shownIn === unit ? tick : convertUnit(tick, unit, shownIn);
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(Math.abs(converted) < 1e-9 ? 0 : converted);
};
