import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Group, Loader, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { MeterFile } from '@shared/schemas/meter-file';
import { PREVIEW_MAX_ROWS } from '@shared/schemas/meter-file';
import { errorCodeOf } from '../../../lib/http';
import { formatDateTimeText } from '../../../lib/date-time-text';
import { previewMeterFile } from '../api/files';

const EFFECT_COLORS = { new: 'green', changed: 'orange', unchanged: 'gray', rejected: 'red', unknown: 'grape' } as const;

interface FilePreviewModalProps {
  file: MeterFile | null;
  onClose: () => void;
  onImport: (file: MeterFile) => void;
}

/** A dry run of a file: nothing is written until the user imports it. */
export const FilePreviewModal = ({ file, onClose, onImport }: FilePreviewModalProps) => {
  const { t, i18n } = useTranslation();
  const preview = useQuery({ queryKey: ['files', 'preview', file?._id], queryFn: () => previewMeterFile(file!._id), enabled: file !== null, staleTime: 0, gcTime: 0 });
  const data = preview.data;
  const count = (value: number) => value.toLocaleString(i18n.language);
  return (
    <Modal opened={file !== null} onClose={onClose} title={t('files.previewOf', { name: file?.name ?? '' })} size="xl" data-testid="file-preview">
      {preview.isPending && <Loader size="sm" />}
      {preview.isError && (
        <Alert color="red">{t(`errors.${errorCodeOf(preview.error)}`, { defaultValue: t('errors.generic') })}</Alert>
      )}
      {data && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('files.previewFormat', { format: data.format.toUpperCase(), separator: data.separator ?? '—' })}
          </Text>
          <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs" data-testid="preview-counts">
            {(['read', 'new', 'changed', 'unchanged', 'rejected', 'unknown'] as const).map((name) => (
              <Stack key={name} gap={0} align="center">
                <Text fw={700} data-testid={`preview-count-${name}`}>
                  {count(data.counts[name])}
                </Text>
                <Text size="xs" c="dimmed" ta="center">
                  {t(`files.counts.${name}`)}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
          {data.truncated && (
            <Alert color="blue" variant="light">
              {t('files.previewTruncated', { rows: count(PREVIEW_MAX_ROWS) })}
            </Alert>
          )}
          {data.points.length > 0 && (
            <Table.ScrollContainer minWidth={420}>
              <Table verticalSpacing={4} data-testid="preview-points">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('files.point')}</Table.Th>
                    <Table.Th>{t('files.technicalId')}</Table.Th>
                    <Table.Th ta="right">{t('files.rows')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.points.map((point) => (
                    <Table.Tr key={point._id}>
                      <Table.Td>{point.name}</Table.Td>
                      <Table.Td>{point.technical_id}</Table.Td>
                      <Table.Td ta="right">{count(point.rows)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Table.ScrollContainer minWidth={620}>
            <Table verticalSpacing={4} striped data-testid="preview-rows">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={60}>{t('files.line')}</Table.Th>
                  <Table.Th>{t('files.technicalId')}</Table.Th>
                  <Table.Th>{t('files.date')}</Table.Th>
                  <Table.Th ta="right">{t('files.value')}</Table.Th>
                  <Table.Th>{t('files.statusCode')}</Table.Th>
                  <Table.Th>{t('files.effect')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.map((row) => (
                  <Table.Tr key={row.line}>
                    <Table.Td>{row.line}</Table.Td>
                    <Table.Td>
                      {row.technical_id ?? '—'}
                      {row.point && (
                        <Text size="xs" c="dimmed">
                          {row.point.name}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{row.at ? formatDateTimeText(row.at) : '—'}</Table.Td>
                    <Table.Td ta="right">{row.value === null ? '—' : row.value.toLocaleString(i18n.language, { maximumFractionDigits: 6 })}</Table.Td>
                    <Table.Td>{row.status ?? '—'}</Table.Td>
                    <Table.Td>
                      <Badge size="sm" variant="light" color={EFFECT_COLORS[row.effect]}>
                        {t(`files.effects.${row.effect}`)}
                      </Badge>
                      {row.problem && row.effect === 'rejected' && (
                        <Text size="xs" c="red">
                          {t(`files.problems.${row.problem}`)}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('buttons.close')}
            </Button>
            {file && file.state !== 'in_treatment' && (
              <Button onClick={() => onImport(file)} data-testid="preview-import">
                {t(file.state === 'not_treated' ? 'files.import' : 'files.reImport')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
};
