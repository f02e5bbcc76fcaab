import { DateTime } from 'luxon';
import { PALETTE } from '../constants';
import { DEFAULT_CALCULATION, type SeriesType } from '../series/calculations';
import { correctPeriod, correctSampling, type Period, type Sampling } from '../series/sampling';
import {
  TEXT_WIDGET_HEIGHT,
  widgetInputSchema,
  type ChartStyle,
  type WidgetInput,
  type WidgetPoint,
  type WidgetSettings,
  type WidgetType,
} from '../schemas/widget';

/**
 * The rules of the widget dialog (spec 1 §4.5, §5), written once: the dialog applies them as the
 * user edits, the server applies them again on every save, reports use the same dialog.
 */

/** Chart style a point gets when it is added, by series type. */
export const DEFAULT_STYLE: Record<SeriesType, ChartStyle> = { index: 'column', counter: 'column', measure: 'spline', io: 'on_off' };

/** A point added to a widget: the calculation and style its series type calls for, and the next colour. */
export const newWidgetPoint = (point: { _id: string; series_type: SeriesType }, color: string): WidgetPoint => ({
  _id: point._id,
  color,
  type: DEFAULT_STYLE[point.series_type],
  calculation: DEFAULT_CALCULATION[point.series_type],
  visible: true,
  unit_conversion: null,
  show_details: false,
});

/** The colour of the next point added: the first palette colour the widget does not use yet, then round the palette again. */
export const nextPointColour = (points: readonly Pick<WidgetPoint, 'color'>[]): string => {
  const used = new Set(points.map((point) => point.color.toLowerCase()));
  return PALETTE.find((colour) => !used.has(colour)) ?? PALETTE[points.length % PALETTE.length];
};

/** Where the dialog is opened: a widget of a report is wider and lower by default (spec 1 §9). */
export type WidgetContext = 'dashboard' | 'report';

const REPORT_WIDGET_DEFAULTS = { width_percent: 75, height: 320 } as const;

/** The settings a new widget starts from in the dialog. */
export const newWidgetSettings = (context: WidgetContext): WidgetInput => ({
  ...widgetInputSchema.parse({}),
  ...(context === 'report' ? REPORT_WIDGET_DEFAULTS : {}),
});

/** Widget types that draw one point only, with the message key shown when a second is added. */
export const ONE_POINT_TYPES: Partial<Record<WidgetType, string>> = { trend: 'widgets.errors.trendOnePoint', IPMVP: 'widgets.errors.ipmvpOnePoint' };

/** Whether a point may be added to a widget of that type already holding `count` points; else the message key. */
export const canAddPoint = (type: WidgetType, count: number): { ok: true } | { ok: false; message: string } => {
  const message = ONE_POINT_TYPES[type];
  return message && count >= 1 ? { ok: false, message } : { ok: true };
};

/** Superimposed years need a chart over the whole history of one point. */
export const canSuperimpose = (settings: Pick<WidgetSettings, 'type' | 'period' | 'points'>): boolean =>
  settings.type === 'chart' && settings.period === 'all' && settings.points.length <= 1;

/** How many sampling steps a period holds, where the auto-tooltip can point at one (day by hour, week by day, year by month). */
const TOOLTIP_STEPS: Partial<Record<Period, Partial<Record<Sampling, number>>>> = {
  day: { hour: 24 },
  week: { day: 7 },
  year: { month: 12 },
};

/** The auto-tooltip offset, clamped to the steps of the period (day by hour 23, week by day 6, year by month 11), 0 where not supported. */
export const clampTooltipOffset = (period: Period, sampling: Sampling, offset: number): number => {
  const steps = TOOLTIP_STEPS[period]?.[sampling];
  if (!steps || !Number.isFinite(offset)) return 0;
  return Math.min(Math.max(0, Math.trunc(offset)), steps - 1);
};

/** dateToDate starts as the last month: end now, start one month earlier. */
export const defaultDateRange = (now: Date): { start_date: string; end_date: string } => ({
  // Luxon clamps to the month's end: one month before 31 March is the last day of February.
  start_date: DateTime.fromJSDate(now, { zone: 'utc' }).minus({ months: 1 }).toJSDate().toISOString(),
  end_date: now.toISOString(),
});

/** A date-to-date widget must end after it starts (the series query refuses the range otherwise). */
export const hasOrderedDateRange = (settings: Pick<WidgetSettings, 'period_type' | 'start_date' | 'end_date'>): boolean =>
  settings.period_type !== 'dateToDate' ||
  !settings.start_date ||
  !settings.end_date ||
  Date.parse(settings.start_date) < Date.parse(settings.end_date);

/**
 * A widget's settings made consistent: text and image hide the title bar, the
 * period and sampling corrected, dateToDate given a range when it has none, superimpose only
 * where it can be, one point for trend and IPMVP, evolution in percent (no conversion), the
 * tooltip clamped.
 */
export const applyWidgetRules = <T extends WidgetSettings>(settings: T, now: Date = new Date()): T => {
  const period = correctPeriod(settings.period_type, settings.period);
  const sampling = correctSampling(period, settings.sampling);
  const textOrImage = settings.type === 'text' || settings.type === 'image';
  const points = ONE_POINT_TYPES[settings.type] ? settings.points.slice(0, 1) : settings.points;
  const range =
    settings.period_type === 'dateToDate' && (!settings.start_date || !settings.end_date) ? defaultDateRange(now) : {};
  return {
    ...settings,
    ...range,
    period,
    sampling,
    // Evolution is answered in percent by the series engine: no unit conversion applies to it.
    points: points.map((point) => (point.calculation === 'evo' ? { ...point, unit_conversion: null } : point)),
    hidden_title_bar: textOrImage ? true : settings.hidden_title_bar,
    superimpose: settings.superimpose && canSuperimpose({ type: settings.type, period, points }),
    auto_tooltip_offset: clampTooltipOffset(period, sampling, settings.auto_tooltip_offset),
  };
};

/**
 * A widget that becomes a text is 50 high (spec 1 §4.5: "text sets height 50"): when it is made
 * one, not at every save, so that a taller text (typed in the dialog, resized on the page) stays so.
 */
export const madeText = <T extends WidgetSettings>(settings: T, before?: { type: WidgetType }): T =>
  settings.type === 'text' && before?.type !== 'text' ? { ...settings, height: TEXT_WIDGET_HEIGHT } : settings;

/** One change of the widget dialog: the rules, and the text's height when the type becomes text. */
export const changeWidgetSettings = <T extends WidgetSettings>(current: T, changes: Partial<T>, now: Date = new Date()): T =>
  applyWidgetRules(madeText({ ...current, ...changes }, current), now);
