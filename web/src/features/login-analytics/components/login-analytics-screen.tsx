import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Alert, Badge, Button, Card, Group, Loader, Modal, Select, Stack, Table, Text, Textarea, TextInput, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconLogout, IconMessage } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MOBILE_BREAKPOINT_PX } from '@shared/constants';
import { dateTimeText } from '@shared/date-text';
import { lastLoginBand, type LastLoginBand } from '@shared/settings/last-login-band';
import { messageToUserSchema, type ConnectedUser, type LoginAnalyticsRow, type MessageToUser } from '@shared/schemas/system-settings';
import { errorCodeOf } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { realtimeBus } from '../../../lib/realtime-bus';
import { loginAnalyticsQueryOptions, logOutConnectedUser, messageConnectedUser } from '../api/login-analytics';

const BAND_COLORS: Record<LastLoginBand, string> = { green: 'green', orange: 'orange', red: 'red', never: 'red' };

const fullName = (user: { first_name: string; last_name: string; email: string }) => `${user.first_name} ${user.last_name}`.trim() || user.email;

/** Asks the server who is connected, and listens to the list it pushes again on every change. */
const useConnectedUsers = (): ConnectedUser[] | null => {
  const [users, setUsers] = useState<ConnectedUser[] | null>(null);
  useEffect(() => {
    const ask = () => realtimeBus.send({ action: 'connectedUsersList' });
    const stopEvents = realtimeBus.subscribe('connectedUsersListReturn', (data) => setUsers(data.users));
    const stopOpen = realtimeBus.onOpen(ask);
    ask();
    return () => {
      stopEvents();
      stopOpen();
    };
  }, []);
  return users;
};

