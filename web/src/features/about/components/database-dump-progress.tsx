import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DatabaseDump } from '@shared/schemas/application';
import { databaseDumpQueryOptions } from '../api/application';

export interface DatabaseDumpProgressProps {
  /** The dump as its start answered it (a new one, or the one already under way). */
  started: DatabaseDump;
}

/** A dump under way (its parts and items as the job records them), then its download, or its failure. */
export const DatabaseDumpProgress = ({ started }: DatabaseDumpProgressProps) => {
  const { t } = useTranslation();
  const status = useQuery({ ...databaseDumpQueryOptions(started.job), initialData: started });
  const dump = status.data ?? started;
  const percent = dump.state === 'done' ? 100 : dump.total > 0 ? Math.min(99, Math.round((dump.done / dump.total) * 100)) : 0;
  const scope = t(dump.scope === 'all' ? 'labels.about.dumpAll' : 'labels.about.dumpCustomer');
  return (
    <Card withBorder padding="md" data-testid="database-dump" data-state={dump.state}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600}>{t('labels.about.dumpOf', { scope })}</Text>
          <Text size="sm" c="dimmed" data-testid="database-dump-items">
            {t('labels.about.items', { count: dump.items })}
          </Text>
        </Group>
        {dump.state === 'failed' ? (
          <Alert color="red">{t('messages.about.dumpFailed')}</Alert>
        ) : (
          <Progress value={percent} animated={dump.state === 'running'} aria-label={`${percent} %`} />
        )}
        {dump.state === 'running' && (
          <Text size="sm" c="dimmed">
            {t('messages.about.dumpRunning', { done: dump.done, total: dump.total, table: t(`labels.about.dumpTables.${dump.table ?? 'entities'}`) })}
          </Text>
        )}
        {dump.state === 'done' && dump.url && (
          <Group gap="sm" wrap="wrap">
            <Button component="a" href={dump.url} download={dump.file_name} leftSection={<IconDownload size={16} />} data-testid="database-dump-download">
              {t('labels.about.dumpDownload')}
            </Button>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('messages.about.dumpReady', { file: dump.file_name, minutes: Math.round((dump.expires_in_seconds ?? 0) / 60) })}
            </Text>
          </Group>
        )}
      </Stack>
    </Card>
  );
};
