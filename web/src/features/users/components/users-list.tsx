import { useTranslation } from 'react-i18next';
import { ActionIcon, Alert, Badge, Button, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconPencil, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@shared/schemas/user';
import { notify } from '../../../lib/notify';
import { deleteUserOf, USER_KEYS, usersQueryOptions, type UserListKind } from '../api/users';
import { notifyUserFailure } from '../hooks/notify-user-failure';
import { ResponsiveList } from '../../../components/responsive-list';

export interface UsersListProps {
  kind: UserListKind;
  /** The signed-in user: never offered their own deletion. */
  currentUserId: string;
  /** Root and root administrators are changed by root only; only root refreshes the lists (spec 1 §6). */
  currentIsRoot: boolean;
  /** Names of the customer's locations, by id. */
  locationNames: ReadonlyMap<string, string>;
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onCreate: () => void;
  onEdit: (id: string) => void;
}

/**
 * /settings/users and /settings/su (spec 3 §2): name, e-mail, role, locations and actions; a table
 * on wide screens, cards under 979 px. Root alone has a refresh action (spec 1 §6), reading the list
 * again from the server; everyone else sees it change after their own edits.
 */
/** A member's locations are named in the list up to this many; the others are counted. */
const LOCATIONS_NAMED = 5;

export const UsersList = ({ kind, currentUserId, currentIsRoot, locationNames, canCreate, canEdit, canDelete, onCreate, onEdit }: UsersListProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const users = useQuery(usersQueryOptions(kind));
  const list = [...(users.data ?? [])].sort((a, b) => `${a.last_name} ${a.first_name}`.localeCompare(`${b.last_name} ${b.first_name}`));

  const nameOf = (user: User) => `${user.first_name} ${user.last_name}`;
  const locations = (user: User) =>
    user.allowed_locations === 'view'
      ? t('labels.users.allLocations')
      : user.allowed_locations.length > LOCATIONS_NAMED
        ? t('hints.locationRights.someAndMore', {
            names: user.allowed_locations.slice(0, LOCATIONS_NAMED).map((id) => locationNames.get(id) ?? id).join(', '),
            count: user.allowed_locations.length - LOCATIONS_NAMED,
          })
        : user.allowed_locations.map((id) => locationNames.get(id) ?? id).join(', ');
  const role = (user: User) => (
    <Badge variant="light" color={user.type === 'member' ? 'gray' : 'blue'} size="sm" styles={{ root: { flexShrink: 0 }, label: { overflow: 'visible' } }}>
      {t(`labels.roles.${user.type}`)}
    </Badge>
  );

  const confirmDelete = (user: User) =>
    modals.openConfirmModal({
      title: t('labels.confirm.title'),
      children: <Text size="sm">{t('hints.users.confirmDelete', { name: nameOf(user) })}</Text>,
      labels: { confirm: t('buttons.delete'), cancel: t('buttons.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'user-confirm-delete' } as never,
      onConfirm: async () => {
        try {
          await deleteUserOf(kind, user._id);
          notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.user_deleted') });
        } catch (error) {
          notifyUserFailure(error);
        }
        await queryClient.invalidateQueries({ queryKey: USER_KEYS.all(kind) });
      },
    });

  const changeable = (user: User) => currentIsRoot || !(user.is_root || user.type === 'root_administrator');
  const actions = (user: User) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {canEdit && changeable(user) && (
        <Tooltip label={t('buttons.users.edit')}>
          <ActionIcon variant="subtle" onClick={() => onEdit(user._id)} aria-label={t('buttons.users.edit')} data-testid="user-edit">
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {canDelete && changeable(user) && user._id !== currentUserId && (
        <Tooltip label={t('buttons.delete')}>
          <ActionIcon variant="subtle" color="red" onClick={() => confirmDelete(user)} aria-label={t('buttons.delete')} data-testid="user-delete">
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );

  return (
    <Stack gap="md" data-testid={`${kind}-list`}>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={2}>{t(kind === 'users' ? 'labels.menu.users' : 'labels.menu.superUsers')}</Title>
        <Group gap="xs" wrap="nowrap">
          {currentIsRoot && (
            <Tooltip label={t('buttons.refresh')}>
              <ActionIcon
                variant="default"
                size="lg"
                onClick={() => void users.refetch()}
                loading={users.isFetching}
                aria-label={t('buttons.refresh')}
                data-testid="users-refresh"
              >
                <IconRefresh size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {canCreate && (
            <Button leftSection={<IconPlus size={16} />} onClick={onCreate} data-testid="user-create">
              {t(kind === 'users' ? 'buttons.users.add' : 'buttons.users.addSuperUser')}
            </Button>
          )}
        </Group>
      </Group>
      {users.isError && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={t('errors.titles.sorry')}>
          {t('errors.generic')}
        </Alert>
      )}
      {users.isPending && <Loader />}
      {users.isSuccess && list.length === 0 && <Alert color="blue">{t('hints.users.empty')}</Alert>}
      {list.length > 0 && (
        <ResponsiveList
          items={list}
          keyOf={(user) => user._id}
          itemProps={(user) => ({ 'data-testid': 'user-row', 'data-user-id': user._id })}
          columns={[
            { header: t('labels.users.fields.name'), cell: nameOf },
            { header: t('labels.users.fields.email'), cell: (user) => user.email },
            { header: t('labels.users.fields.role'), cell: role },
            ...(kind === 'users' ? [{ header: t('labels.users.fields.locations'), cell: locations, td: { maw: 360 } }] : []),
          ]}
          actions={actions}
          cardTitle={(user) => (
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {nameOf(user)}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Text>
            </Stack>
          )}
          cardBody={(user) => (
            <Group gap={6} wrap="wrap">
              {role(user)}
              {kind === 'users' && <Text size="sm">{locations(user)}</Text>}
            </Group>
          )}
          tableTestId="users-table"
          minTableWidth={760}
        />
      )}
    </Stack>
  );
};
