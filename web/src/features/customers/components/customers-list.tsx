import { useTranslation } from 'react-i18next';
import { ActionIcon, Alert, Button, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconPencil, IconPlus, IconRestore, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CUSTOMER_RESTORE_DAYS } from '@shared/constants';
import { customerStanding } from '@shared/customers/customer-standing';
import { customerDeletionState } from '@shared/customers/restore-window';
import { dateText } from '@shared/date-text';
import type { Customer, CustomerAnalytics } from '@shared/schemas/customer';
import { notify } from '../../../lib/notify';
import { CUSTOMER_KEYS, customerAnalyticsQueryOptions, customersQueryOptions, deleteCustomer, restoreCustomer } from '../api/customers';
import { notifyCustomerFailure } from '../hooks/notify-customer-failure';
import { CustomerStandingBadge, DeletedCustomerBadge, PremiumBadge } from './customer-standing-badge';
import { DeletionProgress } from './deletion-progress';
import { ResponsiveList } from '../../../components/responsive-list';

/** A subscription day as the customer lives it: in its own time zone. */
const formatDay = (iso: string, zone: string) => dateText(iso, zone);

export interface CustomersListProps {
  /** The customer the signed-in user works in: it cannot be deleted from here. */
  currentCustomerId: string;
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
  /** Root only: a deleted customer is brought back within its restore window. */
  canRestore: boolean;
  onCreate: () => void;
  onEdit: (id: string) => void;
}

/**
 * /settings/system/customers (spec 3 §2, §4): every customer with its standing (active, outside
 * its subscription, deactivated, deleted until its purge date, being purged), premium,
 * subscription and what it holds; create, edit, delete and (root) restore after confirmation. A
 * table on wide screens, cards under 979 px. The list reloads when a purge ends (a realtime event).
 */
