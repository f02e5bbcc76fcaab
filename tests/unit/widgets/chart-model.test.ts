import { describe, expect, it } from 'vitest';
import type { SeriesAnswer } from '@shared/schemas/series';
import type { WidgetData } from '@shared/schemas/widget-data';
import { widgetSettingsSchema } from '@shared/schemas/widget';
import { chartModelOf, lineValueDomain, type ChartSeries } from '@shared/widgets/chart-model';

const frame = (values: (number | null)[][]): SeriesAnswer => ({
  sampling: 'day',
  period: 'month',
  calendars: [{ timezone: 'Europe/Paris', from: '', to: '', dates: ['2026-11-01T00:00:00+01:00', '2026-11-02T00:00:00+01:00'] }],
  series: values.map((entry, index) => ({ point: `pt-${index}`, name: `P${index}`, calculation: 'sum', unit: 'kWh', timezone: 'Europe/Paris', calendar: 0, values: entry })),
});
const data = (overrides: Partial<WidgetData>): WidgetData => ({ frame: null, compared: null, superimposed: null, trend: null, ipmvp: null, tokens: null, raw: null, ...overrides });
const previous = (name: string) => `${name} (préc.)`;

describe('chart model', () => {
  it('draws visible points in their colour and style at positions 1..n', () => {
    const widget = widgetSettingsSchema.parse({
      points: [
        { _id: 'pt-0', color: '#ff0000', type: 'spline' },
        { _id: 'pt-1', visible: false },
      ],
    });
    const model = chartModelOf(widget, data({ frame: frame([[1, null], [2, 3]]) }), previous);
    expect(model.dates).toHaveLength(2);
    expect(model.series).toEqual([
      { key: 'pt-0-0', name: 'P0', unit: 'kWh', color: '#ff0000', style: 'spline', previous: false, values: [{ x: 1, y: 1 }, { x: 2, y: null }] },
    ]);
  });

  it('puts the previous period beside each point when periods are compared', () => {
    const widget = widgetSettingsSchema.parse({ compare_periods: true, points: [{ _id: 'pt-0' }] });
    const model = chartModelOf(widget, data({ frame: frame([[1, 2]]), compared: frame([[5, 6]]) }), previous);
    expect(model.series.map((series) => [series.name, series.previous, series.values.map((value) => value.y)])).toEqual([
      ['P0 (préc.)', true, [5, 6]],
      ['P0', false, [1, 2]],
    ]);
  });

  it('draws one line per year when superimposed, each value at its month of the year', () => {
    const widget = widgetSettingsSchema.parse({ superimpose: true, period: 'all', sampling: 'month', points: [{ _id: 'pt-0' }] });
    const month = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}-01T00:00:00.000+01:00`;
    const model = chartModelOf(
      widget,
      data({
        superimposed: [
          // Values since November 2025 only: drawn at November and December, not at January and February.
          { year: 2025, dates: [month(2025, 11), month(2025, 12)], values: [4, 38] },
          { year: 2026, dates: [month(2026, 1), month(2026, 2), month(2026, 11)], values: [30, 31, 29] },
        ],
      }),
      previous,
    );
    expect(model.dates).toEqual([month(2026, 1), month(2026, 2), month(2026, 11), month(2025, 12)]);
    expect(model.series.map((series) => series.values)).toEqual([
      [{ x: 3, y: 4 }, { x: 4, y: 38 }],
      [{ x: 1, y: 30 }, { x: 2, y: 31 }, { x: 3, y: 29 }],
    ]);
    expect(model.series.map((series) => [series.name, series.style])).toEqual([['2025', 'line'], ['2026', 'line']]);
  });

  describe('value axis of lines', () => {
    const drawn = (style: ChartSeries['style'], values: (number | null)[]): ChartSeries => ({
      key: style,
      name: style,
      unit: '°C',
      color: '#000',
      style,
      previous: false,
      values: values.map((y, index) => ({ x: index + 1, y })),
    });

    it('fits the values with a twentieth of their spread beyond each, leaving out the buckets still to come', () => {
      expect(lineValueDomain([drawn('spline', [10, 8, 7, null, null])])).toEqual([6.85, 10.15]);
      // The previous period's line counts too.
      expect(lineValueDomain([drawn('line', [10, null]), { ...drawn('line', [4, 6]), previous: true }])).toEqual([3.7, 10.3]);
    });

    it('keeps a flat line inside a band of its own', () => {
      expect(lineValueDomain([drawn('on_off', [0, 0, null])])).toEqual([-1, 1]);
      expect(lineValueDomain([drawn('line', [40, 40])])).toEqual([38, 42]);
    });

    it('leaves bars and areas on the axis from zero, and a chart without values to the library', () => {
      expect(lineValueDomain([drawn('line', [10, 8]), drawn('column', [1, 2])])).toBeUndefined();
      expect(lineValueDomain([drawn('area', [10, 8])])).toBeUndefined();
      expect(lineValueDomain([drawn('line', [null, null])])).toBeUndefined();
      expect(lineValueDomain([])).toBeUndefined();
    });
  });
});
