import { PALETTE } from '../constants';
import type { SeriesAnswer } from '../schemas/series';
import type { ChartStyle, WidgetPoint, WidgetSettings } from '../schemas/widget';
import type { WidgetData } from '../schemas/widget-data';
import { frameRows } from './frame-rows';

/** One drawn series: its buckets by position (1-based, the x of every chart), its look and whether it is the previous period. */
export interface ChartSeries {
  key: string;
  name: string;
  unit: string;
  color: string;
  style: ChartStyle;
  previous: boolean;
  values: { x: number; y: number | null }[];
}

export interface ChartModel {
  /** Local ISO start of each position's bucket (of the current period; when superimposed, of the newest year that has the place). */
  dates: string[];
  series: ChartSeries[];
}

/** The widget's setting for a series: the point at the same place, else the first of that id. */
const pointOf = (points: WidgetPoint[], point: string, index: number): WidgetPoint | undefined =>
  points[index]?._id === point ? points[index] : points.find((candidate) => candidate._id === point);

const positions = (values: (number | null)[]) => values.map((y, index) => ({ x: index + 1, y }));

/**
 * Where a bucket sits in its year when years are superimposed: the month and day of its local
 * date, so that a year whose values start in November draws at November rather than at January,
 * and 1 March sits at the same place in a leap year as in another.
 */
const placeInYear = (date: string): string => date.slice(5, 10);

const superimposedModel = (data: WidgetData, unit: string): ChartModel => {
  const years = data.superimposed ?? [];
  // Every place a year has, in calendar order, named by the newest year's date there.
  const dateAt = new Map<string, string>();
  for (const year of [...years].reverse()) for (const date of year.dates) if (!dateAt.has(placeInYear(date))) dateAt.set(placeInYear(date), date);
  const places = [...dateAt.keys()].sort();
  const positionOf = new Map(places.map((place, index) => [place, index + 1]));
  return {
    dates: places.map((place) => dateAt.get(place)!),
    series: years.map((year, index) => ({
      key: `year-${year.year}`,
      name: String(year.year),
      unit,
      // Newest last: the current year gets the palette's first colour.
      color: PALETTE[(years.length - 1 - index) % PALETTE.length],
      style: 'line',
      previous: false,
      values: year.values.map((y, at) => ({ x: positionOf.get(placeInYear(year.dates[at]))!, y })),
    })),
  };
};

/**
 * What a chart draws: the visible points over the period in their colour and style; with
 * compare_periods each beside its previous period at the same positions; with superimpose one
 * line per year.
 */
export const chartModelOf = (widget: Pick<WidgetSettings, 'points' | 'superimpose' | 'compare_periods'>, data: WidgetData, previousName: (name: string) => string): ChartModel => {
  if (widget.superimpose && data.superimposed) return superimposedModel(data, data.frame?.series[0]?.unit ?? '');
  if (!data.frame) return { dates: [], series: [] };
  const rows = frameRows(data.frame);
  const current = data.frame.series.flatMap((series, index) => {
    const point = pointOf(widget.points, series.point, index);
    if (point && !point.visible) return [];
    return [{ series, index, color: point?.color ?? PALETTE[index % PALETTE.length], style: point?.type ?? 'column' }];
  });
  const compared: SeriesAnswer | null = widget.compare_periods ? data.compared : null;
  return {
    dates: rows.map((row) => row.date),
    series: current.flatMap(({ series, index, color, style }) => {
      const drawn: ChartSeries = { key: `${series.point}-${index}`, name: series.name, unit: series.unit, color, style, previous: false, values: positions(rows.map((row) => row.values[index])) };
      const before = compared?.series[index];
      if (!before) return [drawn];
      return [
        { ...drawn, key: `${drawn.key}-previous`, name: previousName(series.name), previous: true, values: positions(before.values) },
        drawn,
      ];
    }),
  };
};

const STANDS_ON_ZERO = new Set<ChartStyle>(['column', 'bar', 'area']);

/**
 * The value axis of a chart of lines only: from its lowest to its highest value, a twentieth of the
 * spread beyond each, so that a temperature's swing fills the chart. Buckets without a value (the
 * days of the month still to come) are left out, where the chart library counts them as 0 and
 * squeezes 7 to 10 °C into the top of an axis from 0. Undefined when bars or areas are drawn (they
 * stand on zero, which the library's own axis keeps) or no bucket has a value.
 */
export const lineValueDomain = (series: readonly ChartSeries[]): [number, number] | undefined => {
  if (series.some((drawn) => STANDS_ON_ZERO.has(drawn.style))) return undefined;
  const values = series.flatMap((drawn) => drawn.values.flatMap((value) => (value.y === null ? [] : [value.y])));
  if (values.length === 0) return undefined;
  const lowest = Math.min(...values);
  const highest = Math.max(...values);
  // A flat line sits in the middle of a band of its own size (or of 1 around zero).
  const margin = highest > lowest ? (highest - lowest) / 20 : Math.max(Math.abs(highest) / 20, 1);
  return [lowest - margin, highest + margin];
};
