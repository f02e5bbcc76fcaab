import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Alert, Badge, Button, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconPencil, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dateTimeText } from '@shared/date-text';
import { ftpAddress, type FtpFailure, type FtpRetriever } from '@shared/schemas/ftp-retriever';
import { notify } from '../../../lib/notify';
import { deleteFtpRetriever, FTP_KEYS, ftpRetrieversQueryOptions, runFtpRetriever } from '../api/ftp-retrievers';
import { notifyFtpFailure } from '../hooks/notify-ftp-failure';
import { ResponsiveList } from '../../../components/responsive-list';

/** A retrieval that has not ended after this long has died with its job (15 minutes at most). */
const RUN_STALE_MS = 16 * 60_000;
/** While a retrieval runs, or was just asked for, the list asks for news this often. */
const POLL_MS = 3_000;
/** How long a 'retrieve now' is waited for before the list stops asking. */
const REQUEST_WAIT_MS = 2 * 60_000;

const isRunning = (retriever: FtpRetriever, now = Date.now()) =>
  retriever.running_since !== null && now - Date.parse(retriever.running_since) < RUN_STALE_MS;

/** Badges keep their whole word in narrow table cells (Mantine's label would shrink to an ellipsis). */
const WHOLE_LABEL = { root: { flexShrink: 0 }, label: { overflow: 'visible' } } as const;

/** Failures whose translated label says everything: the server's (or our) own words would only repeat it. */
const SAID_BY_LABEL: ReadonlySet<FtpFailure> = new Set(['connection_refused', 'login_incorrect', 'destination_not_allowed']);


export interface FtpRetrieversListProps {
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onCreate: () => void;
  onEdit: (id: string) => void;
}

/** How the last retrieval went: never run, running, or its time, outcome and files. */
const LastRun = ({ retriever, requested }: { retriever: FtpRetriever; requested: boolean }) => {
  const { t } = useTranslation();
  if (isRunning(retriever) || requested) {
    return (
      <Group gap={6} wrap="nowrap">
        <Loader size={14} />
        <Text size="sm">{t('labels.ftp.status.running')}</Text>
      </Group>
    );
  }
  if (!retriever.last_run_at) {
    return (
      <Text size="sm" c="dimmed">
        {t('labels.ftp.status.never')}
      </Text>
    );
  }
  const failed = retriever.last_status === 'error';
  return (
    <Stack gap={2} data-testid="ftp-last-run">
      <Group gap={6} wrap="nowrap">
        <Badge color={failed ? 'red' : 'green'} variant="light" size="sm" styles={WHOLE_LABEL}>
          {t(failed ? 'labels.ftp.status.error' : 'labels.ftp.status.ok')}
        </Badge>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {dateTimeText(retriever.last_run_at)}
        </Text>
      </Group>
      {failed && (
        <Text size="sm" c="red.8" data-testid="ftp-last-error">
          {t(`labels.ftp.failures.${retriever.last_error_kind ?? 'other'}`)}
          {retriever.last_error && !SAID_BY_LABEL.has(retriever.last_error_kind ?? 'other') ? ` — ${retriever.last_error}` : ''}
        </Text>
      )}
      {(!failed || Boolean(retriever.files_retrieved_last_run) || Boolean(retriever.files_waiting)) && (
        <Text size="xs" data-testid="ftp-files-retrieved">
          {t('labels.ftp.filesRetrieved', { count: retriever.files_retrieved_last_run ?? 0 })}
          {retriever.files_waiting ? ` · ${t('labels.ftp.filesWaiting', { count: retriever.files_waiting })}` : ''}
        </Text>
      )}
    </Stack>
  );
};

/**
 * /settings/ftp (spec 3 §2): the customer's FTP and SFTP retrievers with their last retrieval;
 * create, edit, 'retrieve now' and delete (after confirmation). A table on wide screens, cards
 * under 979 px.
 */