const MessageModal = ({ user, onClose }: { user: ConnectedUser | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const [message, setMessage] = useState<MessageToUser>({ title: '', message: '', type: 'info' });
  const send = useMutation({
    mutationFn: () => messageConnectedUser(user!._id, message),
    onSuccess: () => {
      notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.loginAnalytics.messageSent') });
      setMessage({ title: '', message: '', type: 'info' });
      onClose();
    },
    onError: (error) => notify({ kind: 'warning', title: t('errors.titles.sorry'), message: t(`errors.${errorCodeOf(error)}`) }),
  });
  return (
    <Modal opened={user !== null} onClose={onClose} title={user ? t('labels.loginAnalytics.messageTo', { name: fullName(user) }) : ''}>
      <Stack gap="sm">
        <TextInput
          label={t('labels.loginAnalytics.messageTitle')}
          value={message.title}
          onChange={(event) => setMessage({ ...message, title: event.currentTarget.value })}
          data-testid="message-title"
        />
        <Textarea
          label={t('labels.loginAnalytics.messageText')}
          autosize
          minRows={3}
          value={message.message}
          onChange={(event) => setMessage({ ...message, message: event.currentTarget.value })}
          data-testid="message-text"
        />
        <Select
          label={t('labels.loginAnalytics.messageType')}
          value={message.type}
          allowDeselect={false}
          onChange={(value) => value && setMessage({ ...message, type: value as MessageToUser['type'] })}
          data={(['info', 'success', 'warning', 'error'] as const).map((type) => ({ value: type, label: t(`labels.loginAnalytics.types.${type}`) }))}
        />
        <Group justify="flex-end">
          <Button onClick={() => send.mutate()} loading={send.isPending} disabled={!messageToUserSchema.safeParse(message).success} data-testid="message-send">
            {t('buttons.loginAnalytics.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

export interface LoginAnalyticsScreenProps {
  /** Root and super users message and log out connected users. */
  canAct: boolean;
  currentUserId: string;
}

/**
 * /settings/login_analytics (spec 3 §9): each user's last sign-in, coloured by its age, and who is
 * connected now, kept live over the WebSocket.
 */
export const LoginAnalyticsScreen = ({ canAct, currentUserId }: LoginAnalyticsScreenProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, false, { getInitialValueInEffect: false });
  const rows = useQuery(loginAnalyticsQueryOptions());
  const connected = useConnectedUsers();
  const [messaged, setMessaged] = useState<ConnectedUser | null>(null);

  // Someone who just connected has just signed in: their row's date changed too.
  useEffect(() => {
    if (connected) void queryClient.invalidateQueries({ queryKey: loginAnalyticsQueryOptions().queryKey });
  }, [connected, queryClient]);

  const confirmLogOut = (user: ConnectedUser) =>
    modals.openConfirmModal({
      title: t('labels.confirm.title'),
      children: <Text size="sm">{t('hints.loginAnalytics.confirmLogOut', { name: fullName(user) })}</Text>,
      labels: { confirm: t('buttons.loginAnalytics.logOut'), cancel: t('buttons.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-log-out' } as never,
      onConfirm: async () => {
        try {
          await logOutConnectedUser(user._id);
          notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.loginAnalytics.loggedOut') });
        } catch (error) {
          notify({ kind: 'warning', title: t('errors.titles.sorry'), message: t(`errors.${errorCodeOf(error)}`) });
        }
      },
    });

  const lastLogin = (row: LoginAnalyticsRow) => {
    const band = lastLoginBand(row.last_login_at);
    return (
      <Group gap={6} wrap="nowrap" data-testid="last-login" data-band={band}>
        <Badge color={BAND_COLORS[band]} variant="light" size="sm" styles={{ root: { flexShrink: 0 }, label: { overflow: 'visible' } }}>
          {t(`labels.loginAnalytics.bands.${band}`)}
        </Badge>
        {row.last_login_at && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {dateTimeText(row.last_login_at)}
          </Text>
        )}
      </Group>
    );
  };

  const actions = (user: ConnectedUser) =>
    canAct && user._id !== currentUserId ? (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <Tooltip label={t('buttons.loginAnalytics.message')}>
          <ActionIcon variant="subtle" onClick={() => setMessaged(user)} aria-label={t('buttons.loginAnalytics.message')} data-testid="connected-message">
            <IconMessage size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('buttons.loginAnalytics.logOut')}>
          <ActionIcon variant="subtle" color="red" onClick={() => confirmLogOut(user)} aria-label={t('buttons.loginAnalytics.logOut')} data-testid="connected-log-out">
            <IconLogout size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    ) : null;

  const list = rows.data ?? [];
  return (
    <Stack gap="md" data-testid="login-analytics">
      <Title order={2}>{t('labels.menu.loginAnalytics')}</Title>
      <Card withBorder padding="md" data-testid="connected-users">
        <Stack gap="xs">
          <Group justify="space-between" wrap="wrap">
            <Text fw={600}>{t('labels.loginAnalytics.connectedNow')}</Text>
            {connected && (
              <Badge variant="light" color="green" data-testid="connected-count">
                {connected.length}
              </Badge>
            )}
          </Group>
          {connected === null && <Loader size="sm" />}
          {connected?.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('hints.loginAnalytics.nobody')}
            </Text>
          )}
          {connected?.map((user) => (
            <Group key={user._id} justify="space-between" wrap="nowrap" gap="xs" data-testid="connected-user" data-user-id={user._id}>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {fullName(user)}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {user.email}
                  {user.connections > 1 ? ` · ${t('labels.loginAnalytics.browsers', { count: user.connections })}` : ''}
                </Text>
              </Stack>
              {actions(user)}
            </Group>
          ))}
        </Stack>
      </Card>
      {rows.isError && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={t('errors.titles.sorry')}>
          {t('errors.generic')}
        </Alert>
      )}
      {rows.isPending && <Loader />}
      {list.length > 0 &&
        (mobile ? (
          <Stack gap="sm">
            {list.map((row) => (
              <Card key={row._id} withBorder padding="sm" data-testid="login-row" data-user-id={row._id}>
                <Text size="sm" fw={600}>
                  {fullName(row)}
                </Text>
                <Text size="xs" c="dimmed" mb={6} style={{ overflowWrap: 'anywhere' }}>
                  {row.email}
                </Text>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  {lastLogin(row)}
                  <Text size="xs">{t('labels.loginAnalytics.count', { count: row.login_count })}</Text>
                </Group>
              </Card>
            ))}
          </Stack>
        ) : (
          <Table striped withTableBorder data-testid="login-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('labels.loginAnalytics.columns.user')}</Table.Th>
                <Table.Th>{t('labels.loginAnalytics.columns.email')}</Table.Th>
                <Table.Th>{t('labels.loginAnalytics.columns.lastLogin')}</Table.Th>
                <Table.Th>{t('labels.loginAnalytics.columns.count')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((row) => (
                <Table.Tr key={row._id} data-testid="login-row" data-user-id={row._id}>
                  <Table.Td>{fullName(row)}</Table.Td>
                  <Table.Td>{row.email}</Table.Td>
                  <Table.Td>{lastLogin(row)}</Table.Td>
                  <Table.Td>{row.login_count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ))}
      <MessageModal user={messaged} onClose={() => setMessaged(null)} />
    </Stack>
  );
};
