import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ActionIcon, Badge, Button, Card, Checkbox, FileButton, Group, Loader, Progress, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconDownload, IconEye, IconFileImport, IconPlayerPlay, IconRefresh, IconTrash, IconUpload } from '@tabler/icons-react';
import { METER_FILE_EXTENSIONS, UPLOAD_MAX_BYTES, type MeterFile } from '@shared/schemas/meter-file';
import { errorCodeOf } from '../../../lib/http';
import { formatDateTimeText } from '../../../lib/date-time-text';
import { formatFileSize } from '../../../lib/file-size';
import { notify } from '../../../lib/notify';
import {
  deleteMeterFiles,
  FILES_KEYS,
  fileListsQueryOptions,
  importNotTreatedFiles,
  reImportFile,
  rejectsOfFile,
  startBatch,
  uploadMeterFile,
} from '../api/files';
import { FilePreviewModal } from './file-preview-modal';
import { ImportFormatHelp } from './import-format-help';

type ListName = 'notTreatedFileList' | 'inTreatmentFileList' | 'treatmentErrorFileList' | 'treatedFileList';

const LISTS: { name: ListName; color: string; selectable: boolean }[] = [
  { name: 'notTreatedFileList', color: 'blue', selectable: true },
  { name: 'inTreatmentFileList', color: 'orange', selectable: false },
  { name: 'treatmentErrorFileList', color: 'red', selectable: true },
  { name: 'treatedFileList', color: 'green', selectable: false },
];

/**
 * Files processing (spec 3 §2 /settings/files): the files that came in by FTP/SFTP, e-mail or
 * upload in their three lists (and the latest treated ones with their outcome), the batch
 * processor by regular expression, imports, re-imports, previews and deletions. Lists follow the
 * imports live (`filesChanged`).
 */
