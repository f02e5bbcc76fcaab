import { layoutWidthPercent, MAX_REPORT_PAGES, MAX_WIDGETS_PER_PAGE, REPORT_LAYOUTS, type ReportLayout, type ReportWidget } from '../schemas/report';

/**
 * The editing of a report's pages (spec 2 §2): add, duplicate and remove a page, move a widget to
 * another page, paste one, set its layout. Pure: each answers the new pages and the page to show,
 * or why it cannot.
 */
export type Pages = ReportWidget[][];
export type PageProblem = 'last_page' | 'pages_full' | 'page_full' | 'page_not_found' | 'widget_not_found';
export type PagesChange = { ok: true; pages: Pages; shown: number } | { ok: false; problem: PageProblem };

const refused = (problem: PageProblem): PagesChange => ({ ok: false, problem });
const hasPage = (pages: Pages, index: number) => Number.isInteger(index) && index >= 0 && index < pages.length;

/** Where each widget stands: its page and its place on it, as the widget knows it. */
const numbered = (pages: Pages): Pages => pages.map((widgets, page_index) => widgets.map((widget, widget_index) => ({ ...widget, page_index, widget_index })));

export const addPage = (pages: Pages): PagesChange =>
  pages.length >= MAX_REPORT_PAGES ? refused('pages_full') : { ok: true, pages: [...pages, []], shown: pages.length };

/** A copy of a page right after it, its widgets with new ids. */
export const duplicatePage = (pages: Pages, index: number, newId: () => string): PagesChange => {
  if (!hasPage(pages, index)) return refused('page_not_found');
  if (pages.length >= MAX_REPORT_PAGES) return refused('pages_full');
  const copy = pages[index].map((widget) => ({ ...widget, _id: newId() }));
  return { ok: true, pages: numbered([...pages.slice(0, index + 1), copy, ...pages.slice(index + 1)]), shown: index + 1 };
};

/** Removing a page that holds widgets is confirmed first (spec 2 §2). */
export const removalNeedsConfirmation = (pages: Pages, index: number): boolean => hasPage(pages, index) && pages[index].length > 0;

/** A report keeps one page at least; after a removal the last page shows (spec 2 §2). */
export const removePage = (pages: Pages, index: number): PagesChange => {
  if (!hasPage(pages, index)) return refused('page_not_found');
  if (pages.length === 1) return refused('last_page');
  const kept = pages.filter((_, at) => at !== index);
  return { ok: true, pages: numbered(kept), shown: kept.length - 1 };
};

/** Changing a widget's page moves it there, last on that page; the target page shows. */
export const moveWidget = (pages: Pages, from: { page: number; widget: number }, toPage: number): PagesChange => {
  if (!hasPage(pages, from.page) || !hasPage(pages, toPage)) return refused('page_not_found');
  const widget = pages[from.page][from.widget];
  if (!widget) return refused('widget_not_found');
  if (toPage === from.page) return { ok: true, pages, shown: toPage };
  if (pages[toPage].length >= MAX_WIDGETS_PER_PAGE) return refused('page_full');
  const moved = pages.map((widgets, at) => (at === from.page ? widgets.filter((_, position) => position !== from.widget) : at === toPage ? [...widgets, widget] : widgets));
  return { ok: true, pages: numbered(moved), shown: toPage };
};

/** A widget pasted (from a dashboard or another report) is a copy with an id of its own, last on the page. */
export const pasteWidget = (pages: Pages, page: number, widget: Omit<ReportWidget, '_id'>, newId: () => string): PagesChange => {
  if (!hasPage(pages, page)) return refused('page_not_found');
  if (pages[page].length >= MAX_WIDGETS_PER_PAGE) return refused('page_full');
  return { ok: true, pages: numbered(pages.map((widgets, at) => (at === page ? [...widgets, { ...widget, _id: newId() }] : widgets))), shown: page };
};

