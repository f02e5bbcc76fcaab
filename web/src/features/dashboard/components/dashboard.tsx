import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { LazyTooltip } from '../../../components/lazy-tooltip';
import { modals } from '@mantine/modals';
import { IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { decideOwnedAccess } from '@shared/permissions/ownership';
import type { Tab } from '@shared/schemas/tab';
import { widgetInputSchema, type Widget, type WidgetInput, type WidgetSettings } from '@shared/schemas/widget';
import { WidgetErrorBoundary } from '../../../components/widget-error-boundary';
import { errorCodeOf } from '../../../lib/http';
import { translate } from '../../../lib/i18n';
import { notify, notifyGenericFailure } from '../../../lib/notify';
import { createSaveQueue } from '../../../lib/save-queue';
import { useViewer } from '../../../lib/session';
import { copiedWidget, copyWidget } from '../../../lib/widget-clipboard';
import { createTab, deleteTab, tabsQueryOptions, TAB_KEYS, updateTab } from '../api/tabs';
import { createWidget, deleteWidget, updateWidget, updateWidgetLayout, widgetsQueryOptions, WIDGET_KEYS, type PageId } from '../api/widgets';
import { withLayout, type WidgetLayout } from '../hooks/widget-layout';
import { TabBar } from './tab-bar';
import { WidgetGrid } from './widget-grid';

/** Positions and sizes are saved this long after the last change (spec 3 §9: 200 to 1000 ms). */
const LAYOUT_SAVE_DELAY_MS = 500;

/** What the page hands the widget dialog (a feature of its own, composed by the route). */
export interface WidgetDialogSlot {
  opened: boolean;
  mode: 'add' | 'modify';
  initial?: WidgetInput;
  onSubmit: (settings: WidgetInput) => Promise<void>;
  onClose: () => void;
}

interface DashboardProps {
  /** The location whose page this is; null for the dashboard. */
  locationId: string | null;
  /** The open tab; null for the page itself. */
  tabId: string | null;
  onOpenTab: (tab: Tab | null) => void;
  /** Draws one widget (a feature of its own, composed by the route) with the page's controls in its title bar. */
  renderWidget: (widget: Widget, controls: ReactNode) => ReactNode;
  renderDialog: (slot: WidgetDialogSlot) => ReactNode;
}

const settingsOf = (widget: Widget): WidgetSettings => {
  const { _id: _id, customer: _customer, user: _user, created_at: _created, updated_at: _updated, location: _location, sharing: _sharing, ...settings } = widget;
  return settings;
};

/**
 * A page of widgets — the dashboard or a location's page, or one of their tabs (spec 1 §2.5,
 * §4.4): the tab bar with its actions, the grid, and each widget's controls for those who may
 * use them (spec 1 §6).
 */
export const Dashboard = ({ locationId, tabId, onOpenTab, renderWidget, renderDialog }: DashboardProps) => {
  const { t } = useTranslation();
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const page: PageId = tabId ?? locationId;
  const tabs = useQuery(tabsQueryOptions());
  const widgets = useQuery(widgetsQueryOptions(page));
  const [layout, setLayout] = useState<Map<string, WidgetLayout>>(new Map());
  const arranged = useRef(new Map<string, WidgetLayout>());
  const [dialog, setDialog] = useState<{ mode: 'add' | 'modify'; widget?: Widget } | null>(null);

  const pageTabs = (tabs.data ?? []).filter((tab) => tab.parent === locationId);
  const currentTab = pageTabs.find((tab) => tab._id === tabId) ?? null;
  const canContribute = currentTab ? decideOwnedAccess(viewer, currentTab, 'contribute') === 'allowed' : true;
  const canModify = (item: Tab | Widget) => decideOwnedAccess(viewer, item, 'modify') === 'allowed';

  const refreshWidgets = () => queryClient.invalidateQueries({ queryKey: WIDGET_KEYS.page(page) });
  const saveQueue = useRef(
    createSaveQueue<WidgetLayout>(
      async (id, { position, width_percent, height }) => {
        await updateWidgetLayout(id, { position, width_percent, height });
      },
      LAYOUT_SAVE_DELAY_MS,
      () => notify({ kind: 'warning', title: translate('errors.titles.sorry'), message: translate('dashboard.errors.notSaved') }),
    ),
  );
  useEffect(() => () => void saveQueue.current.flush(), [page]);

  const shown = useMemo(() => withLayout(widgets.data ?? [], layout), [widgets.data, layout]);

  const arrange = (changes: WidgetLayout[]) => {
    setLayout((current) => {
      const next = new Map(current);
      for (const change of changes) next.set(change._id, { ...next.get(change._id), ...change });
      return next;
    });
    // The queue keeps the last state given per widget: a move and a resize in one quiet spell are saved together.
    for (const change of changes) {
      const merged = { ...arranged.current.get(change._id), ...change };
      arranged.current.set(change._id, merged);
      saveQueue.current.schedule(change._id, merged);
    }
  };

  const confirmDelete = (widget: Widget) =>
    modals.openConfirmModal({
      title: t('dashboard.confirm.title'),
      children: <Text size="sm">{t('dashboard.confirm.deleteWidget', { title: widget.title || t('dashboard.untitled') })}</Text>,
      labels: { confirm: t('buttons.delete'), cancel: t('buttons.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await deleteWidget(widget._id);
        } catch (error) {
          if (errorCodeOf(error) === 'not_found') notify({ kind: 'error', title: t('errors.titles.error'), message: t('errors.generic') });
          else notify({ kind: 'error', title: t('errors.titles.error'), message: t('dashboard.errors.notRemoved') });
        }
        await refreshWidgets();
      },
    });

  const confirmDeleteTab = (tab: Tab) => {
    const count = tab._id === tabId ? (widgets.data?.length ?? 0) : null;
    modals.openConfirmModal({
      title: t('dashboard.confirm.title'),
      children: <Text size="sm">{t('dashboard.confirm.deleteTab', { name: tab.name, count: count ?? 0 })}</Text>,
      labels: { confirm: t('buttons.delete'), cancel: t('buttons.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await deleteTab(tab._id);
          onOpenTab(null);
        } catch (error) {
          if (errorCodeOf(error) === 'not_allowed') notify({ kind: 'error', title: t('errors.titles.error'), message: t('errors.not_allowed') });
          else notifyGenericFailure();
        }
        await queryClient.invalidateQueries({ queryKey: TAB_KEYS.all });
      },
    });
  };

  const paste = async () => {
    const copied = copiedWidget();
    if (!copied) return;
    if (!canContribute) {
      notify({ kind: 'warning', title: t('errors.titles.error'), message: t('dashboard.errors.pasteRefused') });
      return;
    }
    try {
      await createWidget({ ...copied, location: page, sharing: { shared: currentTab?.sharing.shared ?? false }, position: (widgets.data?.length ?? 0) });
      await refreshWidgets();
    } catch (error) {
      const refused = ['not_allowed', 'not_found', 'forbidden'].includes(errorCodeOf(error));
      notify({ kind: 'warning', title: t('errors.titles.error'), message: refused ? t('dashboard.errors.pasteRefused') : t('errors.generic') });
    }
  };

  const submitDialog = async (settings: WidgetInput) => {
    const editing = dialog?.widget;
    setDialog(null);
    try {
      if (editing) {
        // With the settings it opened with (not the data drawn with them): what another user saved meanwhile, and this dialog left alone, stays.
        await updateWidget({ ...settings, _id: editing._id, location: editing.location, sharing: settings.sharing, base: widgetInputSchema.parse(editing) });
        // The size is the layout's: sent on its own, and only when the dialog changed it.
        const resized = { width_percent: settings.width_percent !== editing.width_percent ? settings.width_percent : undefined, height: settings.height !== editing.height ? settings.height : undefined };
        if (resized.width_percent !== undefined || resized.height !== undefined) await updateWidgetLayout(editing._id, resized);
      } else await createWidget({ ...settings, location: page, position: widgets.data?.length ?? 0, sharing: { shared: currentTab?.sharing.shared ?? settings.sharing.shared } });
    } catch {
      notify({ kind: 'warning', title: t('errors.titles.sorry'), message: t('dashboard.errors.notSaved') });
    }
    await refreshWidgets();
  };

  const controlsOf = (widget: Widget, handle: ReactNode): ReactNode => (
    <Group gap={2} wrap="nowrap">
      {handle}
      <LazyTooltip label={t('dashboard.actions.copy')}>
        <ActionIcon size="sm" variant="subtle" color="gray" onClick={() => { copyWidget(settingsOf(widget)); notify({ kind: 'info', title: t('dashboard.actions.copy'), message: t('dashboard.copied') }); }} aria-label={t('dashboard.actions.copy')} data-testid="widget-copy">
          <IconCopy size={14} />
        </ActionIcon>
      </LazyTooltip>
      {canModify(widget) && (
        <>
          <LazyTooltip label={t('dashboard.actions.edit')}>
            <ActionIcon size="sm" variant="subtle" color="gray" onClick={() => setDialog({ mode: 'modify', widget })} aria-label={t('dashboard.actions.edit')} data-testid="widget-edit">
              <IconPencil size={14} />
            </ActionIcon>
          </LazyTooltip>
          <LazyTooltip label={t('dashboard.actions.delete')}>
            <ActionIcon size="sm" variant="subtle" color="red" onClick={() => confirmDelete(widget)} aria-label={t('dashboard.actions.delete')} data-testid="widget-delete">
              <IconTrash size={14} />
            </ActionIcon>
          </LazyTooltip>
        </>
      )}
    </Group>
  );

  return (
    <Stack gap="sm" data-testid="dashboard">
      <TabBar
        tabs={pageTabs}
        current={currentTab?._id ?? null}
        canModify={canModify}
        onOpen={onOpenTab}
        onCreate={async (name, shared) => {
          try {
            const tab = await createTab({ name, parent: locationId, sharing: { shared } });
            await queryClient.invalidateQueries({ queryKey: TAB_KEYS.all });
            onOpenTab(tab);
          } catch {
            notifyGenericFailure();
          }
        }}
        onChange={async (tab, name, shared) => {
          try {
            await updateTab({ _id: tab._id, name, parent: tab.parent, sharing: { shared } });
          } catch (error) {
            if (errorCodeOf(error) === 'not_allowed') notify({ kind: 'error', title: t('errors.titles.error'), message: t('errors.not_allowed') });
            else notifyGenericFailure();
          }
          await queryClient.invalidateQueries({ queryKey: TAB_KEYS.all });
        }}
        onDelete={confirmDeleteTab}
        onPaste={copiedWidget() ? () => void paste() : null}
        onAddWidget={canContribute ? () => setDialog({ mode: 'add' }) : null}
      />
      {widgets.isPending ? (
        <Loader size="sm" />
      ) : widgets.isError ? (
        <Alert color="yellow" title={t('errors.titles.sorry')}>
          {t('errors.generic')}
        </Alert>
      ) : shown.length === 0 ? (
        <Alert color="blue" title={t('dashboard.empty.title')} data-testid="dashboard-empty">
          {canContribute ? t('dashboard.empty.hint') : t('dashboard.empty.readOnly')}
        </Alert>
      ) : (
        <WidgetGrid
          widgets={shown}
          canArrange={canModify}
          onLayout={arrange}
          renderWidget={(widget, handle) => (
            <WidgetErrorBoundary
              fallback={
                <Alert color="red" title={t('errors.titles.error')} h="100%">
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm">{t('errors.generic')}</Text>
                    {controlsOf(widget, handle)}
                  </Group>
                </Alert>
              }
            >
              {renderWidget(widget, controlsOf(widget, handle))}
            </WidgetErrorBoundary>
          )}
        />
      )}
      {renderDialog({
        opened: dialog !== null,
        mode: dialog?.mode ?? 'add',
        initial: dialog?.widget ? { ...settingsOf(dialog.widget), _id: dialog.widget._id, location: dialog.widget.location, sharing: dialog.widget.sharing } : undefined,
        onSubmit: submitDialog,
        onClose: () => setDialog(null),
      })}
    </Stack>
  );
};
