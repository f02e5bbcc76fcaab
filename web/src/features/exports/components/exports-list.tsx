import { useTranslation } from 'react-i18next';
import { ActionIcon, Alert, Badge, Button, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconEye, IconPencil, IconPlus, IconShare, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { decideOwnedAccess, type Viewer } from '@shared/permissions/ownership';
import type { Export } from '@shared/schemas/export';
import { ResponsiveList } from '../../../components/responsive-list';
import { notify } from '../../../lib/notify';
import { deleteExport, EXPORT_KEYS, exportsQueryOptions } from '../api/exports';
import { notifyExportFailure } from '../hooks/notify-export-failure';

export interface ExportsListProps {
  viewer: Viewer;
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onCreate: () => void;
  onShow: (id: string) => void;
  onEdit: (id: string) => void;
}

/** /exports (spec 2 §2): the exports the request view shows; open, edit, delete after confirmation ('Export deleted'). */
export const ExportsList = ({ viewer, canCreate, canEdit, canDelete, onCreate, onShow, onEdit }: ExportsListProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const exports = useQuery(exportsQueryOptions());
  const mayModify = (item: Export) => decideOwnedAccess(viewer, item, 'modify') === 'allowed';

  const confirmDelete = (item: Export) =>
    modals.openConfirmModal({
      title: t('labels.confirm.title'),
      children: <Text size="sm">{t('exports.hints.confirmDelete', { name: item.name })}</Text>,
      labels: { confirm: t('buttons.delete'), cancel: t('buttons.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'export-confirm-delete' } as never,
      onConfirm: async () => {
        try {
          await deleteExport(item._id);
          notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.export_deleted') });
        } catch (error) {
          notifyExportFailure(error);
        }
        await queryClient.invalidateQueries({ queryKey: EXPORT_KEYS.all });
      },
    });

  const actions = (item: Export) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('exports.buttons.show')}>
        <ActionIcon variant="subtle" onClick={() => onShow(item._id)} aria-label={t('exports.buttons.show')} data-testid="export-show">
          <IconEye size={18} />
        </ActionIcon>
      </Tooltip>
      {canEdit && mayModify(item) && (
        <Tooltip label={t('exports.buttons.edit')}>
          <ActionIcon variant="subtle" onClick={() => onEdit(item._id)} aria-label={t('exports.buttons.edit')} data-testid="export-edit">
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {canDelete && mayModify(item) && (
        <Tooltip label={t('buttons.delete')}>
          <ActionIcon variant="subtle" color="red" onClick={() => confirmDelete(item)} aria-label={t('buttons.delete')} data-testid="export-delete">
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );

  const name = (item: Export) => (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
      <Text fw={600} size="sm" truncate>
        {item.name}
      </Text>
      {item.sharing.shared && (
        <Tooltip label={t('exports.fields.shared')}>
          <IconShare size={14} aria-label={t('exports.fields.shared')} />
        </Tooltip>
      )}
    </Group>
  );
  const type = (item: Export) => (
    <Badge variant="light" size="sm">
      {item.export_type.toUpperCase()}
    </Badge>
  );
  const recipients = (item: Export) => (item.email.to.length ? t('exports.recipients', { count: item.email.to.length }) : t('exports.noRecipient'));
  const size = (item: Export) => t('exports.size', { rows: item.content.length, columns: item.content[0]?.length ?? 0 });

  const list = exports.data ?? [];
  return (
    <Stack gap="md" data-testid="exports">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={2}>{t('exports.title')}</Title>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={onCreate} data-testid="export-create">
            {t('exports.buttons.create')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('exports.intro')}
      </Text>
      {exports.isError && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={t('errors.titles.sorry')}>
          {t('errors.generic')}
        </Alert>
      )}
      {exports.isPending && <Loader />}
      {exports.isSuccess && list.length === 0 && <Alert color="blue">{t('exports.empty')}</Alert>}
      {list.length > 0 && (
        <ResponsiveList
          items={list}
          keyOf={(item) => item._id}
          itemProps={(item) => ({ 'data-testid': 'export', 'data-export-id': item._id })}
          columns={[
            { header: t('exports.columns.name'), cell: name, td: { maw: 320 } },
            { header: t('exports.columns.type'), cell: type },
            { header: t('exports.columns.size'), cell: size, td: { style: { whiteSpace: 'nowrap' } } },
            { header: t('exports.columns.recipients'), cell: recipients, td: { style: { whiteSpace: 'nowrap' } } },
          ]}
          actions={actions}
          cardTitle={name}
          cardBody={(item) => (
            <Group gap={8}>
              {type(item)}
              <Text size="sm">{size(item)}</Text>
              <Text size="sm" c="dimmed">
                {recipients(item)}
              </Text>
            </Group>
          )}
          tableTestId="exports-table"
          minTableWidth={640}
        />
      )}
    </Stack>
  );
};
