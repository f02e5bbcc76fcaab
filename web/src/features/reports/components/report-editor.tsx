import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCopy, IconLock } from '@tabler/icons-react';
import { addPage, duplicatePage, moveWidget, pasteWidget, removalNeedsConfirmation, removePage, removeWidget, replaceWidget, resizeWidgetOnPage, setLayout, type Pages, type PagesChange, type PageProblem } from '@shared/reports/pages';
import { layoutWidthPercent, REPORT_PAGE_SIZES, type Report, type ReportLayout, type ReportWidget } from '@shared/schemas/report';
import type { WidgetInput } from '@shared/schemas/widget';
import { translate } from '../../../lib/i18n';
import { notify, notifyGenericFailure } from '../../../lib/notify';
import { copiedWidget, copyWidget } from '../../../lib/widget-clipboard';
import { cloneReport, newDraftId } from '../api/reports';
import { usePdfDownload } from '../hooks/use-pdf-download';
import { useFitScale } from '../hooks/use-fit-scale';
import { useReportDraft } from '../hooks/use-report-draft';
import { PageToolbar } from './page-toolbar';
import { ReportHeader } from './report-header';
import { ReportPage } from './report-page';
import { ReportWidgetControls, type WidgetActions } from './report-widget-controls';
import { ScaledPage } from './scaled-page';

/** What the editor hands the widget dialog (a feature of its own, composed by the route). */
export interface ReportWidgetDialogSlot {
  opened: boolean;
  mode: 'add' | 'modify';
  initial?: WidgetInput;
  onSubmit: (settings: WidgetInput) => Promise<void>;
  onClose: () => void;
}

export interface ReportEditorProps {
  report: Report;
  /** The page of the address (0 first); an unknown one says so and shows the first. */
  pageIndex: number;
  /** The owner edits; anyone else reads (see reportEditingOf). */
  editable: boolean;
  onOpenPage: (page: number, options?: { replace: boolean }) => void;
  onOpenReport: (id: string) => void;
  /** Draws one widget (a feature of its own, composed by the route) with the editor's controls in its title bar. */
  renderWidget: (widget: ReportWidget, controls: ReactNode) => ReactNode;
  renderDialog: (slot: ReportWidgetDialogSlot) => ReactNode;
}

/** Under this scale the page's own controls are too small to touch: they are listed under the page. */
const SMALLEST_CONTROLS_SCALE = 0.75;

const PROBLEM_MESSAGES: Record<PageProblem, string> = {
  page_not_found: 'errors.report_page_not_found',
  widget_not_found: 'errors.report_widget_not_found',
  last_page: 'reports.problems.lastPage',
  pages_full: 'reports.problems.pagesFull',
  page_full: 'reports.problems.pageFull',
};

const notifyProblem = (problem: PageProblem) => notify({ kind: 'warning', title: translate('errors.titles.error'), message: translate(PROBLEM_MESSAGES[problem]) });

const settingsOf = ({ _id: _id, layout: _layout, ...settings }: ReportWidget) => settings;