export const FtpRetrieversList = ({ canCreate, canEdit, canDelete, onCreate, onEdit }: FtpRetrieversListProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [requested, setRequested] = useState<Record<string, number>>({});
  const waitingFor = (retriever: FtpRetriever) => {
    const at = requested[retriever._id];
    return at !== undefined && Date.now() - at < REQUEST_WAIT_MS && (!retriever.last_run_at || Date.parse(retriever.last_run_at) < at) && !isRunning(retriever);
  };
  const retrievers = useQuery({
    ...ftpRetrieversQueryOptions(),
    refetchInterval: (query) => ((query.state.data ?? []).some((retriever) => isRunning(retriever) || waitingFor(retriever)) ? POLL_MS : false),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: FTP_KEYS.all });

  const run = useMutation({
    mutationFn: (retriever: FtpRetriever) => runFtpRetriever(retriever._id),
    onSuccess: async ({ started }, retriever) => {
      if (!started) return notify({ kind: 'info', title: t('toasts.info'), message: t('toasts.ftp_inactive') });
      setRequested((current) => ({ ...current, [retriever._id]: Date.now() }));
      notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.ftp_run_started') });
      await refresh();
    },
    onError: notifyFtpFailure,
  });

  const confirmDelete = (retriever: FtpRetriever) =>
    modals.openConfirmModal({
      title: t('labels.confirm.title'),
      children: <Text size="sm">{t('hints.ftp.confirmDelete', { address: ftpAddress(retriever) })}</Text>,
      labels: { confirm: t('buttons.delete'), cancel: t('buttons.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'ftp-confirm-delete' } as never,
      onConfirm: async () => {
        try {
          await deleteFtpRetriever(retriever._id);
          notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.ftp_deleted') });
        } catch (error) {
          notifyFtpFailure(error);
        }
        await refresh();
      },
    });

  const actions = (retriever: FtpRetriever) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {canEdit && (
        <Tooltip label={retriever.active ? t('buttons.ftp.run') : t('hints.ftp.runInactive')}>
          <ActionIcon
            variant="subtle"
            onClick={() => run.mutate(retriever)}
            disabled={!retriever.active || isRunning(retriever) || waitingFor(retriever)}
            aria-label={t('buttons.ftp.run')}
            data-testid="ftp-run"
          >
            <IconPlayerPlay size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {canEdit && (
        <Tooltip label={t('buttons.ftp.edit')}>
          <ActionIcon variant="subtle" onClick={() => onEdit(retriever._id)} aria-label={t('buttons.ftp.edit')} data-testid="ftp-edit">
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {canDelete && (
        <Tooltip label={t('buttons.delete')}>
          <ActionIcon variant="subtle" color="red" onClick={() => confirmDelete(retriever)} aria-label={t('buttons.delete')} data-testid="ftp-delete">
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );

  const protocol = (retriever: FtpRetriever) => (
    <Badge variant="outline" color={retriever.isSftp ? 'teal' : 'blue'} size="sm" styles={WHOLE_LABEL}>
      {retriever.isSftp ? 'SFTP' : 'FTP'}
    </Badge>
  );
  const activity = (retriever: FtpRetriever) => (
    <Badge variant="light" color={retriever.active ? 'green' : 'gray'} size="sm" styles={WHOLE_LABEL}>
      {t(retriever.active ? 'labels.ftp.status.active' : 'labels.ftp.status.inactive')}
    </Badge>
  );
  const interval = (retriever: FtpRetriever) => t('labels.ftp.everyMinutes', { count: retriever.timeInterval });

  const list = retrievers.data ?? [];
  return (
    <Stack gap="md" data-testid="ftp-retrievers">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={2}>{t('labels.menu.ftp')}</Title>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={onCreate} data-testid="ftp-create">
            {t('buttons.ftp.create')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('hints.ftp.intro')}
      </Text>
      {retrievers.isError && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={t('errors.titles.sorry')}>
          {t('errors.generic')}
        </Alert>
      )}
      {retrievers.isPending && <Loader />}
      {retrievers.isSuccess && list.length === 0 && <Alert color="blue">{t('hints.ftp.empty')}</Alert>}
      {list.length > 0 && (
        <ResponsiveList
          items={list}
          keyOf={(retriever) => retriever._id}
          itemProps={(retriever) => ({ 'data-testid': 'ftp-retriever', 'data-ftp-id': retriever._id })}
          columns={[
            { header: t('labels.ftp.fields.protocol'), cell: protocol },
            { header: t('labels.ftp.fields.host'), cell: (retriever) => retriever.host },
            { header: t('labels.ftp.fields.port'), cell: (retriever) => retriever.port },
            { header: t('labels.ftp.fields.user'), cell: (retriever) => retriever.user },
            { header: t('labels.ftp.fields.path'), cell: (retriever) => retriever.path },
            { header: t('labels.ftp.fields.timeInterval'), cell: interval, td: { style: { whiteSpace: 'nowrap' } } },
            { header: t('labels.ftp.fields.active'), cell: activity, td: { style: { whiteSpace: 'nowrap' } } },
            { header: t('labels.ftp.columns.lastRun'), cell: (retriever) => <LastRun retriever={retriever} requested={waitingFor(retriever)} />, td: { maw: 320 } },
          ]}
          actions={actions}
          cardTitle={(retriever) => (
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              {protocol(retriever)}
              <Text fw={600} truncate>
                {retriever.host}:{retriever.port}
              </Text>
            </Group>
          )}
          cardBody={(retriever) => (
            <>
              <Text size="sm">{t('labels.ftp.userAndPath', { user: retriever.user, path: retriever.path })}</Text>
              <Group gap={6}>
                {activity(retriever)}
                <Text size="sm">{interval(retriever)}</Text>
              </Group>
              <LastRun retriever={retriever} requested={waitingFor(retriever)} />
            </>
          )}
          tableTestId="ftp-table"
          minTableWidth={960}
        />
      )}
    </Stack>
  );
};
