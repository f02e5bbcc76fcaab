import { describe, expect, it } from 'vitest';
import { widgetSchema, type Widget } from '@shared/schemas/widget';
import { placeWidget, resizeWidget, withLayout } from '../../web/src/features/dashboard/hooks/widget-layout';

const widget = (id: string, position: number): Widget =>
  widgetSchema.parse({ _id: id, customer: 'cust-a', user: 'usr-a', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', position });

describe('arranging widgets', () => {
  const widgets = [widget('wgt-a', 0), widget('wgt-b', 1), widget('wgt-c', 2)];

  it('moves a widget to the place of the one it is dropped on, renumbering only what changes', () => {
    expect(placeWidget(widgets, 'wgt-c', 'wgt-a').map(({ _id, position }) => [_id, position])).toEqual([['wgt-c', 0], ['wgt-a', 1], ['wgt-b', 2]]);
    expect(placeWidget(widgets, 'wgt-a', 'wgt-b').map(({ _id, position }) => [_id, position])).toEqual([['wgt-b', 0], ['wgt-a', 1]]);
    expect(placeWidget(widgets, 'wgt-a', 'wgt-unknown')).toEqual([]);
  });

  it('keeps sizes within 15–100 % wide and 50–2000 px high', () => {
    expect(resizeWidget(widgets[0], { widthPx: 300, heightPx: 20, containerPx: 1000 })).toMatchObject({ width_percent: 30, height: 50 });
    expect(resizeWidget(widgets[0], { widthPx: 5000, heightPx: 9000, containerPx: 1000 })).toMatchObject({ width_percent: 100, height: 2000 });
    expect(resizeWidget(widgets[0], { widthPx: 10, heightPx: 400, containerPx: 1000 })).toMatchObject({ width_percent: 15, height: 400 });
    // A drag straight down changes the height alone: the width is not sent back.
    expect(resizeWidget(widgets[0], { widthPx: null, heightPx: 460, containerPx: 1000 })).toEqual({ _id: widgets[0]._id, height: 460 });
  });

  it('shows local changes in position order', () => {
    const changes = new Map(placeWidget(widgets, 'wgt-c', 'wgt-a').map((change) => [change._id, change]));
    expect(withLayout(widgets, changes).map((entry) => entry._id)).toEqual(['wgt-c', 'wgt-a', 'wgt-b']);
  });
});