/** What names a widget in a list or a question: its title, else the start of its text (a text widget has no title bar). */
const nameOf = (widget: ReportWidget): string =>
  widget.title.trim() ||
  (new DOMParser().parseFromString(widget.text, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60) ||
  translate('reports.editor.untitled');

/** The dialog's settings as a report widget: a layout stays only while the width is the layout's. */
const reportWidgetOf = ({ _id: _id, location: _location, sharing: _sharing, ...settings }: WidgetInput, previous: ReportWidget | null): Omit<ReportWidget, '_id'> => ({
  ...settings,
  layout: previous?.layout && layoutWidthPercent(previous.layout as ReportLayout) === settings.width_percent ? previous.layout : null,
});

type Dialog = { mode: 'add' } | { mode: 'modify'; widget: number };

/**
 * /reports/models/edit/{id}/{page} (spec 2 §2): one page at its size (scaled down to the width
 * there is), page navigation; for the owner, pages added, duplicated and removed (confirmed when
 * they hold widgets, the last page then shown), widgets added and modified in the dashboards'
 * dialog, laid out 1 to 6 to a row, moved to another page (then shown), pasted, deleted. Every
 * change saves the whole report. 'Export' downloads the PDF.
 */
export const ReportEditor = ({ report, pageIndex, editable, onOpenPage, onOpenReport, renderWidget, renderDialog }: ReportEditorProps) => {
  const { t } = useTranslation();
  const { draft, saveState, change, flush, keyOf } = useReportDraft(report);
  const pdf = usePdfDownload(report._id, draft.name, flush);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [, setClipboardSeen] = useState(0);
  const pages = draft.content.pages;
  const pageExists = Number.isInteger(pageIndex) && pageIndex >= 0 && pageIndex < pages.length;
  const shownPage = pageExists ? pageIndex : Math.max(0, Math.min(pages.length - 1, Number.isInteger(pageIndex) ? pageIndex : 0));
  const widgets = pages[shownPage] ?? [];
  const size = REPORT_PAGE_SIZES[draft.orientation];
  const fit = useFitScale(size.width);
  const controlsBelow = fit.scale < SMALLEST_CONTROLS_SCALE;

  // A page the editor itself is about to show may not be in the address yet: only an unknown address is an error.
  const openingPage = useRef<number | null>(null);
  useEffect(() => {
    if (openingPage.current !== null) {
      if (openingPage.current === pageIndex) openingPage.current = null;
      return;
    }
    if (!pageExists) {
      notifyProblem('page_not_found');
      onOpenPage(0, { replace: true });
    }
  }, [pageExists, pageIndex, onOpenPage]);

  const openPage = (page: number) => {
    openingPage.current = page;
    onOpenPage(page);
  };

  const apply = (rule: (pages: Pages) => PagesChange) => {
    const result = rule(pages);
    if (!result.ok) return notifyProblem(result.problem);
    change((current) => ({ ...current, content: { pages: result.pages } }));
    if (result.shown !== shownPage) openPage(result.shown);
  };

  const removeCurrentPage = () => {
    const remove = () => apply((current) => removePage(current, shownPage));
    if (!removalNeedsConfirmation(pages, shownPage)) return remove();
    modals.openConfirmModal({
      title: t('labels.confirm.title'),
      children: <Text size="sm">{t('reports.confirm.removePage', { page: shownPage + 1, count: widgets.length })}</Text>,
      labels: { confirm: t('reports.buttons.removePage'), cancel: t('buttons.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'report-confirm-remove-page' } as never,
      onConfirm: remove,
    });
  };

  const paste = () => {
    const copied = copiedWidget();
    if (!copied) return;
    apply((current) => pasteWidget(current, shownPage, { ...copied, layout: null }, newDraftId));
  };

  const actionsOf = (widget: ReportWidget, index: number): WidgetActions => ({
    onEdit: () => setDialog({ mode: 'modify', widget: index }),
    onLayout: (layout) => apply((current) => setLayout(current, { page: shownPage, widget: index }, layout)),
    onMove: (page) => apply((current) => moveWidget(current, { page: shownPage, widget: index }, page)),
    onCopy: () => {
      copyWidget(settingsOf(widget));
      setClipboardSeen((seen) => seen + 1);
      notify({ kind: 'info', title: t('reports.buttons.copyWidget'), message: t('reports.editor.copied') });
    },
    onDelete: () =>
      modals.openConfirmModal({
        title: t('labels.confirm.title'),
        children: <Text size="sm">{t('reports.confirm.deleteWidget', { title: nameOf(widget) })}</Text>,
        labels: { confirm: t('buttons.delete'), cancel: t('buttons.cancel') },
        confirmProps: { color: 'red', 'data-testid': 'report-confirm-delete-widget' } as never,
        onConfirm: () => apply((current) => removeWidget(current, { page: shownPage, widget: index })),
      }),
  });

  const submitDialog = async (settings: WidgetInput) => {
    const open = dialog;
    setDialog(null);
    if (!open) return;
    if (open.mode === 'add') return apply((current) => pasteWidget(current, shownPage, reportWidgetOf(settings, null), newDraftId));
    const previous = widgets[open.widget] ?? null;
    apply((current) => replaceWidget(current, { page: shownPage, widget: open.widget }, reportWidgetOf(settings, previous)));
  };

  const clone = async () => {
    try {
      const copy = await cloneReport(report._id);
      notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.report_cloned') });
      onOpenReport(copy._id);
    } catch {
      notifyGenericFailure();
    }
  };

  const editingWidget = dialog?.mode === 'modify' ? widgets[dialog.widget] : undefined;
  return (
    <Stack gap="md" data-testid="report-editor" data-report-id={draft._id} data-page-count={pages.length} data-page={shownPage}>
      <ReportHeader report={draft} editable={editable} saveState={saveState} onChange={(changes) => change((current) => ({ ...current, ...changes }))} />
      {!editable && (
        <Alert color="blue" variant="light" icon={<IconLock size={18} />} data-testid="report-read-only">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm">{t('reports.editor.readOnly')}</Text>
            <Button size="xs" variant="light" leftSection={<IconCopy size={14} />} onClick={() => void clone()} data-testid="report-clone-own">
              {t('reports.buttons.clone')}
            </Button>
          </Group>
        </Alert>
      )}
      <PageToolbar
        pageIndex={shownPage}
        pageCount={pages.length}
        onOpenPage={openPage}
        editing={
          editable
            ? {
                onAddPage: () => apply(addPage),
                onDuplicatePage: () => apply((current) => duplicatePage(current, shownPage, newDraftId)),
                onRemovePage: removeCurrentPage,
                onAddWidget: () => setDialog({ mode: 'add' }),
                onPaste: copiedWidget() ? paste : null,
              }
            : null
        }
        onExport={() => pdf.mutate()}
        exporting={pdf.isPending}
      />
      {pdf.isPending && (
        <Text size="sm" c="dimmed" ta="right" data-testid="report-exporting">
          {t('reports.editor.exporting')}
        </Text>
      )}
      <ScaledPage containerRef={fit.ref} scale={fit.scale} width={size.width} height={size.height}>
        <ReportPage
          orientation={draft.orientation}
          widgets={widgets}
          pageIndex={shownPage}
          keyOf={keyOf}
          empty={
            <Text c="dimmed" size="sm" ta="center" mt="xl" data-testid="report-page-empty">
              {t(editable ? 'reports.editor.emptyPage' : 'reports.editor.emptyPageReadOnly')}
            </Text>
          }
          onResize={editable && !controlsBelow ? (index, widgetSize) => apply((current) => resizeWidgetOnPage(current, { page: shownPage, widget: index }, widgetSize)) : undefined}
          renderWidget={(widget, index) =>
            renderWidget(
              widget,
              editable && !controlsBelow ? <ReportWidgetControls widget={widget} pageIndex={shownPage} pageCount={pages.length} {...actionsOf(widget, index)} /> : null,
            )
          }
        />
      </ScaledPage>
      {editable && controlsBelow && widgets.length > 0 && (
        <PageWidgetsList widgets={widgets} pageIndex={shownPage} pageCount={pages.length} actionsOf={actionsOf} keyOf={keyOf} />
      )}
      {renderDialog({
        opened: dialog !== null,
        mode: dialog?.mode ?? 'add',
        initial: editingWidget ? { ...settingsOf(editingWidget), _id: undefined, location: null, sharing: { shared: false } } : undefined,
        onSubmit: submitDialog,
        onClose: () => setDialog(null),
      })}
    </Stack>
  );
};

interface PageWidgetsListProps {
  widgets: readonly ReportWidget[];
  pageIndex: number;
  pageCount: number;
  actionsOf: (widget: ReportWidget, index: number) => WidgetActions;
  keyOf: (widget: ReportWidget) => string;
}

/** The page's widgets with their controls at a size fingers can use, for screens where the page is drawn small. */
const PageWidgetsList = ({ widgets, pageIndex, pageCount, actionsOf, keyOf }: PageWidgetsListProps) => {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="report-page-widgets">
      <Text fw={600} size="sm">
        {t('reports.editor.widgets')}
      </Text>
      {widgets.map((widget, index) => (
        <Card key={keyOf(widget)} withBorder padding="xs" data-testid="report-page-widget">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" truncate>
              {nameOf(widget)}
            </Text>
            <Group gap={4} wrap="nowrap">
              <ReportWidgetControls widget={widget} pageIndex={pageIndex} pageCount={pageCount} size="lg" {...actionsOf(widget, index)} />
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
};
