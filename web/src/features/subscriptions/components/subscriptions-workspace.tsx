import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Alert, Card, Grid, Group, Loader, Stack, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { MOBILE_BREAKPOINT_PX } from '@shared/constants';
import { subscriptionQueryOptions } from '../api/subscriptions';
import { SubscriptionForm } from './subscription-form';
import { SubscriptionsList, type SubscriptionsListProps } from './subscriptions-list';

export interface SubscriptionsWorkspaceProps extends Omit<SubscriptionsListProps, 'selectedId' | 'onEdit' | 'onDeleted'> {
  zone: string;
  /** On phones there is no room beside the list: editing opens its own screen. */
  onOpenEditScreen: (id: string) => void;
}

/** The side panel: the chosen subscription's form, closed on save, cancel or the cross. */
const EditPanel = ({ id, zone, onClose }: { id: string; zone: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const subscription = useQuery(subscriptionQueryOptions(id));
  return (
    <Card withBorder radius="md" padding="md" data-testid="subscription-panel" pos="sticky" top={16}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={4}>{t('subscriptions.editTitle')}</Title>
          <Tooltip label={t('subscriptions.buttons.close')}>
            <ActionIcon variant="subtle" color="gray" onClick={onClose} aria-label={t('subscriptions.buttons.close')} data-testid="subscription-panel-close">
              <IconX size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        {/* Once read, the form stays while the subscription is read again: a refresh that fails keeps what was typed. */}
        {subscription.data ? (
          <SubscriptionForm key={subscription.data._id} subscription={subscription.data} zone={zone} onDone={onClose} compact />
        ) : subscription.isError ? (
          <Alert color="yellow">{t('errors.subscription_not_found')}</Alert>
        ) : (
          <Loader size="sm" />
        )}
      </Stack>
    </Card>
  );
};

/**
 * /reports/subscriptions (spec 2 §2: 'list with a side edit panel, plus separate create and edit
 * screens'): on wide screens a subscription is edited in a panel beside the list; on phones its
 * edit screen opens. The panel is the page's own state, not a route: opening it reloads nothing,
 * so nothing typed in it is lost to a reload; the edit screen is the address to share.
 */
export const SubscriptionsWorkspace = ({ zone, onOpenEditScreen, ...list }: SubscriptionsWorkspaceProps) => {
  const [selectedId, onSelect] = useState<string | null>(null);
  const phone = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, false, { getInitialValueInEffect: false });
  const listed = (
    <SubscriptionsList
      {...list}
      selectedId={phone ? null : selectedId}
      onEdit={(id) => (phone ? onOpenEditScreen(id) : onSelect(id))}
      onDeleted={(id) => id === selectedId && onSelect(null)}
    />
  );
  if (phone || !selectedId) return listed;
  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={{ base: 12, lg: 7 }}>{listed}</Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <EditPanel id={selectedId} zone={zone} onClose={() => onSelect(null)} />
      </Grid.Col>
    </Grid>
  );
};
