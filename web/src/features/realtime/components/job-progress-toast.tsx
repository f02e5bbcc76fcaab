import { Progress, Stack, Text } from '@mantine/core';
import { notifications, notificationsStore } from '@mantine/notifications';
import type { JobProgress } from '@shared/realtime/events';
import { TOAST_COLORS, TOAST_TIMEOUT_MS } from '@shared/constants';
import { translate } from '../../../lib/i18n';

/**
 * One notification per job (merge, calculation, purge), updated in place as `jobProgress` events
 * arrive, with a progress bar; it closes itself a few seconds after the job ends.
 */
export const showJobProgress = (progress: JobProgress): void => {
  const id = `job-${progress.job}`;
  const percent = progress.total > 0 ? Math.min(100, Math.round((progress.done / progress.total) * 100)) : progress.state === 'running' ? 0 : 100;
  const kindKey = ['merge', 'calculate', 'purge', 'customer_deletion', 'database_dump'].includes(progress.kind) ? progress.kind : 'other';
  const color = progress.state === 'failed' ? TOAST_COLORS.error : progress.state === 'done' ? TOAST_COLORS.success : TOAST_COLORS.info;
  const data = {
    id,
    title: translate(`labels.jobs.${kindKey}`),
    color,
    withBorder: true,
    loading: progress.state === 'running',
    autoClose: progress.state === 'running' ? false : TOAST_TIMEOUT_MS,
    message: (
      <Stack gap={4} data-testid="job-progress">
        <Text size="sm">{translate(`labels.jobs.state.${progress.state}`, { done: progress.done, total: progress.total })}</Text>
        <Progress value={percent} color={color} size="sm" animated={progress.state === 'running'} aria-label={`${percent} %`} />
      </Stack>
    ),
  } as const;
  const { notifications: shown, queue } = notificationsStore.getState();
  if ([...shown, ...queue].some((item) => item.id === id)) notifications.update(data);
  else notifications.show(data);
};
