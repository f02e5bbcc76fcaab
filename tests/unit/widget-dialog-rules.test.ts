import { describe, expect, it } from 'vitest';
import { widgetSettingsSchema, type WidgetSettings } from '@shared/schemas/widget';
import { PALETTE } from '@shared/constants';
import {
  applyWidgetRules,
  changeWidgetSettings,
  defaultDateRange,
  canAddPoint,
  canSuperimpose,
  clampTooltipOffset,
  hasOrderedDateRange,
  madeText,
  newWidgetPoint,
  newWidgetSettings,
  nextPointColour,
} from '@shared/widgets/dialog-rules';

const settings = (overrides: Partial<WidgetSettings> = {}): WidgetSettings => ({ ...widgetSettingsSchema.parse({}), ...overrides });
const NOW = new Date('2026-11-23T10:00:00Z');

describe('widget defaults', () => {
  it('are the spec\'s: chart 500 x 400, 48.5 %, month by day, z-index 1', () => {
    expect(settings()).toMatchObject({ type: 'chart', width: 500, height: 400, width_percent: 48.5, period: 'month', sampling: 'day', z_index: 1 });
  });
});

describe('the widget dialog rules', () => {
  it.each([
    ['text hides the title bar', { type: 'text' as const }, { hidden_title_bar: true }],
    ['image hides the title bar and keeps its height', { type: 'image' as const }, { hidden_title_bar: true, height: 400 }],
    ['a sliding "all" becomes a year', { period_type: 'slidingPeriod' as const, period: 'all' as const }, { period: 'year' }],
    ['minute over a year becomes day', { period: 'year' as const, sampling: 'minute' as const }, { sampling: 'day' }],
    ['year over a month becomes month', { period: 'month' as const, sampling: 'year' as const }, { sampling: 'month' }],
    ['month over a week becomes week', { period: 'week' as const, sampling: 'month' as const }, { sampling: 'week' }],
    ['week over a day becomes day', { period: 'day' as const, sampling: 'week' as const }, { sampling: 'day' }],
    ['dateToDate gets now and one month before', { period_type: 'dateToDate' as const }, { start_date: '2026-10-23T10:00:00.000Z', end_date: '2026-11-23T10:00:00.000Z' }],
    ['superimpose is dropped outside a chart over all', { superimpose: true, period: 'month' as const }, { superimpose: false }],
    ['superimpose stays on a chart over all with one point', { superimpose: true, period: 'all' as const }, { superimpose: true }],
  ])('%s', (_, overrides, expected) => {
    expect(applyWidgetRules(settings(overrides), NOW)).toMatchObject(expected);
  });

  it('makes a widget 50 high when it becomes a text, and keeps a taller text as tall afterwards', () => {
    const text = changeWidgetSettings(settings(), { type: 'text' }, NOW);
    expect(text).toMatchObject({ type: 'text', height: 50, hidden_title_bar: true });
    const taller = changeWidgetSettings(text, { height: 120 }, NOW);
    expect(taller.height).toBe(120);
    expect(changeWidgetSettings(taller, { title: 'Introduction' }, NOW).height).toBe(120);
    // A text read back (a report's, 90 high) keeps its height; only a new text takes 50.
    expect(madeText(settings({ type: 'text', height: 90 }), { type: 'text' }).height).toBe(90);
    expect(madeText(settings({ type: 'text', height: 90 })).height).toBe(50);
  });

  it('keeps one point on trend and IPMVP widgets, and says why a second is refused', () => {
    const two = [newWidgetPoint({ _id: 'pt-a', series_type: 'index' }, '#1c7ed6'), newWidgetPoint({ _id: 'pt-b', series_type: 'counter' }, '#2f9e44')];
    expect(applyWidgetRules(settings({ type: 'trend', points: two })).points).toHaveLength(1);
    expect(canAddPoint('trend', 1)).toEqual({ ok: false, message: 'widgets.errors.trendOnePoint' });
    expect(canAddPoint('IPMVP', 1)).toEqual({ ok: false, message: 'widgets.errors.ipmvpOnePoint' });
    expect(canAddPoint('chart', 5)).toEqual({ ok: true });
    expect(canSuperimpose({ type: 'chart', period: 'all', points: two })).toBe(false);
  });

  it('starts a date-to-date range one calendar month back, at the end of a shorter month', () => {
    expect(defaultDateRange(new Date('2026-03-31T08:00:00Z')).start_date).toBe('2026-02-28T08:00:00.000Z');
  });

  it('gives an added point the calculation and style of its series type', () => {
    expect(newWidgetPoint({ _id: 'pt-a', series_type: 'index' }, '#000000')).toMatchObject({ calculation: 'diff', type: 'column' });
    expect(newWidgetPoint({ _id: 'pt-a', series_type: 'counter' }, '#000000')).toMatchObject({ calculation: 'sum', type: 'column' });
    expect(newWidgetPoint({ _id: 'pt-a', series_type: 'measure' }, '#000000')).toMatchObject({ calculation: 'avg', type: 'spline' });
    expect(newWidgetPoint({ _id: 'pt-a', series_type: 'io' }, '#000000')).toMatchObject({ calculation: 'sum', type: 'on_off' });
  });

  it('clamps the auto-tooltip offset to the steps of the period, 0 where unsupported', () => {
    expect(clampTooltipOffset('day', 'hour', 40)).toBe(23);
    expect(clampTooltipOffset('week', 'day', 9)).toBe(6);
    expect(clampTooltipOffset('year', 'month', 12)).toBe(11);
    expect(clampTooltipOffset('year', 'month', 4)).toBe(4);
    expect(clampTooltipOffset('month', 'day', 4)).toBe(0);
    expect(clampTooltipOffset('day', 'hour', -3)).toBe(0);
  });
});

