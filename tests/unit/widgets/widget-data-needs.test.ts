import { describe, expect, it } from 'vitest';
import type { WidgetData } from '@shared/schemas/widget-data';
import { widgetSettingsSchema } from '@shared/schemas/widget';
import { hasWidgetValues, needsWidgetData } from '@shared/widgets/widget-data-needs';
import { tokenSpan } from '@shared/widgets/text-tokens';

const nothing: WidgetData = { frame: null, compared: null, superimposed: null, trend: null, ipmvp: null, tokens: null, raw: null };
const point = { _id: 'pt-a' };

describe('widget data needs', () => {
  it('asks the server for charts with points, texts with point values, never for images', () => {
    expect(needsWidgetData(widgetSettingsSchema.parse({ type: 'chart', points: [point] }))).toBe(true);
    expect(needsWidgetData(widgetSettingsSchema.parse({ type: 'chart' }))).toBe(false);
    expect(needsWidgetData(widgetSettingsSchema.parse({ type: 'image', points: [point] }))).toBe(false);
    expect(needsWidgetData(widgetSettingsSchema.parse({ type: 'text', text: tokenSpan({ kind: 'date', period: 'month', offset: 0 }) }))).toBe(false);
    const valueToken = tokenSpan({ kind: 'value', point: 'pt-a', technicalId: null, calculation: 'sum', period: 'month', offset: 0, showUnit: true });
    expect(needsWidgetData(widgetSettingsSchema.parse({ type: 'text', text: valueToken }))).toBe(true);
  });

  it('calls a period empty when no point has a value in it', () => {
    const emptyFrame = { sampling: 'day', period: 'month', calendars: [{ timezone: 'UTC', from: '', to: '', dates: ['2026-11-01T00:00:00Z'] }], series: [{ point: 'pt-a', name: 'A', calculation: 'sum', unit: 'kWh', timezone: 'UTC', calendar: 0, values: [null] }] };
    expect(hasWidgetValues('chart', { ...nothing, frame: emptyFrame })).toBe(false);
    expect(hasWidgetValues('chart', { ...nothing, frame: { ...emptyFrame, series: [{ ...emptyFrame.series[0], values: [0] }] } })).toBe(true);
    expect(hasWidgetValues('table', { ...nothing, raw: [{ point: 'pt-a', rows: [{ date: '2026-11-01T00:00:00Z', value: 1, status: '1' }] }] })).toBe(true);
    expect(hasWidgetValues('trend', { ...nothing, trend: { current: null, previous: null, change_percent: null, unit: 'kWh', current_from: '', previous_from: '', previous_to: null } })).toBe(false);
    expect(hasWidgetValues('IPMVP', { ...nothing, ipmvp: { baseline: 10, target: null, actual: null, unit: 'kWh', period: 'year', from: '' } })).toBe(true);
    expect(hasWidgetValues('text', null)).toBe(true);
  });
});
