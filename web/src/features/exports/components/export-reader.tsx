import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, Flex, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconMailForward, IconPencil } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CellPosition } from '@shared/exports/cell-reference';
import { setCell } from '@shared/exports/grid';
import type { ExportCellDefinition } from '@shared/schemas/export';
import { notify } from '../../../lib/notify';
import { useKnownPoints } from '../../../lib/point-search';
import { EXPORT_KEYS, exportFileLink, exportViewQueryOptions, sendExport, updateExport, type ExportViewSettings } from '../api/exports';
import { valueText } from '../hooks/cell-text';
import { notifyExportFailure } from '../hooks/notify-export-failure';
import { CellEditor } from './cell-editor';
import { ExportGrid } from './export-grid';
import { ViewSettings } from './view-settings';

const newRequestKey = (): string => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

export interface ExportReaderProps {
  exportId: string;
  zone: string;
  /** The viewer may change it: point operations are set here, and the editor is a click away. */
  mayModify: boolean;
  onEdit: () => void;
}

/**
 * /exports/show/{id} (spec 2 §2): what the grid shows at the custom end date and sampling, its
 * file downloaded or sent by e-mail, and point operations set on its cells.
 */
export const ExportReader = ({ exportId, zone, mayModify, onEdit }: ExportReaderProps) => {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [view, setView] = useState<ExportViewSettings>({ endDate: null, sampling: null });
  const [selected, setSelected] = useState<CellPosition | null>(null);
  const [draft, setDraft] = useState<ExportCellDefinition | null>(null);
  const shown = useQuery({ ...exportViewQueryOptions(exportId, view), placeholderData: (previous) => previous });
  const known = useKnownPoints(draft && 'point_id' in draft && draft.point_id ? [draft.point_id] : []);

  const download = useMutation({
    mutationFn: () => exportFileLink(exportId, view),
    onSuccess: ({ url, name }) => {
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
    },
    onError: notifyExportFailure,
  });
  // One key per send of one view, kept while it fails: sending again then retries that send, never a second e-mail.
  const sendKey = useRef<{ view: ExportViewSettings; key: string } | null>(null);
  const send = useMutation({
    mutationFn: () => {
      const kept = sendKey.current;
      const key = kept && kept.view.endDate === view.endDate && kept.view.sampling === view.sampling ? kept.key : newRequestKey();
      sendKey.current = { view, key };
      return sendExport(exportId, view, key);
    },
    onSuccess: ({ sent_to }) => {
      sendKey.current = null;
      notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.export_sent', { count: sent_to.length }) });
    },
    onError: notifyExportFailure,
  });
  const apply = useMutation({
    mutationFn: async () => {
      const current = shown.data!;
      const changed = setCell(current.content, selected!.row, selected!.column, draft!);
      if (!changed.ok) throw new Error(changed.problem);
      const { _id, customer: _customer, created_at: _created, updated_at: _updated, data_array: _values, ...input } = current;
      return updateExport(_id, { ...input, content: changed.grid });
    },
    onSuccess: async () => {
      notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.export_saved') });
      await queryClient.invalidateQueries({ queryKey: EXPORT_KEYS.one(exportId) });
      await queryClient.invalidateQueries({ queryKey: EXPORT_KEYS.all });
    },
    onError: notifyExportFailure,
  });

  if (shown.isPending) return <Loader />;
  if (!shown.data) return <Alert color="yellow">{t('errors.generic')}</Alert>;
  const current = shown.data;
  const choose = (position: CellPosition) => {
    setSelected(position);
    setDraft(current.content[position.row][position.column][0]);
  };
  return (
    <Stack gap="md" data-testid="export-reader">
      <Flex justify="space-between" align="center" gap="sm" wrap="wrap">
        <Title order={2}>{current.name}</Title>
        <Group gap="sm">
          {mayModify && (
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={onEdit} data-testid="export-open-editor">
              {t('exports.buttons.edit')}
            </Button>
          )}
          <Button variant="light" leftSection={<IconMailForward size={16} />} onClick={() => send.mutate()} loading={send.isPending} disabled={current.email.to.length === 0} data-testid="export-send">
            {t('exports.buttons.send')}
          </Button>
          <Button leftSection={<IconDownload size={16} />} onClick={() => download.mutate()} loading={download.isPending} data-testid="export-download">
            {t('exports.buttons.download')} {current.export_type.toUpperCase()}
          </Button>
        </Group>
      </Flex>
      <ViewSettings value={view} onChange={setView} />
      <Flex direction={{ base: 'column', lg: 'row' }} gap="md" align="flex-start">
        <div style={{ flex: 1, minWidth: 0, width: '100%', opacity: shown.isFetching ? 0.6 : 1 }}>
          <ExportGrid grid={current.content} content={({ row, column }) => valueText(current.data_array[row]?.[column], i18n.language, zone, t)} selected={selected} onSelect={choose} />
        </div>
        {mayModify && selected && draft && (
          <Card withBorder padding="md" w={{ base: '100%', lg: 360 }}>
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('exports.hints.readOperation')}
              </Text>
              <CellEditor
                position={selected}
                definition={draft}
                onChange={setDraft}
                pointText={(id) => known.byId.get(id)?.name ?? null}
                onPointPicked={known.remember}
                allowOperations
                gridSize={{ rows: current.content.length, columns: current.content[0].length }}
                preview={valueText(current.data_array[selected.row]?.[selected.column], i18n.language, zone, t)}
              />
              <Button onClick={() => apply.mutate()} loading={apply.isPending} data-testid="export-apply-cell">
                {t('exports.buttons.apply')}
              </Button>
            </Stack>
          </Card>
        )}
      </Flex>
    </Stack>
  );
};