/** Layout n: n widgets share a row, each 100 / n % wide. */
export const setLayout = (pages: Pages, at: { page: number; widget: number }, layout: ReportLayout): PagesChange => {
  if (!hasPage(pages, at.page)) return refused('page_not_found');
  if (!pages[at.page][at.widget]) return refused('widget_not_found');
  const changed = pages.map((widgets, page) =>
    page === at.page ? widgets.map((widget, position) => (position === at.widget ? { ...widget, layout, width_percent: layoutWidthPercent(layout) } : widget)) : widgets,
  );
  return { ok: true, pages: changed, shown: at.page };
};

/** Within this many points of a layout's width, a dragged width takes that layout. */
const LAYOUT_SNAP_PERCENT = 2;
const MIN_WIDTH_PERCENT = 15;
const MIN_HEIGHT_PX = 50;

/** A widget's size as a drag of its corner leaves it: its height in page pixels, its width in percent of the row when the drag went sideways. */
export interface DraggedSize {
  widthPercent: number | null;
  height: number;
  /** The most the page has room for. */
  maxHeight: number;
}

/**
 * A widget's size dragged on the page: its height in pixels (50 to the page's room), and, when the
 * drag moved sideways (`widthPercent` not null), its width — a layout's when near one, else its
 * own percentage of the row (15 to 100) without a layout.
 */
export const resizeWidgetOnPage = (pages: Pages, at: { page: number; widget: number }, size: DraggedSize): PagesChange => {
  if (!hasPage(pages, at.page)) return refused('page_not_found');
  if (!pages[at.page][at.widget]) return refused('widget_not_found');
  const height = Math.round(Math.min(size.maxHeight, Math.max(MIN_HEIGHT_PX, size.height)));
  const width = size.widthPercent === null ? null : Math.min(100, Math.max(MIN_WIDTH_PERCENT, size.widthPercent));
  const layout = width === null ? undefined : REPORT_LAYOUTS.find((candidate) => Math.abs(layoutWidthPercent(candidate) - width) <= LAYOUT_SNAP_PERCENT);
  const resized = (widget: ReportWidget): ReportWidget =>
    width === null
      ? { ...widget, height }
      : layout
        ? { ...widget, height, layout, width_percent: layoutWidthPercent(layout) }
        : { ...widget, height, layout: null, width_percent: Math.round(width * 10) / 10 };
  const changed = pages.map((widgets, page) => (page === at.page ? widgets.map((widget, position) => (position === at.widget ? resized(widget) : widget)) : widgets));
  return { ok: true, pages: changed, shown: at.page };
};

/** The widget at a page and place (`/reports/{id}/gws/{page}/{widget}`), or which of the two does not exist. */
export const widgetAt = (pages: Pages, page: number, widget: number): ReportWidget | 'page_not_found' | 'widget_not_found' => {
  if (!hasPage(pages, page)) return 'page_not_found';
  return pages[page][widget] ?? 'widget_not_found';
};

/** A widget's settings changed in the dialog, in its place (only the owner's saves do so: see reports/editing). */
export const replaceWidget = (pages: Pages, at: { page: number; widget: number }, widget: Omit<ReportWidget, '_id'>): PagesChange => {
  const found = widgetAt(pages, at.page, at.widget);
  if (typeof found === 'string') return refused(found);
  const replaced = { ...widget, _id: found._id, page_index: at.page, widget_index: at.widget };
  return { ok: true, pages: pages.map((widgets, page) => (page === at.page ? widgets.map((item, position) => (position === at.widget ? replaced : item)) : widgets)), shown: at.page };
};

/** A widget deleted from its page (after confirmation); the others close up. */
export const removeWidget = (pages: Pages, at: { page: number; widget: number }): PagesChange => {
  const found = widgetAt(pages, at.page, at.widget);
  if (typeof found === 'string') return refused(found);
  return { ok: true, pages: numbered(pages.map((widgets, page) => (page === at.page ? widgets.filter((_, position) => position !== at.widget) : widgets))), shown: at.page };
};
