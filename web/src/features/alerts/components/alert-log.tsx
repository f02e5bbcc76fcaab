import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Alert as Notice, Badge, Button, Card, Grid, Group, Loader, Select, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconCheck, IconChecks, IconEraser, IconMessagePlus, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dateTimeText } from '@shared/date-text';
import { ALERT_LOG_PERIODS, DEFAULT_ALERT_LOG_PERIOD, type AlertLogItem, type AlertLogPeriod, type AlertLogSummary } from '@shared/schemas/alert';
import { errorCodeOf } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import {
  acquitAllLog,
  acquitLogItem,
  ALERT_KEYS,
  addLogMessage,
  addLogMessageToAll,
  eraseFromLog,
  logQueryOptions,
  logSummaryQueryOptions,
  type LogMode,
} from '../api/alerts';
import { notifyAlertFailure } from '../hooks/notify-alert-failure';
import { SUMMARY_COLORS, summaryState, type SummaryState } from '../hooks/summary-state';
import { promptText } from './prompt-text';

const ICONS: Record<SummaryState, typeof IconX> = { none: IconX, partly: IconAlertTriangle, all: IconCheck };

const OPERATION_SIGNS = { e: '=', d: '≠', gt: '>', gte: '≥', lt: '<', lte: '≤' } as const;

/** An entry's moments in the wall time of the site they happened at (the offset their text carries). */
const formatTime = (iso: string | null) => (iso ? dateTimeText(iso, 'carried') : '—');

export interface AlertLogViewProps {
  /** 'log': entries not acquitted, which may be acquitted; 'historical': acquitted entries. */
  mode: LogMode;
  /** The alert shown first (the link of an alert's e-mail names it). */
  initialAlert: string | null;
  canEdit: boolean;
  canDelete: boolean;
}

/**
 * /alerts/log and /alerts/historical (spec 2 §2): a summary per alert (count and acquitted count,
 * coloured), then for the chosen alert its entries over a period (a month by default). In the log,
 * acquit one or all with an optional comment, add a message to one or all, erase the alert's log.
 */
