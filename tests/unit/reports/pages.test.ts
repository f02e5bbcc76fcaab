import { describe, expect, it } from 'vitest';
import { addPage, duplicatePage, moveWidget, pasteWidget, removalNeedsConfirmation, removePage, removeWidget, replaceWidget, resizeWidgetOnPage, setLayout, widgetAt, type Pages, type PagesChange } from '@shared/reports/pages';
import { DEFAULT_REPORT_NAME, layoutWidthPercent, REPORT_PAGE_SIZES, reportInputSchema, reportWidgetSchema, type ReportWidget } from '@shared/schemas/report';

const widget = (_id: string, title = _id): ReportWidget => ({ ...reportWidgetSchema.parse({ title }), _id });
const ids = (pages: Pages) => pages.map((page) => page.map((item) => item._id));
const pagesOf = (change: PagesChange) => {
  if (!change.ok) throw new Error(`refused: ${change.problem}`);
  return change;
};
let counter = 0;
const newId = () => `wgt-new-${(counter += 1)}`;

describe('report pages', () => {
  const pages: Pages = [[widget('wgt-a'), widget('wgt-b')], [widget('wgt-c')]];

  it('start with the spec defaults: one empty portrait page; widgets 320 px high and 75 % wide', () => {
    expect(reportInputSchema.parse({ name: DEFAULT_REPORT_NAME })).toMatchObject({ orientation: 'portrait', content: { pages: [[]] } });
    expect(reportWidgetSchema.parse({})).toMatchObject({ height: 320, width_percent: 75, type: 'chart', layout: null });
    expect(REPORT_PAGE_SIZES).toEqual({ portrait: { width: 770, height: 1112 }, landscape: { width: 1102, height: 783 } });
    expect(() => reportInputSchema.parse({ name: '  ' })).toThrow();
  });

  it('add a page at the end and show it', () => {
    const change = pagesOf(addPage(pages));
    expect([ids(change.pages), change.shown]).toEqual([[['wgt-a', 'wgt-b'], ['wgt-c'], []], 2]);
  });

  it('duplicate a page right after it, with new widget ids, and number every widget by its place', () => {
    const change = pagesOf(duplicatePage(pages, 0, newId));
    expect(ids(change.pages)).toEqual([['wgt-a', 'wgt-b'], ['wgt-new-1', 'wgt-new-2'], ['wgt-c']]);
    expect(change.shown).toBe(1);
    expect(change.pages[2][0]).toMatchObject({ page_index: 2, widget_index: 0 });
    expect(change.pages[1][1]).toMatchObject({ title: 'wgt-b', page_index: 1, widget_index: 1 });
  });

  it('remove a page (confirmed when it holds widgets), then show the last one; the last page stays', () => {
    expect([removalNeedsConfirmation(pages, 0), removalNeedsConfirmation([...pages, []], 2)]).toEqual([true, false]);
    const change = pagesOf(removePage([...pages, []], 0));
    expect([ids(change.pages), change.shown]).toEqual([[['wgt-c'], []], 1]);
    expect(removePage([[widget('wgt-a')]], 0)).toEqual({ ok: false, problem: 'last_page' });
    expect(removePage(pages, 5)).toEqual({ ok: false, problem: 'page_not_found' });
  });

  it('move a widget to another page, last there, and show that page', () => {
    const change = pagesOf(moveWidget(pages, { page: 0, widget: 0 }, 1));
    expect([ids(change.pages), change.shown]).toEqual([[['wgt-b'], ['wgt-c', 'wgt-a']], 1]);
    expect(change.pages[1][1]).toMatchObject({ page_index: 1, widget_index: 1 });
    expect(moveWidget(pages, { page: 0, widget: 7 }, 1)).toEqual({ ok: false, problem: 'widget_not_found' });
  });

  it('paste a copy of a widget with its own id, and set a layout: n widgets to a row', () => {
    const { _id, ...copied } = widget('wgt-dashboard', 'Consommation');
    const pasted = pagesOf(pasteWidget(pages, 1, copied, newId));
    expect(pasted.pages[1][1]).toMatchObject({ title: 'Consommation', page_index: 1, widget_index: 1 });
    expect(pasted.pages[1][1]._id).not.toBe(_id);
    const laid = pagesOf(setLayout(pages, { page: 0, widget: 1 }, 3));
    expect(laid.pages[0][1]).toMatchObject({ layout: 3, width_percent: 33.33 });
    expect([1, 2, 3, 4, 5, 6].map((layout) => layoutWidthPercent(layout as 1))).toEqual([100, 50, 33.33, 25, 20, 16.67]);
  });

  it('resize a dragged widget: its height within the page, its width a layout\'s when near one, its own otherwise, kept when the drag went straight down', () => {
    const at = { page: 0, widget: 1 };
    const maxHeight = 1064;
    const down = pagesOf(resizeWidgetOnPage(pages, at, { widthPercent: null, height: 400.4, maxHeight }));
    expect(down.pages[0][1]).toMatchObject({ height: 400, width_percent: 75, layout: null });
    expect(down.pages[0][0]).toEqual(pages[0][0]);
    expect(pagesOf(resizeWidgetOnPage(pages, at, { widthPercent: 98.6, height: 320, maxHeight })).pages[0][1]).toMatchObject({ layout: 1, width_percent: 100 });
    expect(pagesOf(resizeWidgetOnPage(pages, at, { widthPercent: 34.9, height: 320, maxHeight })).pages[0][1]).toMatchObject({ layout: 3, width_percent: 33.33 });
    expect(pagesOf(resizeWidgetOnPage(pages, at, { widthPercent: 62.04, height: 320, maxHeight })).pages[0][1]).toMatchObject({ layout: null, width_percent: 62 });
    expect(pagesOf(resizeWidgetOnPage(pages, at, { widthPercent: 3, height: 10, maxHeight })).pages[0][1]).toMatchObject({ layout: 6, width_percent: 16.67, height: 50 });
    expect(pagesOf(resizeWidgetOnPage(pages, at, { widthPercent: 140, height: 5000, maxHeight })).pages[0][1]).toMatchObject({ layout: 1, width_percent: 100, height: 1064 });
    expect(resizeWidgetOnPage(pages, { page: 0, widget: 5 }, { widthPercent: null, height: 300, maxHeight })).toEqual({ ok: false, problem: 'widget_not_found' });
  });

  it('find a widget by page and place, or say which does not exist', () => {
    expect(widgetAt(pages, 1, 0)).toMatchObject({ _id: 'wgt-c' });
    expect(widgetAt(pages, 1, 4)).toBe('widget_not_found');
    expect(widgetAt(pages, 3, 0)).toBe('page_not_found');
  });

  it('change a widget in its place, keeping its id, and delete one, the others closing up', () => {
    const { _id, ...settings } = widget('ignored', 'Gaz');
    const changed = pagesOf(replaceWidget(pages, { page: 0, widget: 1 }, settings));
    expect(changed.pages[0][1]).toMatchObject({ _id: 'wgt-b', title: 'Gaz', page_index: 0, widget_index: 1 });
    expect(replaceWidget(pages, { page: 0, widget: 2 }, settings)).toEqual({ ok: false, problem: 'widget_not_found' });
    const removed = pagesOf(removeWidget(pages, { page: 0, widget: 0 }));
    expect([ids(removed.pages), removed.shown]).toEqual([[['wgt-b'], ['wgt-c']], 0]);
    expect(removed.pages[0][0]).toMatchObject({ widget_index: 0 });
    expect(removeWidget(pages, { page: 4, widget: 0 })).toEqual({ ok: false, problem: 'page_not_found' });
  });
});
