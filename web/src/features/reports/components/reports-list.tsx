import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Alert, Badge, Button, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconCopy, IconEye, IconPencil, IconPlus, IconShare, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { reportEditingOf } from '@shared/reports/editing';
import { decideOwnedAccess, type Viewer } from '@shared/permissions/ownership';
import type { Report } from '@shared/schemas/report';
import { ResponsiveList } from '../../../components/responsive-list';
import { formatDateTimeText } from '../../../lib/date-time-text';
import { notify, notifyGenericFailure } from '../../../lib/notify';
import { cloneReport, deleteReport, REPORT_KEYS, reportsQueryOptions } from '../api/reports';
import { AddReportModal } from './add-report-modal';

export interface ReportsListProps {
  viewer: Viewer;
  canCreate: boolean;
  canDelete: boolean;
  /** Opens the editor on the report's first page. */
  onOpen: (id: string) => void;
}

const widgetCount = (report: Report) => report.content.pages.reduce((count, widgets) => count + widgets.length, 0);

/**
 * /reports/models (spec 2 §2): the reports the request view shows. Add one ('Add a report'),
 * clone one, delete one after confirmation ('Report deleted'); the owner edits, anyone else opens
 * it read-only (see reportEditingOf).
 */
export const ReportsList = ({ viewer, canCreate, canDelete, onOpen }: ReportsListProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reports = useQuery(reportsQueryOptions());
  const [adding, setAdding] = useState(false);
  const mayDelete = (report: Report) => canDelete && decideOwnedAccess(viewer, report, 'modify') === 'allowed';

  const refresh = () => queryClient.invalidateQueries({ queryKey: REPORT_KEYS.all });

  const clone = async (report: Report) => {
    try {
      await cloneReport(report._id);
      notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.report_cloned') });
    } catch {
      notifyGenericFailure();
    }
    await refresh();
  };

  const confirmDelete = (report: Report) =>
    modals.openConfirmModal({
      title: t('labels.confirm.title'),
      children: <Text size="sm">{t('reports.models.confirmDelete', { name: report.name })}</Text>,
      labels: { confirm: t('buttons.delete'), cancel: t('buttons.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'report-confirm-delete' } as never,
      onConfirm: async () => {
        try {
          await deleteReport(report._id);
          notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.report_deleted') });
        } catch {
          notifyGenericFailure();
        }
        await refresh();
      },
    });

  const actions = (report: Report) => {
    const editing = reportEditingOf(viewer, report) === 'edit';
    return (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <Tooltip label={t(editing ? 'reports.buttons.edit' : 'reports.buttons.open')}>
          <ActionIcon variant="subtle" onClick={() => onOpen(report._id)} aria-label={t(editing ? 'reports.buttons.edit' : 'reports.buttons.open')} data-testid="report-open">
            {editing ? <IconPencil size={18} /> : <IconEye size={18} />}
          </ActionIcon>
        </Tooltip>
        {canCreate && (
          <Tooltip label={t('reports.buttons.clone')}>
            <ActionIcon variant="subtle" onClick={() => void clone(report)} aria-label={t('reports.buttons.clone')} data-testid="report-clone">
              <IconCopy size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        {mayDelete(report) && (
          <Tooltip label={t('buttons.delete')}>
            <ActionIcon variant="subtle" color="red" onClick={() => confirmDelete(report)} aria-label={t('buttons.delete')} data-testid="report-delete">
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    );
  };

  const name = (report: Report) => (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
      <Text fw={600} size="sm" truncate>
        {report.name}
      </Text>
      {report.sharing.shared && (
        <Tooltip label={t('reports.fields.shared')}>
          <IconShare size={14} aria-label={t('reports.fields.shared')} />
        </Tooltip>
      )}
    </Group>
  );
  const orientation = (report: Report) => (
    <Badge variant="light" size="sm">
      {t(`reports.orientations.${report.orientation}`)}
    </Badge>
  );
  const size = (report: Report) => `${t('reports.models.pages', { count: report.content.pages.length })} · ${t('reports.models.widgets', { count: widgetCount(report) })}`;

  const list = reports.data ?? [];
  return (
    <Stack gap="md" data-testid="reports">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={2}>{t('reports.models.title')}</Title>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} data-testid="report-add">
            {t('reports.buttons.add')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('reports.models.intro')}
      </Text>
      {reports.isError && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={t('errors.titles.sorry')}>
          {t('errors.generic')}
        </Alert>
      )}
      {reports.isPending && <Loader />}
      {reports.isSuccess && list.length === 0 && <Alert color="blue">{t('reports.models.empty')}</Alert>}
      {list.length > 0 && (
        <ResponsiveList
          items={list}
          keyOf={(report) => report._id}
          itemProps={(report) => ({ 'data-testid': 'report', 'data-report-id': report._id })}
          columns={[
            { header: t('reports.models.columns.name'), cell: name, td: { maw: 320 } },
            { header: t('reports.models.columns.orientation'), cell: orientation },
            { header: t('reports.models.columns.size'), cell: size, td: { style: { whiteSpace: 'nowrap' } } },
            { header: t('reports.models.columns.updated'), cell: (report) => formatDateTimeText(report.updated_at), td: { style: { whiteSpace: 'nowrap' } } },
          ]}
          actions={actions}
          cardTitle={name}
          cardBody={(report) => (
            <Group gap={8}>
              {orientation(report)}
              <Text size="sm">{size(report)}</Text>
            </Group>
          )}
          tableTestId="reports-table"
          minTableWidth={640}
        />
      )}
      <AddReportModal
        opened={adding}
        onClose={() => setAdding(false)}
        onCreated={(report) => {
          setAdding(false);
          void refresh();
          onOpen(report._id);
        }}
      />
    </Stack>
  );
};