export const AlertLogView = ({ mode, initialAlert, canEdit, canDelete }: AlertLogViewProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState<AlertLogPeriod>(DEFAULT_ALERT_LOG_PERIOD);
  const [chosen, setChosen] = useState<string | null>(initialAlert);
  const summaries = useQuery(logSummaryQueryOptions(mode));
  const rows = summaries.data ?? [];
  const selected = rows.find((row) => row.alert._id === chosen) ?? null;
  const log = useQuery({ ...logQueryOptions(mode, period, selected?.alert._id ?? 'none'), enabled: selected !== null });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ALERT_KEYS.all });
  const inLog = mode === 'log';

  // The alert was deleted meanwhile (another tab, another user): say so, and take it off the list.
  const gone = log.isError && errorCodeOf(log.error) === 'alert_not_found';
  useEffect(() => {
    if (!gone) return;
    notify({ kind: 'warning', title: t('errors.titles.sorry'), message: t('errors.alert_not_found') });
    setChosen(null);
    void queryClient.invalidateQueries({ queryKey: ALERT_KEYS.summary(mode) });
  }, [gone, mode, t, queryClient]);

  const run = useMutation({
    mutationFn: (action: () => Promise<unknown>) => action(),
    onSuccess: async () => {
      notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.alert_log_updated') });
      await refresh();
    },
    onError: notifyAlertFailure,
  });

  const acquit = (item: AlertLogItem | null) =>
    promptText({
      title: t(item ? 'labels.alertLog.acquitOne' : 'labels.alertLog.acquitAll'),
      label: t('labels.alertLog.comment'),
      required: false,
      onValidate: (text) => run.mutate(() => (item ? acquitLogItem(item._id, text || null) : acquitAllLog(selected!.alert._id, text || null))),
    });

  const message = (item: AlertLogItem | null) =>
    promptText({
      title: t(item ? 'labels.alertLog.messageOne' : 'labels.alertLog.messageAll'),
      label: t('labels.alertLog.message'),
      required: true,
      onValidate: (text) => run.mutate(() => (item ? addLogMessage(item._id, text) : addLogMessageToAll(selected!.alert._id, text))),
    });

  const erase = (row: AlertLogSummary) =>
    modals.openConfirmModal({
      title: t('labels.alertLog.eraseTitle'),
      children: (
        <Text size="sm">
          {t('labels.alertLog.eraseText')} {row.alert.name}
        </Text>
      ),
      labels: { confirm: t('buttons.alerts.erase'), cancel: t('buttons.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'alert-confirm-erase' } as never,
      onConfirm: () => {
        setChosen(null);
        run.mutate(() => eraseFromLog(row.alert._id));
      },
    });

  const summaryCard = (row: AlertLogSummary) => {
    const state = summaryState(row);
    const Icon = ICONS[state];
    const counts = row.summary[0] ?? { total_count: 0, total_acquitted: 0 };
    const active = row.alert._id === chosen;
    return (
      <UnstyledButton key={row.alert._id} onClick={() => setChosen(row.alert._id)} w="100%" data-testid="alert-summary" data-alert-id={row.alert._id} data-state={state}>
        <Card withBorder padding="sm" style={{ borderColor: active ? `var(--mantine-color-${SUMMARY_COLORS[state]}-6)` : undefined, borderWidth: active ? 2 : 1 }}>
          <Group gap="sm" wrap="nowrap">
            <ActionIcon component="span" variant="light" color={SUMMARY_COLORS[state]} radius="xl" aria-label={t(`labels.alertLog.states.${state}`)}>
              <Icon size={16} />
            </ActionIcon>
            <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
              <Text fw={600} size="sm" truncate>
                {row.alert.name}
              </Text>
              <Text size="xs" c="dimmed" data-testid="alert-summary-counts">
                {t('labels.alertLog.counts', { count: counts.total_count, acquitted: counts.total_acquitted })}
              </Text>
            </Stack>
          </Group>
        </Card>
      </UnstyledButton>
    );
  };

  const itemCard = (item: AlertLogItem) => (
    <Card key={item._id} withBorder padding="sm" data-testid="alert-log-item" data-log-id={item._id}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap={6} wrap="wrap">
            <Badge color={item.event === 'fired' ? 'red' : 'gray'} variant="light" size="sm">
              {item.event === 'fired' ? t('labels.alertLog.fired', { group: item.group ?? '' }) : t('labels.alertLog.missingData')}
            </Badge>
            <Text size="sm" fw={600}>
              {formatTime(item.local_time)}
            </Text>
            {item.count > 1 && (
              <Badge size="sm" variant="outline">
                ×{item.count}
              </Badge>
            )}
          </Group>
          {inLog && canEdit && (
            <Group gap={4} wrap="nowrap">
              <Tooltip label={t('buttons.alerts.addMessage')}>
                <ActionIcon variant="subtle" onClick={() => message(item)} aria-label={t('buttons.alerts.addMessage')} data-testid="alert-log-message">
                  <IconMessagePlus size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('buttons.alerts.acquit')}>
                <ActionIcon variant="subtle" color="green" onClick={() => acquit(item)} aria-label={t('buttons.alerts.acquit')} data-testid="alert-log-acquit">
                  <IconCheck size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
        </Group>
        {item.points.map((point) => (
          <Text key={point.point} size="xs" style={{ overflowWrap: 'anywhere' }}>
            <b>{point.name}</b>
            {': '}
            {point.conditions
              .map((condition) => `${t(`labels.alerts.calculations.${condition.calculation}`)} ${condition.value ?? '—'} ${OPERATION_SIGNS[condition.operation]} ${condition.threshold} ${point.unit}`)
              .join(` ${t('labels.alerts.conditions.and')} `)}
          </Text>
        ))}
        {item.acquitted && (
          <Text size="xs" c="green.8" data-testid="alert-log-acquitted">
            {t('labels.alertLog.acquittedBy', { name: item.acquitted_by_name ?? '—', date: formatTime(item.acquitted_at) })}
            {item.acquit_comment ? ` — ${t('labels.alertLog.quoted', { text: item.acquit_comment })}` : ''}
          </Text>
        )}
        {item.comments.map((comment, index) => (
          <Text key={index} size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="alert-log-comment">
            {t('labels.alertLog.commentLine', { name: comment.by_name ?? '—', date: formatTime(comment.at), text: comment.text })}
          </Text>
        ))}
      </Stack>
    </Card>
  );

  const items = log.data?.log ?? [];
  return (
    <Stack gap="md" data-testid={`alert-${mode}`}>
      <Title order={2}>{t(inLog ? 'labels.alertLog.logTitle' : 'labels.alertLog.historicalTitle')}</Title>
      {summaries.isError && (
        <Notice color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={t('errors.titles.sorry')}>
          {t('errors.generic')}
        </Notice>
      )}
      {summaries.isPending && <Loader />}
      {summaries.isSuccess && rows.length === 0 && <Notice color="blue">{t(inLog ? 'labels.alertLog.emptyLog' : 'labels.alertLog.emptyHistorical')}</Notice>}
      {rows.length > 0 && (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="xs">{rows.map(summaryCard)}</Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {!selected ? (
              <Text c="dimmed" size="sm">
                {t('labels.alertLog.choose')}
              </Text>
            ) : (
              <Stack gap="sm">
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
                    {selected.alert.name}
                  </Title>
                  <Select
                    w={{ base: '100%', xs: 180 }}
                    data={ALERT_LOG_PERIODS.map((value) => ({ value, label: t(`labels.alertLog.periods.${value}`) }))}
                    value={period}
                    onChange={(value) => value && setPeriod(value as AlertLogPeriod)}
                    allowDeselect={false}
                    aria-label={t('labels.alertLog.period')}
                    data-testid="alert-log-period"
                  />
                </Group>
                {inLog && (
                  <Group gap="xs" wrap="wrap">
                    {canEdit && (
                      <Button size="xs" color="green" leftSection={<IconChecks size={14} />} onClick={() => acquit(null)} disabled={items.length === 0} data-testid="alert-log-acquit-all">
                        {t('buttons.alerts.acquitAll')}
                      </Button>
                    )}
                    {canEdit && (
                      <Button size="xs" variant="light" leftSection={<IconMessagePlus size={14} />} onClick={() => message(null)} disabled={items.length === 0} data-testid="alert-log-message-all">
                        {t('buttons.alerts.addMessageAll')}
                      </Button>
                    )}
                    {canDelete && (
                      <Button size="xs" variant="light" color="red" leftSection={<IconEraser size={14} />} onClick={() => erase(selected)} data-testid="alert-log-erase">
                        {t('buttons.alerts.erase')}
                      </Button>
                    )}
                  </Group>
                )}
                {log.isPending && <Loader size="sm" />}
                {log.isError && !gone && <Notice color="yellow">{t('errors.generic')}</Notice>}
                {log.isSuccess && items.length === 0 && (
                  <Text size="sm" c="dimmed">
                    {t('labels.alertLog.noEntry')}
                  </Text>
                )}
                {items.map(itemCard)}
              </Stack>
            )}
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
};
