import { describe, expect, it } from 'vitest';
import { widgetChromeOf } from '@shared/widgets/widget-chrome';

const plain = { type: 'chart', hidden_title_bar: false, show_only_chart: false } as const;

describe('what a widget\'s frame draws around its content', () => {
  it('gives a chart its title bar, period navigation and export', () => {
    expect(widgetChromeOf(plain)).toEqual({ titleBar: true, periodNavigation: true, csvExport: true });
  });

  it('draws a chart alone when it shows the chart only', () => {
    expect(widgetChromeOf({ ...plain, show_only_chart: true })).toEqual({ titleBar: false, periodNavigation: false, csvExport: false });
  });

  it('keeps the navigation of a chart whose title bar alone is hidden', () => {
    expect(widgetChromeOf({ ...plain, hidden_title_bar: true })).toEqual({ titleBar: false, periodNavigation: true, csvExport: true });
  });

  it('reads the chart-only setting on charts alone, where the dialog offers it', () => {
    expect(widgetChromeOf({ ...plain, type: 'table', show_only_chart: true })).toEqual({ titleBar: true, periodNavigation: true, csvExport: true });
  });

  it('gives texts and images no period to navigate', () => {
    expect(widgetChromeOf({ ...plain, type: 'text', hidden_title_bar: true }).periodNavigation).toBe(false);
    expect(widgetChromeOf({ ...plain, type: 'image', hidden_title_bar: true }).periodNavigation).toBe(false);
  });
});
