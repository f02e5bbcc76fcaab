import { useTranslation } from 'react-i18next';
import { ActionIcon, Alert, Badge, Button, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconPencil, IconPlus, IconShare, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { decideOwnedAccess, type Viewer } from '@shared/permissions/ownership';
import type { Subscription } from '@shared/schemas/subscription';
import { ResponsiveList } from '../../../components/responsive-list';
import { notify } from '../../../lib/notify';
import { deleteSubscription, readableReportsQueryOptions, SUBSCRIPTION_KEYS, subscriptionsQueryOptions } from '../api/subscriptions';
import { notifySubscriptionFailure } from '../hooks/notify-subscription-failure';
import { exactPresetOf } from '../hooks/subscription-text';

/** Badges keep their whole word in narrow cells. */
const WHOLE_LABEL = { root: { flexShrink: 0 }, label: { overflow: 'visible' } } as const;

export interface SubscriptionsListProps {
  viewer: Viewer;
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
  /** The subscription open in the side panel, if any. */
  selectedId: string | null;
  onCreate: () => void;
  onEdit: (id: string) => void;
  /** A deleted subscription leaves the side panel. */
  onDeleted: (id: string) => void;
}

/**
 * /reports/subscriptions (spec 2 §2): the subscriptions the request view shows — their report,
 * when they are sent, to how many addresses, active or not; edit, delete after confirmation.
 * A table on wide screens, cards on narrow ones.
 */
export const SubscriptionsList = ({ viewer, canCreate, canEdit, canDelete, selectedId, onCreate, onEdit, onDeleted }: SubscriptionsListProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const subscriptions = useQuery(subscriptionsQueryOptions());
  const reports = useQuery(readableReportsQueryOptions());
  const mayModify = (subscription: Subscription) => decideOwnedAccess(viewer, subscription, 'modify') === 'allowed';

  const confirmDelete = (subscription: Subscription) =>
    modals.openConfirmModal({
      title: t('labels.confirm.title'),
      children: <Text size="sm">{t('subscriptions.hints.confirmDelete', { name: subscription.name })}</Text>,
      labels: { confirm: t('buttons.delete'), cancel: t('buttons.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'subscription-confirm-delete' } as never,
      onConfirm: async () => {
        try {
          await deleteSubscription(subscription._id);
          notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.subscription_deleted') });
          onDeleted(subscription._id);
        } catch (error) {
          notifySubscriptionFailure(error);
        }
        await queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEYS.all });
      },
    });

  const reportName = (subscription: Subscription) => {
    const report = reports.data?.find((candidate) => candidate._id === subscription.report);
    if (report) return report.name;
    return reports.isSuccess ? t('subscriptions.unknownReport') : '…';
  };
  const frequency = (subscription: Subscription) => {
    const preset = exactPresetOf(subscription.cron_time);
    return preset ? (
      t(`labels.cron.presets.${preset}`)
    ) : (
      <Text span size="sm" ff="monospace">
        {subscription.cron_time}
      </Text>
    );
  };
  const recipients = (subscription: Subscription) => t('subscriptions.recipients', { count: subscription.email.to.length + subscription.email.cc.length + subscription.email.bcc.length });
  const state = (subscription: Subscription) => (
    <Badge color={subscription.active ? 'green' : 'gray'} variant="light" size="sm" styles={WHOLE_LABEL} data-testid="subscription-state">
      {t(`subscriptions.state.${subscription.active ? 'active' : 'inactive'}`)}
    </Badge>
  );

  const actions = (subscription: Subscription) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {canEdit && mayModify(subscription) && (
        <Tooltip label={t('subscriptions.buttons.edit')}>
          <ActionIcon
            variant={subscription._id === selectedId ? 'light' : 'subtle'}
            onClick={() => onEdit(subscription._id)}
            aria-label={t('subscriptions.buttons.edit')}
            data-testid="subscription-edit"
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {canDelete && mayModify(subscription) && (
        <Tooltip label={t('buttons.delete')}>
          <ActionIcon variant="subtle" color="red" onClick={() => confirmDelete(subscription)} aria-label={t('buttons.delete')} data-testid="subscription-delete">
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );

  const name = (subscription: Subscription) => (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
      <Text fw={600} size="sm" truncate>
        {subscription.name}
      </Text>
      {subscription.sharing.shared && (
        <Tooltip label={t('subscriptions.fields.shared')}>
          <IconShare size={14} aria-label={t('subscriptions.fields.shared')} />
        </Tooltip>
      )}
    </Group>
  );

  const list = subscriptions.data ?? [];
  return (
    <Stack gap="md" data-testid="subscriptions">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={2}>{t('labels.menu.reportSubscriptions')}</Title>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={onCreate} data-testid="subscription-create">
            {t('subscriptions.buttons.create')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('subscriptions.intro')}
      </Text>
      {subscriptions.isError && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={t('errors.titles.sorry')}>
          {t('errors.generic')}
        </Alert>
      )}
      {subscriptions.isPending && <Loader />}
      {subscriptions.isSuccess && list.length === 0 && <Alert color="blue">{t('subscriptions.empty')}</Alert>}
      {list.length > 0 && (
        <ResponsiveList
          items={list}
          keyOf={(subscription) => subscription._id}
          itemProps={(subscription) => ({
            'data-testid': 'subscription',
            'data-subscription-id': subscription._id,
            'data-selected': String(subscription._id === selectedId),
            ...(subscription.active ? {} : { opacity: 0.7 }),
          })}
          columns={[
            { header: t('subscriptions.columns.name'), cell: name, td: { maw: 220 } },
            {
              header: t('subscriptions.columns.report'),
              cell: (subscription) => (
                <Text size="sm" lineClamp={2}>
                  {reportName(subscription)}
                </Text>
              ),
              td: { maw: 220 },
            },
            { header: t('subscriptions.columns.frequency'), cell: frequency },
            { header: t('subscriptions.columns.recipients'), cell: recipients, td: { style: { whiteSpace: 'nowrap' } } },
            { header: t('subscriptions.columns.state'), cell: state },
          ]}
          actions={actions}
          cardTitle={name}
          cardBody={(subscription) => (
            <>
              <Text size="sm" c="dimmed" lineClamp={2}>
                {reportName(subscription)}
              </Text>
              <Group gap={6}>
                {state(subscription)}
                <Text size="sm">{frequency(subscription)}</Text>
              </Group>
              <Text size="xs">{recipients(subscription)}</Text>
            </>
          )}
          tableTestId="subscriptions-table"
          minTableWidth={640}
        />
      )}
    </Stack>
  );
};
