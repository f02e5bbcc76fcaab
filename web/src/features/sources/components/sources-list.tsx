import { useTranslation } from 'react-i18next';
import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChevronDown, IconPencil, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { isFetchedType, SOURCE_TYPES, type Source, type SourceType } from '@shared/schemas/source';
import { errorCodeOf } from '../../../lib/http';
import { notify, notifyGenericFailure } from '../../../lib/notify';
import { deleteSource, fetchSourceNow, SOURCE_KEYS, sourcesQueryOptions } from '../api/sources';

/** How often the open list reads the sources again (the shortest fetch interval is a minute). */
const LIST_REFRESH_MS = 30_000;

const isFetched = (source: Source) => source.is_configurable && isFetchedType(source.type);

/** How the last fetch went, in a word and a colour; the server's words follow a failure. */
const FetchStatus = ({ source }: { source: Source }) => {
  const { t } = useTranslation();
  if (!isFetched(source)) return <Text size="sm" c="dimmed">—</Text>;
  const status = source.last_fetch;
  if (!status) return <Text size="sm" c="dimmed">{t('sources.list.never')}</Text>;
  const when = DateTime.fromISO(status.at).toFormat('dd/MM/yyyy HH:mm');
  if (!status.ok) {
    const reason = t(`sources.fetchErrors.${status.error ?? 'fetch_failed'}`, { defaultValue: t('sources.fetchErrors.fetch_failed') });
    return (
      <Stack gap={2}>
        <Badge color="red" variant="light" style={{ minWidth: 'max-content' }} data-testid="source-fetch-status">
          {t('sources.list.failed')}
        </Badge>
        <Text size="xs" c="red">
          {status.detail ? t('sources.withDetail', { reason, detail: status.detail }) : reason}
        </Text>
        <Text size="xs" c="dimmed">{when}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap={2}>
      <Badge color="green" variant="light" style={{ minWidth: 'max-content' }} data-testid="source-fetch-status">
        {t('sources.list.ok')}
      </Badge>
      <Text size="xs" c="dimmed">
        {source.type === 'email' ? t('sources.list.files', { count: status.files }) : t('sources.list.values', { written: status.written, unchanged: status.unchanged })}
      </Text>
      <Text size="xs" c="dimmed">{when}</Text>
    </Stack>
  );
};

/**
 * `/settings/sources`: the customer's sources with their type, family, state, fetch interval and
 * last fetch, and the way to add one of each type, edit, fetch now or delete.
 */
export const SourcesList = ({ onCreate, onEdit }: { onCreate: (type: SourceType) => void; onEdit: (source: Source) => void }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Fetches run on their schedules: the list reads their outcomes again while it is open.
  const { data: sources } = useSuspenseQuery({ ...sourcesQueryOptions(), refetchInterval: LIST_REFRESH_MS });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SOURCE_KEYS.all });

  const fetchNow = useMutation({
    mutationFn: (source: Source) => fetchSourceNow(source._id),
    onSuccess: () => notify({ kind: 'info', title: t('toasts.info'), message: t('sources.list.fetchStarted') }),
    onError: () => notifyGenericFailure(),
  });

  const confirmDelete = (source: Source) =>
    modals.openConfirmModal({
      title: t('sources.list.deleteTitle'),
      children: <Text size="sm">{t('sources.list.confirmDelete', { name: source.name })}</Text>,
      labels: { confirm: t('buttons.delete'), cancel: t('buttons.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'source-delete-confirm' } as never,
      onConfirm: async () => {
        try {
          await deleteSource(source._id);
          notify({ kind: 'success', title: t('toasts.ok'), message: t('sources.toasts.deleted') });
        } catch (error) {
          const code = errorCodeOf(error);
          const data = (error as { data?: { count?: number } }).data;
          if (code === 'internal_error' || code === 'network_error') notifyGenericFailure();
          else notify({ kind: 'warning', title: t('errors.titles.sorry'), message: t(`errors.${code}`, { count: data?.count ?? 0 }) });
        }
        await refresh();
      },
    });

  const interval = (source: Source) => (isFetched(source) ? t('sources.list.every', { count: source.config.custom.fetch_interval }) : '—');
  const actions = (source: Source) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {isFetched(source) && (
        <Tooltip label={t('sources.list.fetchNow')}>
          <ActionIcon variant="subtle" aria-label={t('sources.list.fetchNow')} onClick={() => fetchNow.mutate(source)} loading={fetchNow.isPending && fetchNow.variables?._id === source._id}>
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {source.is_configurable && (
        <Tooltip label={t('sources.list.edit')}>
          <ActionIcon variant="subtle" aria-label={t('sources.list.edit')} onClick={() => onEdit(source)} data-testid="source-edit">
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label={t('buttons.delete')}>
        <ActionIcon variant="subtle" color="red" aria-label={t('buttons.delete')} onClick={() => confirmDelete(source)} data-testid="source-delete">
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
  const activeBadge = (source: Source) => (
    <Badge color={source.active ? 'green' : 'gray'} variant="light" style={{ minWidth: 'max-content' }}>
      {source.active ? t('sources.list.active') : t('sources.list.inactive')}
    </Badge>
  );

  return (
    <Stack gap="lg" data-testid="sources-list">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2}>{t('labels.menu.sources')}</Title>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button leftSection={<IconPlus size={16} />} rightSection={<IconChevronDown size={14} />} data-testid="source-add">
              {t('sources.list.add')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {SOURCE_TYPES.map((type) => (
              <Menu.Item key={type} onClick={() => onCreate(type)} data-testid={`source-add-${type}`}>
                {t(`sources.types.${type}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>

      {sources.length === 0 ? (
        <Card withBorder radius="md" padding="lg">
          <Text c="dimmed">{t('sources.list.empty')}</Text>
        </Card>
      ) : (
        <>
          <Card withBorder radius="md" padding={0} visibleFrom="sm">
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('sources.list.name')}</Table.Th>
                    <Table.Th>{t('sources.list.type')}</Table.Th>
                    <Table.Th>{t('sources.list.family')}</Table.Th>
                    <Table.Th>{t('sources.list.state')}</Table.Th>
                    <Table.Th>{t('sources.list.interval')}</Table.Th>
                    <Table.Th>{t('sources.list.lastFetch')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sources.map((source) => (
                    <Table.Tr key={source._id} data-testid="source-row" data-source-name={source.name}>
                      <Table.Td>
                        <Text fw={500}>{source.name}</Text>
                      </Table.Td>
                      <Table.Td>{t(`sources.types.${source.type}`)}</Table.Td>
                      <Table.Td>{t(`sources.families.${source.family}`)}</Table.Td>
                      <Table.Td>{activeBadge(source)}</Table.Td>
                      <Table.Td>{interval(source)}</Table.Td>
                      <Table.Td>
                        <FetchStatus source={source} />
                      </Table.Td>
                      <Table.Td>{actions(source)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
          <Stack gap="sm" hiddenFrom="sm">
            {sources.map((source) => (
              <Card key={source._id} withBorder radius="md" padding="md" data-testid="source-card">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {source.name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {[...new Set([t(`sources.types.${source.type}`), t(`sources.families.${source.family}`)])]
                        .concat(isFetched(source) ? [interval(source)] : [])
                        .join(' · ')}
                    </Text>
                    <Group gap="xs">{activeBadge(source)}</Group>
                    {isFetched(source) && <FetchStatus source={source} />}
                  </Stack>
                  {actions(source)}
                </Group>
              </Card>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
};
