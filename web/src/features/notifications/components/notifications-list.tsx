import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Anchor, Badge, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBellOff, IconCheck } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { dateTimeText } from '@shared/date-text';
import type { NotificationItem } from '@shared/schemas/notification';
import { notifyGenericFailure } from '../../../lib/notify';
import { flattenPages, notificationListQueryOptions, useMarkNotificationDone } from '../api/notifications-page';

export interface NotificationsListProps {
  /** Super users and root see a link to each notification's customer (spec 2 §6). */
  showCustomerLink: boolean;
  onOpenCustomer: (customerId: string) => void;
}

/**
 * /notifications (spec 2 §2): an infinite list, new entries first and then old ones; a new entry
 * is marked done with 'Done'. The next page loads when the end of the list comes into view.
 */
export const NotificationsList = ({ showCustomerLink, onOpenCustomer }: NotificationsListProps) => {
  const { t } = useTranslation();
  const list = useInfiniteQuery(notificationListQueryOptions());
  const done = useMarkNotificationDone();
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  useEffect(() => {
    const target = end.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const items = flattenPages(list.data?.pages ?? []);

  const entry = (item: NotificationItem) => (
    <Card key={item._id} withBorder padding="sm" data-testid="notification" data-notification-id={item._id} data-unread={item.unread}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={8} wrap="wrap">
            <Badge variant="light" color={item.unread ? 'red' : 'gray'} size="sm">
              {t(item.unread ? 'labels.notificationsPage.new' : 'labels.notificationsPage.old')}
            </Badge>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {item.title}
            </Text>
          </Group>
          {item.message && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {item.message}
            </Text>
          )}
          <Group gap="md" wrap="wrap">
            <Text size="xs" c="dimmed">
              {dateTimeText(item.created_at)}
            </Text>
            {!item.unread && item.done_at && (
              <Text size="xs" c="dimmed">
                {t('labels.notificationsPage.doneAt', { date: dateTimeText(item.done_at) })}
              </Text>
            )}
            {showCustomerLink && (
              <Anchor component="button" type="button" size="xs" onClick={() => onOpenCustomer(item.customer)} data-testid="notification-customer">
                {t('labels.notificationsPage.customer', { name: item.customer_name || item.customer })}
              </Anchor>
            )}
          </Group>
        </Stack>
        {item.unread && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconCheck size={14} />}
            loading={done.isPending && done.variables === item._id}
            onClick={() => done.mutate(item._id, { onError: notifyGenericFailure })}
            data-testid="notification-done"
          >
            {t('buttons.notifications.done')}
          </Button>
        )}
      </Group>
    </Card>
  );

  return (
    <Stack gap="md" maw={900} data-testid="notifications-page">
      <Title order={2}>{t('labels.notificationsPage.title')}</Title>
      {list.isError && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={t('errors.titles.sorry')}>
          {t('errors.generic')}
        </Alert>
      )}
      {list.isPending && <Loader />}
      {list.isSuccess && items.length === 0 && (
        <Stack align="center" gap={4} py="lg" c="dimmed">
          <IconBellOff size={28} stroke={1.4} />
          <Text size="sm">{t('hints.notificationsPage.empty')}</Text>
        </Stack>
      )}
      <Stack gap="xs">{items.map(entry)}</Stack>
      <div ref={end} />
      {isFetchingNextPage && (
        <Center>
          <Loader size="sm" />
        </Center>
      )}
      {hasNextPage && !isFetchingNextPage && (
        <Center>
          <Button variant="subtle" onClick={() => void fetchNextPage()} data-testid="notifications-more">
            {t('buttons.notifications.loadMore')}
          </Button>
        </Center>
      )}
      {list.isSuccess && items.length > 0 && !hasNextPage && (
        <Text size="xs" c="dimmed" ta="center">
          {t('hints.notificationsPage.end')}
        </Text>
      )}
    </Stack>
  );
};