export const FilesScreen = () => {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const lists = useQuery(fileListsQueryOptions());
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [regexp, setRegexp] = useState('');
  const [regexpError, setRegexpError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [previewed, setPreviewed] = useState<MeterFile | null>(null);
  // On a phone a file is a small card, not a row of a wide table.
  const narrow = useMediaQuery('(max-width: 48em)');

  const refresh = () => queryClient.invalidateQueries({ queryKey: FILES_KEYS.lists });

  const failed = (error: unknown) => {
    const code = errorCodeOf(error);
    notify({ kind: 'warning', title: t('errors.titles.sorry'), message: t(`errors.${code}`, { defaultValue: t('errors.generic') }) });
  };

  /** Runs an action, says its message, reloads the lists. */
  const run = async (key: string, action: () => Promise<{ msg: string | null } | unknown>, success?: string) => {
    setBusy(key);
    try {
      const answer = await action();
      const msg = (answer as { msg?: string | null } | undefined)?.msg ?? success;
      if (msg) notify({ kind: 'success', title: t('toasts.ok'), message: t(`messages.${msg}`, { count: 1 }) });
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
      await refresh();
    }
  };

  const upload = (file: File | null) => {
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) return notify({ kind: 'warning', title: t('errors.titles.sorry'), message: t('errors.file_too_large') });
    void run('upload', () => uploadMeterFile(file));
  };

  const launchBatch = () => {
    if (!regexp.trim()) return setRegexpError(t('errors.regexp_required'));
    setRegexpError(null);
    void run('batch', () => startBatch(regexp.trim()));
  };

  const confirmDelete = (ids: string[]) =>
    modals.openConfirmModal({
      title: t('labels.confirm.title'),
      children: <Text size="sm">{t('files.confirmDelete', { count: ids.length })}</Text>,
      labels: { confirm: t('buttons.delete'), cancel: t('buttons.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void run('delete', async () => {
          const answer = await deleteMeterFiles(ids);
          setSelected(new Set());
          notify({ kind: 'success', title: t('toasts.ok'), message: t('messages.files_deleted', { count: answer.deleted.length }) });
        }),
    });

  const downloadRejects = async (file: MeterFile) => {
    try {
      const { url } = await rejectsOfFile(file._id);
      window.location.assign(url);
    } catch (error) {
      failed(error);
    }
  };

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const data = lists.data;
  const notTreatedCount = data?.notTreatedFileList.length ?? 0;

  const actionsOf = (file: MeterFile, list: ListName): ReactNode => (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('files.preview')} withArrow>
        <ActionIcon variant="subtle" onClick={() => setPreviewed(file)} aria-label={t('files.preview')} data-testid={`preview-${file._id}`}>
          <IconEye size={18} />
        </ActionIcon>
      </Tooltip>
      {list === 'notTreatedFileList' && (
        <Tooltip label={t('files.import')} withArrow>
          <ActionIcon variant="subtle" color="blue" loading={busy === `import-${file._id}`} onClick={() => void run(`import-${file._id}`, () => importNotTreatedFiles([file._id]))} aria-label={t('files.import')}>
            <IconFileImport size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {(list === 'treatmentErrorFileList' || list === 'treatedFileList') && (
        <Tooltip label={t('files.reImport')} withArrow>
          <ActionIcon variant="subtle" color="blue" loading={busy === `reimport-${file._id}`} onClick={() => void run(`reimport-${file._id}`, () => reImportFile(file._id))} aria-label={t('files.reImport')}>
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {file.outcome?.has_rejects && (
        <Tooltip label={t('files.rejects')} withArrow>
          <ActionIcon variant="subtle" color="gray" onClick={() => void downloadRejects(file)} aria-label={t('files.rejects')}>
            <IconDownload size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {list !== 'inTreatmentFileList' && (
        <Tooltip label={t('buttons.delete')} withArrow>
          <ActionIcon variant="subtle" color="red" onClick={() => confirmDelete([file._id])} aria-label={t('buttons.delete')}>
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );

  const statusOf = (file: MeterFile, list: ListName): ReactNode => {
    if (list === 'inTreatmentFileList') {
      const share = file.progress && file.size > 0 ? Math.min(100, (100 * file.progress.bytes) / file.size) : 0;
      return (
        <Stack gap={2} miw={140}>
          <Progress value={share} animated size="sm" aria-label={t('files.progress')} />
          <Text size="xs" c="dimmed">
            {t('files.rowsSoFar', { count: file.progress?.rows ?? 0, rows: (file.progress?.rows ?? 0).toLocaleString(i18n.language) })}
          </Text>
        </Stack>
      );
    }
    if (list === 'treatmentErrorFileList') {
      return (
        <Text size="xs" c="red" lineClamp={2}>
          {file.error === 'import_stopped' ? t('files.importStopped') : file.error}
        </Text>
      );
    }
    if (file.outcome) {
      const outcome = file.outcome;
      const format = (value: number) => value.toLocaleString(i18n.language);
      return (
        <Text size="xs" data-testid={`outcome-${file._id}`}>
          {t('files.outcome', {
            read: format(outcome.rows_read),
            written: format(outcome.written),
            unchanged: format(outcome.unchanged),
            rejected: format(outcome.rejected + outcome.unknown_rows),
          })}
          {outcome.unknown_ids.length > 0 && (
            <Text span size="xs" c="orange" display="block">
              {t('files.unknownIds', { ids: outcome.unknown_ids.slice(0, 5).join(', '), count: outcome.unknown_ids.length })}
            </Text>
          )}
        </Text>
      );
    }
    return null;
  };

  const cards = (list: ListName, files: MeterFile[], selectable: boolean) => (
    // On a phone the files are a list of cards (a row needs the table the wide screen draws).
    <Stack gap="xs" role="list" aria-label={t(`files.lists.${list}`)} data-testid={`list-${list}`}>
      {files.map((file) => (
        <Card key={file._id} withBorder padding="xs" role="listitem" data-testid={`file-${file._id}`}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
              {selectable && <Checkbox mt={2} checked={selected.has(file._id)} onChange={(event) => toggle(file._id, event.currentTarget.checked)} aria-label={file.name} />}
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
                  {file.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatFileSize(file.size, i18n.language)} · {formatDateTimeText(file.received_at)} · {t(`files.origins.${file.origin.kind}`)} {file.origin.label}
                </Text>
              </Stack>
            </Group>
            {actionsOf(file, list)}
          </Group>
          <div style={{ marginTop: 4 }}>{statusOf(file, list)}</div>
        </Card>
      ))}
    </Stack>
  );

  const table = (list: ListName, files: MeterFile[], selectable: boolean) => (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing={6} highlightOnHover data-testid={`list-${list}`}>
        <Table.Thead>
          <Table.Tr>
            {selectable && <Table.Th w={36} />}
            <Table.Th>{t('files.name')}</Table.Th>
            <Table.Th w={90}>{t('files.size')}</Table.Th>
            <Table.Th w={130}>{t('files.date')}</Table.Th>
            <Table.Th>{t('files.origin')}</Table.Th>
            <Table.Th>{t('files.status')}</Table.Th>
            <Table.Th w={150} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => (
            <Table.Tr key={file._id} data-testid={`file-${file._id}`}>
              {selectable && (
                <Table.Td>
                  <Checkbox checked={selected.has(file._id)} onChange={(event) => toggle(file._id, event.currentTarget.checked)} aria-label={file.name} />
                </Table.Td>
              )}
              <Table.Td>
                <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
                  {file.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatFileSize(file.size, i18n.language)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTimeText(file.received_at)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Badge variant="light" color="gray" size="sm" styles={{ root: { flexShrink: 0 }, label: { overflow: 'visible' } }}>
                    {t(`files.origins.${file.origin.kind}`)}
                  </Badge>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {file.origin.label}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td>{statusOf(file, list)}</Table.Td>
              <Table.Td>{actionsOf(file, list)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );

  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }} data-testid="files-screen">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={3}>{t('files.title')}</Title>
        <Group gap="xs">
          <FileButton onChange={upload} accept={METER_FILE_EXTENSIONS.join(',')}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconUpload size={16} />} loading={busy === 'upload'} data-testid="files-upload">
                {t('files.upload')}
              </Button>
            )}
          </FileButton>
          <Button
            leftSection={<IconFileImport size={16} />}
            disabled={notTreatedCount === 0}
            loading={busy === 'import-all'}
            onClick={() => void run('import-all', () => importNotTreatedFiles())}
            data-testid="files-import-all"
          >
            {t('files.importAll', { count: notTreatedCount })}
          </Button>
        </Group>
      </Group>

      <Card withBorder padding="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            style={{ flex: '1 1 260px' }}
            label={t('files.batch.label')}
            description={t('files.batch.hint')}
            placeholder="^releve_.*\.csv$"
            value={regexp}
            error={regexpError}
            onChange={(event) => setRegexp(event.currentTarget.value)}
            onKeyDown={(event) => event.key === 'Enter' && launchBatch()}
            data-testid="files-batch-regexp"
          />
          <Button mt={{ base: 0, sm: 42 }} leftSection={<IconPlayerPlay size={16} />} loading={busy === 'batch'} onClick={launchBatch} data-testid="files-batch-start">
            {t('files.batch.start')}
          </Button>
        </Group>
      </Card>

      <ImportFormatHelp />

      {lists.isPending && <Loader size="sm" />}
      {data &&
        LISTS.map(({ name, color, selectable }) => {
          const files = data[name];
          const selectedHere = files.filter((file) => selected.has(file._id)).map((file) => file._id);
          return (
            <Card key={name} withBorder padding="sm" data-testid={`section-${name}`}>
              <Group justify="space-between" mb={files.length ? 'xs' : 0}>
                <Group gap="xs">
                  <Title order={5}>{t(`files.lists.${name}`)}</Title>
                  <Badge color={color} variant="light">
                    {files.length}
                  </Badge>
                </Group>
                {selectable && selectedHere.length > 0 && (
                  <Group gap="xs">
                    {name === 'notTreatedFileList' && (
                      <Button size="xs" variant="light" onClick={() => void run('import-selected', () => importNotTreatedFiles(selectedHere))}>
                        {t('files.importSelected', { count: selectedHere.length })}
                      </Button>
                    )}
                    <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={() => confirmDelete(selectedHere)}>
                      {t('files.deleteSelected', { count: selectedHere.length })}
                    </Button>
                  </Group>
                )}
              </Group>
              {files.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t(`files.empty.${name}`)}
                </Text>
              ) : (
                (narrow ? cards : table)(name, files, selectable)
              )}
            </Card>
          );
        })}
      <FilePreviewModal
        file={previewed}
        onClose={() => setPreviewed(null)}
        onImport={(file) => {
          setPreviewed(null);
          void run(`import-${file._id}`, () => (file.state === 'not_treated' ? importNotTreatedFiles([file._id]) : reImportFile(file._id)));
        }}
      />
    </Stack>
  );
};
