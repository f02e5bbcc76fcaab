import type { SeriesAnswer, SeriesQuery } from '@shared/schemas/series';
import type { IpmvpData, TrendData, WidgetData, WidgetWithData } from '@shared/schemas/widget-data';
import type { Owned } from '@shared/permissions/ownership';
import { needsWidgetData } from '@shared/widgets/widget-data-needs';
import type { Normalisation, WidgetSettings } from '@shared/schemas/widget';
import { isIdOf } from '@shared/schemas/ids';
import { BASELINE_DEFAULT_CALCULATION } from '@shared/series/ipmvp';
import { DEFAULT_CALCULATION } from '@shared/series/calculations';
import { localIso } from '@shared/series/buckets';
import { previousPeriodToDate } from '@shared/series/period-range';
import { roundForUnit } from '@shared/series/rounding';
import { applyWidgetRules } from '@shared/widgets/dialog-rules';
import { findTokens, tokenKey, type ValueToken } from '@shared/widgets/text-tokens';
import { AppError } from '../errors';
import { describeError, logger } from '../logger';
import type { Caller } from './caller';
import { listWidgets } from './dashboard-service';
import { querySeriesSeenBy, rangeValueSeenBy, rawRowsOf, seriesViewOf, zoneOfPoint, type SeriesView } from './series-service';

type Widget = WidgetSettings & { location: string | null };

const SUPERIMPOSE_KEEP: Record<WidgetSettings['superimpose_filter'], number> = { all: Infinity, last2: 2, last3: 3, last4: 4, last5: 5 };

/** The series query of a widget's visible points over its period (`shift` periods further back for a comparison). */
const queryOf = (widget: Widget, shift = 0): SeriesQuery => {
  const points = widget.points.filter((point) => point.visible).map((point) => ({ point: point._id, calculation: point.calculation, unit_conversion: point.unit_conversion }));
  if (widget.period_type !== 'dateToDate') {
    return { points, period_type: widget.period_type, period: widget.period, sampling: widget.sampling, offset: widget.offset + shift, start: null, end: null };
  }
  const start = Date.parse(widget.start_date!);
  const end = Date.parse(widget.end_date!);
  const length = end - start;
  return {
    points,
    period_type: 'dateToDate',
    period: widget.period,
    sampling: widget.sampling,
    offset: 0,
    start: new Date(start - shift * length).toISOString(),
    end: new Date(end - shift * length).toISOString(),
  };
};

/** One value over one whole period (`period` sampled by itself), `offset` periods back. */
const periodValue = async (view: SeriesView, point: string, calculation: ValueToken['calculation'], period: ValueToken['period'], offset: number, now: number) => {
  const answer = await querySeriesSeenBy(view, { points: [{ point, calculation }], period_type: 'fixedPeriod', period, sampling: period, offset, start: null, end: null }, now);
  const [series] = answer.series;
  return { value: series.values.at(-1) ?? null, unit: series.unit, from: answer.calendars[series.calendar].from };
};

/**
 * Divides each value by its reference, `how_many` at a time: the surface of the widget's
 * location (or of the first point's), or another point's value over the same bucket (its default
 * calculation). A missing or zero reference leaves no value.
 */
const normalise = async (view: SeriesView, widget: Widget, frame: SeriesAnswer, now: number): Promise<SeriesAnswer> => {
  if (widget.normalisation.length === 0 || frame.series.length === 0) return frame;
  const { points } = view;
  const locations = new Map(view.locations.map((location) => [location._id, location]));
  const firstPoint = points.get(frame.series[0].point);
  const surface = locations.get(widget.location ?? '')?.surface ?? locations.get(firstPoint?.location[0] ?? '')?.surface ?? null;
  const divisors = await Promise.all(
    widget.normalisation.map(async (entry: Normalisation) => {
      if (entry.what.kind === 'surface') return { how_many: entry.how_many, label: 'm²', values: null as (number | null)[] | null, constant: surface };
      const reference = points.get(entry.what.point);
      if (!reference) throw new AppError('not_found', { details: `point ${entry.what.point}` });
      const answer = await querySeriesSeenBy(view, { ...queryOf(widget), points: [{ point: reference._id, calculation: DEFAULT_CALCULATION[reference.series_type] }] }, now);
      return { how_many: entry.how_many, label: answer.series[0].unit || reference.name, values: answer.series[0].values, constant: null };
    }),
  );
  const per = divisors.map((divisor) => `${divisor.how_many === 1 ? '' : `${divisor.how_many} `}${divisor.label}`).join('/');
  return {
    ...frame,
    series: frame.series.map((series) => {
      const unit = `${series.unit}/${per}`;
      const values = series.values.map((value, index) =>
        divisors.reduce<number | null>((result, divisor) => {
          const reference = divisor.values ? divisor.values[index] : divisor.constant;
          return result === null || reference === null || reference === 0 ? null : (result * divisor.how_many) / reference;
        }, value),
      );
      return { ...series, unit, values: values.map((value) => roundForUnit(value, series.unit)) };
    }),
  };
};