describe('a point added in the dialog', () => {
  it('takes the first palette colour when the widget has none', () => {
    expect(nextPointColour([])).toBe(PALETTE[0]);
  });

  it('takes the first palette colour not used yet, whatever the order of the points', () => {
    expect(nextPointColour([{ color: PALETTE[1] }, { color: PALETTE[0].toUpperCase() }])).toBe(PALETTE[2]);
  });

  it('goes round the palette again once all 28 colours are used', () => {
    const all = PALETTE.map((color) => ({ color }));
    expect(nextPointColour(all)).toBe(PALETTE[0]);
    expect(nextPointColour([...all, { color: PALETTE[5] }])).toBe(PALETTE[1]);
  });
});

describe('a new widget in the dialog', () => {
  it('starts from the spec\'s defaults on a dashboard', () => {
    expect(newWidgetSettings('dashboard')).toMatchObject({ type: 'chart', width_percent: 48.5, height: 400, period: 'month', sampling: 'day' });
  });

  it('is 75 % wide and 320 high in a report', () => {
    expect(newWidgetSettings('report')).toMatchObject({ type: 'chart', width_percent: 75, height: 320 });
  });
});

describe('a date-to-date range', () => {
  const range = (start_date: string | null, end_date: string | null) => ({ period_type: 'dateToDate' as const, start_date, end_date });

  it('is accepted when it ends after it starts', () => {
    expect(hasOrderedDateRange(range('2026-10-23T10:00:00.000Z', '2026-11-23T10:00:00.000Z'))).toBe(true);
  });

  it('is refused when it ends when or before it starts', () => {
    expect(hasOrderedDateRange(range('2026-11-23T10:00:00.000Z', '2026-11-23T10:00:00.000Z'))).toBe(false);
    expect(hasOrderedDateRange(range('2026-11-23T10:00:00.000Z', '2026-10-23T10:00:00+02:00'))).toBe(false);
  });

  it('matters only for date-to-date widgets', () => {
    expect(hasOrderedDateRange({ ...range('2026-11-23T10:00:00.000Z', '2026-10-23T10:00:00.000Z'), period_type: 'fixedPeriod' })).toBe(true);
  });
});
