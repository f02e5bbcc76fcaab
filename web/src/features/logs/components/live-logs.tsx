import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Badge, Button, Card, Group, MultiSelect, NumberInput, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconSearch, IconTrash } from '@tabler/icons-react';
import { DEFAULT_LOG_LINES, LOG_LEVELS, MAX_LOG_LINES, type LogLevel, type LogLine } from '@shared/schemas/application';
import { realtimeBus } from '../../../lib/realtime-bus';
import { readStored, STORAGE_KEYS, writeStored } from '../../../lib/storage';

const LEVEL_COLORS: Record<LogLevel, string> = { debug: 'gray', info: 'blue', warn: 'orange', error: 'red' };

const storedMaxLines = (): number => {
  const stored = readStored(STORAGE_KEYS.logsMaxLines);
  return typeof stored === 'number' && stored >= 1 && stored <= MAX_LOG_LINES ? stored : DEFAULT_LOG_LINES;
};

/**
 * The live logs (spec 3 §4): the functions' lines as they are written, newest at the top, at most
 * the chosen number of lines (stored in this browser). The server sends only while this screen
 * is open (`logsWanted` … `leavingLogPage`), and only to super users and root.
 */
export const LiveLogs = ({ userId }: { userId: string }) => {
  const { t } = useTranslation();
  const [lines, setLines] = useState<LogLine[]>([]);
  const [maxLines, setMaxLines] = useState(storedMaxLines);
  const [paused, setPaused] = useState(false);
  const [levels, setLevels] = useState<string[]>([]);
  const [text, setText] = useState('');
  const [correlation, setCorrelation] = useState('');
  const latest = useRef({ maxLines, paused });
  latest.current = { maxLines, paused };

  useEffect(() => {
    const ask = () => realtimeBus.send({ action: 'logsWanted', max_lines: latest.current.maxLines });
    ask();
    const stopOpen = realtimeBus.onOpen(ask);
    const stopLines = realtimeBus.subscribe('newLogLine', ({ lines: incoming }) => {
      if (latest.current.paused) return;
      setLines((current) => [...[...incoming].reverse(), ...current].slice(0, latest.current.maxLines));
    });
    return () => {
      stopOpen();
      stopLines();
      realtimeBus.send({ action: 'leavingLogPage', user_id: userId });
    };
  }, [userId]);

  const changeMaxLines = (value: number) => {
    const bounded = Math.min(MAX_LOG_LINES, Math.max(1, Math.round(value)));
    setMaxLines(bounded);
    writeStored(STORAGE_KEYS.logsMaxLines, bounded);
    setLines((current) => current.slice(0, bounded));
    realtimeBus.send({ action: 'maxLogsLinesNumberUpdate', max_lines: bounded });
  };

  const shown = useMemo(() => {
    const needle = text.trim().toLowerCase();
    const request = correlation.trim();
    return lines.filter(
      (line) =>
        (levels.length === 0 || levels.includes(line.level)) &&
        (!request || line.correlationId === request) &&
        (!needle || `${line.source} ${line.message} ${line.fields}`.toLowerCase().includes(needle)),
    );
  }, [lines, levels, text, correlation]);

  return (
    <Stack gap="md">
      <Title order={2}>{t('labels.logs.title')}</Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NumberInput
          label={t('labels.logs.maxLines')}
          value={maxLines}
          min={1}
          max={MAX_LOG_LINES}
          step={50}
          w={200}
          onChange={(value) => typeof value === 'number' && changeMaxLines(value)}
        />
        <MultiSelect
          label={t('labels.logs.levels')}
          data={LOG_LEVELS.map((level) => ({ value: level, label: t(`labels.logs.level.${level}`) }))}
          value={levels}
          onChange={setLevels}
          clearable
          w={240}
        />
        <TextInput
          label={t('labels.logs.filter')}
          leftSection={<IconSearch size={14} />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          w={240}
        />
        <TextInput
          label={t('labels.logs.correlation')}
          value={correlation}
          onChange={(event) => setCorrelation(event.currentTarget.value)}
          w={280}
        />
        <Group gap="xs">
          <Tooltip label={paused ? t('labels.logs.resume') : t('labels.logs.pause')}>
            <ActionIcon variant="light" size="lg" onClick={() => setPaused(!paused)} aria-label={paused ? t('labels.logs.resume') : t('labels.logs.pause')}>
              {paused ? <IconPlayerPlay size={18} /> : <IconPlayerPause size={18} />}
            </ActionIcon>
          </Tooltip>
          <Button variant="default" leftSection={<IconTrash size={16} />} onClick={() => setLines([])}>
            {t('labels.logs.clear')}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {paused ? t('labels.logs.paused') : t('labels.logs.count', { count: shown.length })}
      </Text>
      <Card withBorder padding={0} data-testid="live-logs">
        {shown.length === 0 ? (
          <Text p="md" c="dimmed">
            {t('labels.logs.waiting')}
          </Text>
        ) : (
          shown.map((line) => (
            <div key={line.id} className="ww-log-line" data-testid="log-line" style={{ padding: '4px 10px', borderBottom: '1px solid var(--mantine-color-default-border)', fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12, overflowWrap: 'anywhere' }}>
              <Group gap={6} wrap="wrap">
                <Text span ff="monospace" size="xs" c="dimmed">
                  {line.time.replace('T', ' ').slice(0, 23)}
                </Text>
                <Badge size="xs" color={LEVEL_COLORS[line.level]} variant="light">
                  {line.level}
                </Badge>
                <Text span ff="monospace" size="xs" fw={600}>
                  {line.source}
                </Text>
                {line.correlationId && (
                  <Tooltip label={t('labels.logs.showRequest')}>
                    <Button
                      variant="subtle"
                      size="compact-xs"
                      ff="monospace"
                      data-testid="log-correlation"
                      onClick={() => setCorrelation(line.correlationId ?? '')}
                    >
                      {line.correlationId}
                    </Button>
                  </Tooltip>
                )}
              </Group>
              <Text ff="monospace" size="xs">
                {line.message}
                {line.fields && (
                  <Text span ff="monospace" size="xs" c="dimmed">
                    {' '}
                    {line.fields}
                  </Text>
                )}
              </Text>
            </div>
          ))
        )}
      </Card>
    </Stack>
  );
};