/** One point over its whole history, one series per year (by month or day of year), the last N years kept. */
const superimposedYears = (widget: Widget, frame: SeriesAnswer): WidgetData['superimposed'] => {
  const [series] = frame.series;
  if (!series) return [];
  const { dates } = frame.calendars[series.calendar];
  const years = new Map<number, { dates: string[]; values: (number | null)[] }>();
  dates.forEach((date, index) => {
    const year = Number(date.slice(0, 4));
    const entry = years.get(year) ?? { dates: [], values: [] };
    entry.dates.push(date);
    entry.values.push(series.values[index]);
    years.set(year, entry);
  });
  const all = [...years].sort(([a], [b]) => a - b).map(([year, entry]) => ({ year, ...entry }));
  return all.slice(-Math.min(all.length, SUPERIMPOSE_KEEP[widget.superimpose_filter]));
};

/**
 * The widget's period beside the previous one. A period under way (this month on the 27th) is
 * compared with the previous one up to the same moment, not with the whole of it, which would
 * show every month falling until its last day.
 */
const trendOf = async (view: SeriesView, widget: Widget, now: number): Promise<TrendData | null> => {
  const [point] = widget.points;
  if (!point) return null;
  const known = view.points.get(point._id);
  if (!known) throw new AppError('not_found', { details: `point ${point._id}` });
  const zone = zoneOfPoint(known, view.locations);
  const period = widget.period === 'all' ? 'year' : widget.period;
  const before = previousPeriodToDate(period, widget.offset, now, zone);
  const [current, previous] = await Promise.all([
    periodValue(view, point._id, point.calculation, period, widget.offset, now),
    before.to === null
      ? periodValue(view, point._id, point.calculation, period, widget.offset + 1, now)
      : rangeValueSeenBy(view, point._id, point.calculation, before.from, before.to),
  ]);
  const change =
    current.value === null || previous.value === null || previous.value === 0 ? null : ((current.value - previous.value) / Math.abs(previous.value)) * 100;
  return {
    current: current.value,
    previous: previous.value,
    change_percent: roundForUnit(change, '%'),
    unit: current.unit,
    current_from: current.from,
    previous_from: localIso(before.from, zone),
    previous_to: before.to === null ? null : localIso(before.to, zone),
  };
};

/**
 * Baseline, target and actual of the widget's point over the widget's period: the point's most
 * recent baseline and target set for that kind of period, and the measured value with the
 * baseline's calculation (the series type's default otherwise).
 */
const ipmvpOf = async (view: SeriesView, widget: Widget, now: number): Promise<IpmvpData | null> => {
  const point = view.points.get(widget.points[0]?._id ?? '');
  if (!point) return null;
  const period = widget.period === 'all' ? 'year' : widget.period;
  const latest = <T>(entries: readonly T[], periodOf: (entry: T) => string | null | undefined, dateOf: (entry: T) => string | null | undefined) =>
    entries.filter((entry) => periodOf(entry) === period).sort((a, b) => String(dateOf(b) ?? '').localeCompare(String(dateOf(a) ?? '')))[0];
  const baseline = latest(point.baselines, (entry) => entry.baseline_period, (entry) => entry.baseline_period_date);
  const target = latest(point.targets, (entry) => entry.target_period, (entry) => entry.target_period_date);
  const calculation = baseline?.baseline_calculation ?? BASELINE_DEFAULT_CALCULATION[point.series_type] ?? DEFAULT_CALCULATION[point.series_type];
  const actual = await periodValue(view, point._id, calculation, period, widget.offset, now);
  return { baseline: baseline?.value ?? null, target: target?.value ?? null, actual: actual.value, unit: actual.unit, period, from: actual.from };
};

/** Each distinct point-value token of a text, looked up once; a failed lookup is reported as such, not as a failed widget. */
const tokenValues = async (viewOf: () => Promise<SeriesView>, widget: Widget, now: number): Promise<WidgetData['tokens']> => {
  const tokens = new Map<string, ValueToken>();
  for (const { token } of findTokens(widget.text)) if (token.kind === 'value') tokens.set(tokenKey(token), token);
  if (tokens.size === 0) return {};
  const view = await viewOf();
  const entries = await Promise.all(
    [...tokens].map(async ([key, token]) => {
      try {
        const { value, unit } = await periodValue(view, token.point, token.calculation, token.period, token.offset, now);
        return [key, { value, unit }] as const;
      } catch (error) {
        logger.info('text token not resolved', { key, ...describeError(error) });
        return [key, { error: true as const }] as const;
      }
    }),
  );
  return Object.fromEntries(entries);
};

