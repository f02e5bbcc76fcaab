import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Badge, Box, Button, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { NOTIFICATION_READ_RESET_MS } from '@shared/constants';
import { dateTimeText } from '@shared/date-text';
import type { NotificationItem } from '@shared/schemas/notification';
import { updateSessionUser, useLoginPayload } from '../../../lib/session';
import { useUnreadNotifications } from '../api/get-unread-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';

const isNewSince = (item: NotificationItem, lastRead: string | null) => !lastRead || item.created_at > lastRead;

/**
 * The header bell (spec 1 §4.3): the count is what arrived since the last read date; opening the
 * dropdown marks everything read and the counter falls to 0 one second later.
 */
export const NotificationBell = ({ onShowAll }: { onShowAll?: () => void }) => {
  const { t } = useTranslation();
  const { user } = useLoginPayload();
  const { data: unread = [] } = useUnreadNotifications();
  const markRead = useMarkNotificationsRead();
  const resetTimer = useRef<number | undefined>(undefined);
  const [opened, setOpened] = useState(false);
  const count = unread.filter((item) => isNewSince(item, user.last_notification_read)).length;

  useEffect(() => () => window.clearTimeout(resetTimer.current), []);

  const onOpen = () => {
    const openedAt = new Date().toISOString();
    markRead.mutate(undefined, {
      onSuccess: ({ last_notification_read }) => {
        resetTimer.current = window.setTimeout(
          () => updateSessionUser({ last_notification_read: last_notification_read ?? openedAt }),
          NOTIFICATION_READ_RESET_MS,
        );
      },
    });
  };

  return (
    <Popover width={340} position="bottom-end" shadow="md" withArrow opened={opened} onChange={setOpened}>
      {/* The button is the popover's target (it says whether the list is open), the count a badge on its bell. */}
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={() => {
            if (!opened) onOpen();
            setOpened(!opened);
          }}
          // The name holds the count the badge shows (WCAG 2.5.3).
          aria-label={count > 0 ? t('labels.header.notificationsUnread', { count }) : t('labels.header.notifications')}
          data-testid="notification-bell"
        >
          <Indicator label={count} size={16} disabled={count === 0} color="red" offset={-2} inline data-testid="notification-count" data-count={count}>
            <IconBell size={20} stroke={1.6} />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Group justify="space-between" px="md" py="xs">
          <Text fw={600} size="sm">
            {t('labels.notifications.title')}
          </Text>
          <Badge variant="light" size="sm">
            {t('labels.notifications.unread', { count: unread.length })}
          </Badge>
        </Group>
        <Divider />
        {unread.length === 0 ? (
          <Stack align="center" gap={4} py="lg" c="dimmed">
            <IconBellOff size={24} stroke={1.4} />
            <Text size="sm">{t('hints.notifications.empty')}</Text>
          </Stack>
        ) : (
          <ScrollArea.Autosize mah={320}>
            {unread.map((item) => (
              <Box key={item._id} px="md" py="xs" data-testid="notification-item" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={600} lineClamp={1}>
                    {item.title}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {dateTimeText(item.created_at)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {item.message}
                </Text>
              </Box>
            ))}
          </ScrollArea.Autosize>
        )}
        {onShowAll && (
          <>
            <Divider />
            <Button
              variant="subtle"
              fullWidth
              radius={0}
              onClick={() => {
                setOpened(false);
                onShowAll();
              }}
              data-testid="notifications-show-all"
            >
              {t('buttons.notifications.showAll')}
            </Button>
          </>
        )}
      </Popover.Dropdown>
    </Popover>
  );
};
