import { lineValueDomain, type ChartSeries } from './chart-model';
import { readableUnit } from './value-format';

/** A value axis: the unit its values are in and the unit its ticks and its name read in. */
export interface ValueAxis {
  /** The units drawn against it: one, or several when one axis has to carry them all (then none converts). */
  units: string[];
  /** The unit its ticks are written in: 1 200 kWh at the top of the axis reads 1,2 MWh; the first unit when it carries several. */
  shownIn: string;
  /** Its extent in its own unit; undefined: the chart library's own (from zero to the highest bar). */
  domain: [number, number] | undefined;
}

/** The second axis, on the right: its ticks, each with its value in its unit and its place on the left axis's scale. */
export interface RightAxis extends ValueAxis {
  ticks: { at: number; value: number }[];
}

export interface ValueAxes {
  left: ValueAxis;
  right: RightAxis | null;
  /** Where a value of a series in `unit` is drawn, on the left axis's scale. */
  place: (unit: string, value: number) => number;
  /** The unit a value in `unit` is written in, in tooltips and labels: its axis's. */
  shownInOf: (unit: string) => string;
}

const largestOf = (domain: [number, number] | undefined, series: readonly ChartSeries[]): number => {
  if (domain) return Math.max(Math.abs(domain[0]), Math.abs(domain[1]));
  return Math.max(0, ...series.flatMap((drawn) => drawn.values.map((value) => Math.abs(value.y ?? 0))));
};

/** The extent of one axis's series: lines from their lowest to their highest value, bars and areas from zero. */
const domainOf = (series: readonly ChartSeries[]): [number, number] => {
  const lines = lineValueDomain(series);
  if (lines) return lines;
  const values = series.flatMap((drawn) => drawn.values.flatMap((value) => (value.y === null ? [] : [value.y])));
  const lowest = Math.min(0, ...values);
  const highest = Math.max(0, ...values);
  return highest > lowest ? [lowest, highest] : [0, 1];
};

/** Round steps (1, 2 or 5 times a power of ten) across a domain, about `count` of them. */
export const niceTicks = ([lowest, highest]: [number, number], count = 5): number[] => {
  const span = highest - lowest;
  if (!(span > 0) || !Number.isFinite(span)) return [lowest];
  const rough = span / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const normal = rough / magnitude;
  const step = (normal < 1.5 ? 1 : normal < 3 ? 2 : normal < 7 ? 5 : 10) * magnitude;
  const ticks: number[] = [];
  for (let tick = Math.ceil(lowest / step) * step; tick <= highest + step * 1e-9; tick += step) ticks.push(Number(tick.toPrecision(12)));
  return ticks;
};

const oneAxis = (series: readonly ChartSeries[], units: string[]): ValueAxes => {
  const domain = lineValueDomain(series);
  const shownIn = units.length === 1 ? readableUnit(units[0], largestOf(domain, series)) : (units[0] ?? '');
  return {
    left: { units, shownIn, domain },
    right: null,
    place: (_unit, value) => value,
    shownInOf: (unit) => (units.length === 1 ? shownIn : unit),
  };
};

/**
 * The value axes of a chart (issue 40 §4: a chart of two units has two axes). One unit: one axis,
 * named by it. Two units, side by side (not stacked, not horizontal bars): the first unit's series on
 * the left axis, the second's on a right axis of their own, drawn on the left's scale. Otherwise one
 * axis that names every unit, none converted, since no tick can read in two of them.
 */
export const valueAxesOf = (series: readonly ChartSeries[], twoAxesAllowed: boolean): ValueAxes => {
  const units = [...new Set(series.map((drawn) => drawn.unit))];
  if (units.length !== 2 || !twoAxesAllowed) return oneAxis(series, units);
  const [leftUnit, rightUnit] = units;
  const leftSeries = series.filter((drawn) => drawn.unit === leftUnit);
  const rightSeries = series.filter((drawn) => drawn.unit === rightUnit);
  const [left0, left1] = domainOf(leftSeries);
  const [right0, right1] = domainOf(rightSeries);
  const toLeft = (value: number) => left0 + ((value - right0) * (left1 - left0)) / (right1 - right0);
  const leftShown = readableUnit(leftUnit, Math.max(Math.abs(left0), Math.abs(left1)));
  const rightShown = readableUnit(rightUnit, Math.max(Math.abs(right0), Math.abs(right1)));
  return {
    left: { units: [leftUnit], shownIn: leftShown, domain: [left0, left1] },
    right: { units: [rightUnit], shownIn: rightShown, domain: [right0, right1], ticks: niceTicks([right0, right1]).map((value) => ({ at: toLeft(value), value })) },
    place: (unit, value) => (unit === rightUnit ? toLeft(value) : value),
    shownInOf: (unit) => (unit === rightUnit ? rightShown : leftShown),
  };
};

/** The lowest and highest value of a series, for a chart's summary; null when it has none. */
export const seriesExtremes = (series: Pick<ChartSeries, 'values'>): { lowest: number; highest: number } | null => {
  const values = series.values.flatMap((value) => (value.y === null ? [] : [value.y]));
  return values.length === 0 ? null : { lowest: Math.min(...values), highest: Math.max(...values) };
};