const EMPTY: WidgetData = { frame: null, compared: null, superimposed: null, trend: null, ipmvp: null, tokens: null, raw: null };

/**
 * Everything one widget shows, from the series engine, in one call: the frame of its points
 * (normalised where asked), the previous period beside it, superimposed years, the trend's two
 * values, IPMVP baseline/target/actual, the values of text tokens, raw rows for a minute table.
 */
export const widgetData = async (caller: Caller, input: Widget, nowIso?: string): Promise<WidgetData> =>
  dataOfWidget(caller, input, nowIso ? Date.parse(nowIso) : Date.now(), once(() => viewOfWidgets(caller, [input])));

/** The points a widget reads (its own, its normalisation's references, its text's value tokens) and the location it may stand on. */
const readsOfWidget = (widget: Widget): { points: string[]; locations: string[] } => ({
  points: [
    ...widget.points.map((point) => point._id),
    ...widget.normalisation.flatMap((entry: Normalisation) => (entry.what.kind === 'surface' ? [] : [entry.what.point])),
    ...(widget.type === 'text' ? findTokens(widget.text).flatMap(({ token }) => (token.kind === 'value' ? [token.point] : [])) : []),
  ],
  locations: widget.location !== null && isIdOf('location', widget.location) ? [widget.location] : [],
});

/** One view of the points and locations a page's widgets read, by key: a dashboard costs its widgets' points, not the customer's. */
const viewOfWidgets = (caller: Caller, widgets: readonly Widget[]): Promise<SeriesView> => {
  const reads = widgets.map(readsOfWidget);
  return seriesViewOf(caller, reads.flatMap((read) => read.points), reads.flatMap((read) => read.locations));
};

/** A value made on first call and shared by the later ones: the points a caller sees, read once for many widgets. */
const once = <T>(make: () => Promise<T>): (() => Promise<T>) => {
  let made: Promise<T> | null = null;
  return () => (made ??= make());
};

const dataOfWidget = async (caller: Caller, input: Widget, now: number, viewOf: () => Promise<SeriesView>): Promise<WidgetData> => {
  const widget = applyWidgetRules(input, new Date(now));
  if (widget.location !== null && !isIdOf('tab', widget.location) && !isIdOf('location', widget.location)) throw new AppError('not_found');
  if (widget.type === 'text') return { ...EMPTY, tokens: await tokenValues(viewOf, widget, now) };
  if (widget.type === 'image' || widget.points.length === 0) return EMPTY;
  // The points the caller sees and the locations' zones, read once for every query of the widget.
  const view = await viewOf();
  const missing = widget.points.find((point) => !view.points.has(point._id));
  if (missing) throw new AppError('not_found', { details: `point ${missing._id}` });
  if (widget.type === 'trend') return { ...EMPTY, trend: await trendOf(view, widget, now) };
  if (widget.type === 'IPMVP') return { ...EMPTY, ipmvp: await ipmvpOf(view, widget, now) };
  const [frame, compared] = await Promise.all([
    querySeriesSeenBy(view, queryOf(widget), now),
    widget.compare_periods && widget.period !== 'all' ? querySeriesSeenBy(view, queryOf(widget, 1), now) : Promise.resolve(null),
  ]);
  const raw = widget.type === 'table' && frame.sampling === 'minute' ? await rawRowsOf(caller, frame) : null;
  return {
    ...EMPTY,
    frame: await normalise(view, widget, frame, now),
    compared: compared && (await normalise(view, widget, compared, now)),
    superimposed: widget.superimpose ? superimposedYears(widget, frame) : null,
    raw,
  };
};

/**
 * A page's widgets, each with everything it shows, in one answer: the first screen of a page asks
 * its widgets and their data together rather than one after the other. The widgets are computed
 * side by side on one view of the caller's points. `listed` is the ownership step's: a widget it
 * will remove from the answer gets no data made. A widget that asks nothing, or whose data could
 * not be made, carries `data: null`; the page then asks that one on its own, as when it moves to
 * another period, and shows its error there.
 */
export const widgetsWithData = async (caller: Caller, page: string | null, listed: (widget: Owned) => boolean): Promise<WidgetWithData[]> => {
  const widgets = await listWidgets(caller, page);
  const now = Date.now();
  const viewOf = once(() => viewOfWidgets(caller, widgets.filter((widget) => needsWidgetData(widget) && listed(widget))));
  return Promise.all(
    widgets.map(async (widget) => {
      if (!needsWidgetData(widget) || !listed(widget)) return { ...widget, data: null };
      try {
        return { ...widget, data: await dataOfWidget(caller, widget, now, viewOf) };
      } catch (error) {
        logger.info('widget data left to the page', { widget: widget._id, ...describeError(error) });
        return { ...widget, data: null };
      }
    }),
  );
};