export const CustomersList = ({ currentCustomerId, canCreate, canEdit, canDelete, canRestore, onCreate, onEdit }: CustomersListProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const customers = useQuery(customersQueryOptions());
  const analytics = useQuery(customerAnalyticsQueryOptions());
  const countsOf = (id: string): CustomerAnalytics[number] | undefined => analytics.data?.find((entry) => entry._id === id);
  const now = new Date();

  const confirmDelete = (customer: Customer) =>
    modals.openConfirmModal({
      title: t('labels.confirm.title'),
      children: <Text size="sm">{t('hints.customers.confirmDelete', { name: customer.name, days: CUSTOMER_RESTORE_DAYS })}</Text>,
      labels: { confirm: t('buttons.delete'), cancel: t('buttons.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'customer-confirm-delete' } as never,
      onConfirm: async () => {
        try {
          await deleteCustomer(customer._id);
          notify({ kind: 'info', title: t('toasts.info'), message: t('toasts.customer_deletion_in_progress') });
        } catch (error) {
          notifyCustomerFailure(error);
        }
        await queryClient.invalidateQueries({ queryKey: CUSTOMER_KEYS.all });
      },
    });

  const confirmRestore = (customer: Customer) =>
    modals.openConfirmModal({
      title: t('labels.confirm.title'),
      children: <Text size="sm">{t('hints.customers.confirmRestore', { name: customer.name })}</Text>,
      labels: { confirm: t('buttons.customers.restore'), cancel: t('buttons.cancel') },
      confirmProps: { 'data-testid': 'customer-confirm-restore' } as never,
      onConfirm: async () => {
        try {
          await restoreCustomer(customer._id);
          notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.customer_restored') });
        } catch (error) {
          notifyCustomerFailure(error);
        }
        await queryClient.invalidateQueries({ queryKey: CUSTOMER_KEYS.all });
      },
    });

  /** The standing, or for a deleted customer in its restore window, when it is purged. */
  const standingBadge = (customer: Customer) =>
    customerDeletionState(customer, now) === 'restorable' && customer.purge_at ? (
      <DeletedCustomerBadge purgeAt={customer.purge_at} timezone={customer.timezone} />
    ) : (
      <CustomerStandingBadge standing={customerStanding(customer, now)} />
    );

  const actions = (customer: Customer) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {canRestore && customerDeletionState(customer, now) === 'restorable' && (
        <Tooltip label={t('buttons.customers.restore')}>
          <ActionIcon
            variant="subtle"
            onClick={() => confirmRestore(customer)}
            aria-label={t('buttons.customers.restoreNamed', { name: customer.name })}
            data-testid="customer-restore"
          >
            <IconRestore size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {canEdit && !customer.deleting && (
        <Tooltip label={t('buttons.customers.edit')}>
          <ActionIcon variant="subtle" onClick={() => onEdit(customer._id)} aria-label={t('buttons.customers.edit')} data-testid="customer-edit">
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {canDelete && !customer.deleting && (
        <Tooltip label={customer._id === currentCustomerId ? t('hints.customers.current') : t('buttons.delete')}>
          <ActionIcon
            variant="subtle"
            color="red"
            disabled={customer._id === currentCustomerId}
            onClick={() => confirmDelete(customer)}
            aria-label={t('buttons.delete')}
            data-testid="customer-delete"
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );

  const subscription = ({ subscription_start: start, subscription_end: end, timezone }: Customer) => {
    if (start && end) return t('labels.customers.subscriptionRange', { from: formatDay(start, timezone), to: formatDay(end, timezone) });
    if (start) return t('labels.customers.subscriptionSince', { from: formatDay(start, timezone) });
    if (end) return t('labels.customers.subscriptionUntil', { to: formatDay(end, timezone) });
    return t('labels.customers.noSubscriptionDates');
  };

  const holdings = (customer: Customer) => {
    const counts = countsOf(customer._id);
    return counts ? t('labels.customers.holdings', { users: counts.users, locations: counts.locations, points: counts.points }) : '…';
  };

  const list = customers.data ?? [];
  return (
    <Stack gap="md" data-testid="customers">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={2}>{t('labels.menu.customers')}</Title>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={onCreate} data-testid="customer-create">
            {t('buttons.customers.create')}
          </Button>
        )}
      </Group>
      {customers.isError && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={t('errors.titles.sorry')}>
          {t('errors.generic')}
        </Alert>
      )}
      {customers.isPending && <Loader />}
      {list.length > 0 && (
        <ResponsiveList
          items={list}
          keyOf={(customer) => customer._id}
          itemProps={(customer) => ({ 'data-testid': 'customer', 'data-customer-id': customer._id })}
          columns={[
            { header: t('labels.customers.fields.name'), cell: (customer) => customer.name, td: { fw: 600 } },
            { header: t('labels.customers.fields.timezone'), cell: (customer) => customer.timezone },
            {
              header: t('labels.customers.columns.standing'),
              cell: (customer) => (
                <Stack gap={4}>
                  {standingBadge(customer)}
                  <DeletionProgress customer={customer} />
                </Stack>
              ),
            },
            { header: t('labels.customers.columns.licence'), cell: (customer) => <PremiumBadge premium={customer.is_premium} /> },
            { header: t('labels.customers.columns.subscription'), cell: subscription, td: { style: { whiteSpace: 'nowrap' } } },
            { header: t('labels.customers.columns.holdings'), cell: holdings },
          ]}
          actions={actions}
          cardTitle={(customer) => (
            <Text fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {customer.name}
            </Text>
          )}
          cardBody={(customer) => (
            <>
              <Group gap={6}>
                {standingBadge(customer)}
                <PremiumBadge premium={customer.is_premium} />
              </Group>
              <DeletionProgress customer={customer} />
              <Text size="sm">{customer.timezone}</Text>
              <Text size="sm">{subscription(customer)}</Text>
              <Text size="sm" c="dimmed">
                {holdings(customer)}
              </Text>
            </>
          )}
          tableTestId="customers-table"
          minTableWidth={900}
        />
      )}
    </Stack>
  );
};
