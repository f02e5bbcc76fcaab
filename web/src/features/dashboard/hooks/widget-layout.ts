import type { Widget } from '@shared/schemas/widget';

/**
 * What arranging changes of a widget: its place among the others, or its size. A move names the
 * position alone and a resize the size alone, so that neither sends back a value it did not change.
 */
export type WidgetLayout = Pick<Widget, '_id'> & Partial<Pick<Widget, 'position' | 'width_percent' | 'height'>>;

const MIN_WIDTH_PERCENT = 15;
const MIN_HEIGHT_PX = 50;
const MAX_HEIGHT_PX = 2000;

/** The widgets renumbered after `moving` is dropped onto `target` (it takes the target's place); only those whose position changes. */
export const placeWidget = (widgets: readonly Widget[], moving: string, target: string): WidgetLayout[] => {
  const at = widgets.findIndex((widget) => widget._id === target);
  const moved = widgets.find((widget) => widget._id === moving);
  if (!moved || at < 0) return [];
  const ordered = widgets.filter((widget) => widget._id !== moving);
  ordered.splice(at, 0, moved);
  return ordered.flatMap((widget, position) => (widget.position === position ? [] : [{ _id: widget._id, position }]));
};

/**
 * A widget's size from where the pointer is: a height in pixels (50 to 2000) and, unless the drag
 * kept its width (`widthPx` null), a width in percent of the grid (15 to 100).
 */
export const resizeWidget = (widget: Widget, pointer: { widthPx: number | null; heightPx: number; containerPx: number }): WidgetLayout => ({
  _id: widget._id,
  ...(pointer.widthPx === null ? {} : { width_percent: Math.round(Math.min(100, Math.max(MIN_WIDTH_PERCENT, (pointer.widthPx / pointer.containerPx) * 100)) * 10) / 10 }),
  height: Math.round(Math.min(MAX_HEIGHT_PX, Math.max(MIN_HEIGHT_PX, pointer.heightPx))),
});

/** The widgets with the latest local layout changes applied, in position order. */
export const withLayout = (widgets: readonly Widget[], changes: ReadonlyMap<string, WidgetLayout>): Widget[] =>
  widgets.map((widget) => ({ ...widget, ...changes.get(widget._id) })).sort((a, b) => a.position - b.position);
