import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Alert as Notice, Badge, Button, Group, Loader, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconPencil, IconPlus, IconShare, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { decideOwnedAccess, isListed, type Viewer } from '@shared/permissions/ownership';
import type { RequestView } from '@shared/permissions/request-view';
import type { Alert } from '@shared/schemas/alert';
import { notify } from '../../../lib/notify';
import { ALERT_KEYS, alertsQueryOptions, deleteAlert } from '../api/alerts';
import { notifyAlertFailure } from '../hooks/notify-alert-failure';
import { ResponsiveList } from '../../../components/responsive-list';

const WHOLE_LABEL = { root: { flexShrink: 0 }, label: { overflow: 'visible' } } as const;

export interface AlertUser {
  _id: string;
  name: string;
}

export interface AlertsListProps {
  viewer: Viewer;
  /** The customer's users: the view filter offers each, and the owner is named from them. */
  users: readonly AlertUser[];
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onCreate: () => void;
  onEdit: (id: string) => void;
}

/**
 * /alerts (spec 2 §2, §5): the alerts the user sees, filtered by a view (all, mine and shared,
 * shared, mine, one user's). Alerts outside the chosen view stay listed, flagged 'not affecting';
 * with a single user chosen, the owner is shown. Edit, delete after confirmation with the name, add.
 */
export const AlertsList = ({ viewer, users, canCreate, canEdit, canDelete, onCreate, onEdit }: AlertsListProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const alerts = useQuery(alertsQueryOptions());
  const [view, setView] = useState<RequestView>('all');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ALERT_KEYS.all });
  const mayModify = (alert: Alert) => decideOwnedAccess(viewer, alert, 'modify') === 'allowed';
  const singleUser = view.startsWith('user:');
  const ownerName = (alert: Alert) => users.find((user) => user._id === alert.user)?.name ?? '—';
  const affecting = (alert: Alert) => isListed(viewer, view, alert);

  const views = [
    { value: 'all', label: t('labels.alerts.views.all') },
    { value: 'my_and_shared', label: t('labels.alerts.views.my_and_shared') },
    { value: 'shared', label: t('labels.alerts.views.shared') },
    { value: 'my', label: t('labels.alerts.views.my') },
    ...users.map((user) => ({ value: `user:${user._id}`, label: t('labels.alerts.views.user', { name: user.name }) })),
  ];

  const confirmDelete = (alert: Alert) =>
    modals.openConfirmModal({
      title: t('labels.alerts.confirmDelete.title'),
      children: (
        <Text size="sm" data-testid="alert-delete-text">
          {t('labels.alerts.confirmDelete.text')} {alert.name}
        </Text>
      ),
      labels: { confirm: t('buttons.delete'), cancel: t('buttons.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'alert-confirm-delete' } as never,
      onConfirm: async () => {
        try {
          await deleteAlert(alert._id);
          notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.alert_deleted') });
        } catch (error) {
          notifyAlertFailure(error);
        }
        await refresh();
      },
    });

  const actions = (alert: Alert) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {canEdit && mayModify(alert) && (
        <Tooltip label={t('buttons.alerts.edit')}>
          <ActionIcon variant="subtle" onClick={() => onEdit(alert._id)} aria-label={t('buttons.alerts.edit')} data-testid="alert-edit">
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {canDelete && mayModify(alert) && (
        <Tooltip label={t('buttons.delete')}>
          <ActionIcon variant="subtle" color="red" onClick={() => confirmDelete(alert)} aria-label={t('buttons.delete')} data-testid="alert-delete">
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );

  const name = (alert: Alert) => (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
      {/* A long name takes a second line rather than hide its end (the message beside it wraps too). */}
      <Text fw={600} size="sm" lineClamp={2} title={alert.name}>
        {alert.name}
      </Text>
      {alert.sharing.shared && (
        <Tooltip label={t('labels.alerts.fields.shared')}>
          <IconShare size={14} aria-label={t('labels.alerts.fields.shared')} />
        </Tooltip>
      )}
    </Group>
  );

  const badges = (alert: Alert) => (
    <Group gap={4} wrap="wrap">
      <Badge color={alert.active ? 'green' : 'gray'} variant="light" size="sm" styles={WHOLE_LABEL}>
        {t(alert.active ? 'labels.alerts.state.active' : 'labels.alerts.state.inactive')}
      </Badge>
      {!affecting(alert) && (
        <Badge color="gray" variant="outline" size="sm" styles={WHOLE_LABEL} data-testid="alert-not-affecting">
          {t('labels.alerts.notAffecting')}
        </Badge>
      )}
    </Group>
  );

  const summary = (alert: Alert) =>
    `${t(`labels.alerts.notifications.${alert.notifications}`)} · ${t(`labels.alerts.samplings.${alert.sampling}`)} · ${t('labels.alerts.pointsCount', { count: alert.points.length })}`;

  const list = alerts.data ?? [];
  return (
    <Stack gap="md" data-testid="alerts">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={2}>{t('labels.alerts.title')}</Title>
        <Group gap="sm" wrap="wrap">
          <Select
            w={{ base: '100%', xs: 240 }}
            data={views}
            value={view}
            allowDeselect={false}
            onChange={(value) => value && setView(value as RequestView)}
            aria-label={t('labels.alerts.views.label')}
            data-testid="alert-view"
          />
          {canCreate && (
            <Button leftSection={<IconPlus size={16} />} onClick={onCreate} data-testid="alert-create">
              {t('buttons.alerts.create')}
            </Button>
          )}
        </Group>
      </Group>
      {alerts.isError && (
        <Notice color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={t('errors.titles.sorry')}>
          {t('errors.generic')}
        </Notice>
      )}
      {alerts.isPending && <Loader />}
      {alerts.isSuccess && list.length === 0 && <Notice color="blue">{t('labels.alerts.empty')}</Notice>}
      {list.length > 0 && (
        <ResponsiveList
          items={list}
          keyOf={(alert) => alert._id}
          itemProps={(alert) => ({ 'data-testid': 'alert', 'data-alert-id': alert._id, 'data-affecting': String(affecting(alert)), opacity: affecting(alert) ? 1 : 0.65 })}
          columns={[
            { header: t('labels.alerts.fields.name'), cell: name, td: { maw: 320 } },
            ...(singleUser ? [{ header: t('labels.alerts.fields.owner'), cell: ownerName, td: { 'data-testid': 'alert-owner' } }] : []),
            { header: t('labels.alerts.columns.details'), cell: summary },
            { header: t('labels.alerts.columns.state'), cell: badges },
          ]}
          actions={actions}
          cardTitle={name}
          cardBody={(alert) => (
            <>
              {badges(alert)}
              <Text size="sm">{summary(alert)}</Text>
              {singleUser && (
                <Text size="xs" c="dimmed" data-testid="alert-owner">
                  {t('labels.alerts.ownerIs', { name: ownerName(alert) })}
                </Text>
              )}
            </>
          )}
          tableTestId="alerts-table"
          minTableWidth={760}
        />
      )}
    </Stack>
  );
};
