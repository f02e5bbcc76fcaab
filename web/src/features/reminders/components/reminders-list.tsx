import { useTranslation } from 'react-i18next';
import { ActionIcon, Alert, Badge, Button, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconPencil, IconPlus, IconRefresh, IconShare, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dateTimeText } from '@shared/date-text';
import { decideOwnedAccess, type Viewer } from '@shared/permissions/ownership';
import type { Reminder } from '@shared/schemas/reminder';
import { notify } from '../../../lib/notify';
import { deleteReminder, REMINDER_KEYS, remindersQueryOptions, resetReminder } from '../api/reminders';
import { notifyReminderFailure } from '../hooks/notify-reminder-failure';
import { reminderState, STATE_COLORS } from '../hooks/reminder-text';
import { ResponsiveList } from '../../../components/responsive-list';

/** Badges keep their whole word in narrow cells. */
const WHOLE_LABEL = { root: { flexShrink: 0 }, label: { overflow: 'visible' } } as const;

export interface RemindersListProps {
  viewer: Viewer;
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onCreate: () => void;
  onEdit: (id: string) => void;
}

/**
 * /reminders (spec 2 §2): the reminders the request view shows, when each comes next, its
 * recurrence and state; reset one that waits for validation, edit, delete after confirmation.
 * A table on wide screens, cards on narrow ones.
 */
export const RemindersList = ({ viewer, canCreate, canEdit, canDelete, onCreate, onEdit }: RemindersListProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reminders = useQuery(remindersQueryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: REMINDER_KEYS.all });
  const mayModify = (reminder: Reminder) => decideOwnedAccess(viewer, reminder, 'modify') === 'allowed';

  const reset = useMutation({
    mutationFn: (reminder: Reminder) => resetReminder(reminder._id),
    onSuccess: async () => {
      notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.reminder_reset') });
      await refresh();
    },
    onError: notifyReminderFailure,
  });

  const confirmDelete = (reminder: Reminder) =>
    modals.openConfirmModal({
      title: t('labels.confirm.title'),
      children: <Text size="sm">{t('hints.reminders.confirmDelete', { name: reminder.name })}</Text>,
      labels: { confirm: t('buttons.delete'), cancel: t('buttons.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'reminder-confirm-delete' } as never,
      onConfirm: async () => {
        try {
          await deleteReminder(reminder._id);
          notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.reminder_deleted') });
        } catch (error) {
          notifyReminderFailure(error);
        }
        await refresh();
      },
    });

  const rhythm = (reminder: Reminder) =>
    reminder.type === 'normal' ? t('labels.reminders.once') : t(`labels.reminders.every.${reminder.period_type}`, { count: reminder.period_value });
  const next = (reminder: Reminder) => (reminder.next_due ? dateTimeText(reminder.next_due, 'carried') : '—');
  const state = (reminder: Reminder) => {
    const current = reminderState(reminder);
    return (
      <Badge color={STATE_COLORS[current]} variant="light" size="sm" styles={WHOLE_LABEL} data-testid="reminder-state" data-state={current}>
        {t(`labels.reminders.state.${current}`)}
      </Badge>
    );
  };

  const actions = (reminder: Reminder) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {reminder.awaiting_reset && canEdit && (
        <Tooltip label={t('buttons.reminders.reset')}>
          <ActionIcon variant="subtle" color="orange" onClick={() => reset.mutate(reminder)} aria-label={t('buttons.reminders.reset')} data-testid="reminder-reset">
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {canEdit && mayModify(reminder) && (
        <Tooltip label={t('buttons.reminders.edit')}>
          <ActionIcon variant="subtle" onClick={() => onEdit(reminder._id)} aria-label={t('buttons.reminders.edit')} data-testid="reminder-edit">
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {canDelete && mayModify(reminder) && (
        <Tooltip label={t('buttons.delete')}>
          <ActionIcon variant="subtle" color="red" onClick={() => confirmDelete(reminder)} aria-label={t('buttons.delete')} data-testid="reminder-delete">
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );

  const name = (reminder: Reminder) => (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
      {/* A long name takes a second line rather than hide its end (the message beside it wraps too). */}
      <Text fw={600} size="sm" lineClamp={2} title={reminder.name}>
        {reminder.name}
      </Text>
      {reminder.sharing.shared && (
        <Tooltip label={t('labels.reminders.fields.shared')}>
          <IconShare size={14} aria-label={t('labels.reminders.fields.shared')} />
        </Tooltip>
      )}
    </Group>
  );

  const list = reminders.data ?? [];
  return (
    <Stack gap="md" data-testid="reminders">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={2}>{t('labels.menu.reminders')}</Title>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={onCreate} data-testid="reminder-create">
            {t('buttons.reminders.create')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('hints.reminders.intro')}
      </Text>
      {reminders.isError && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={t('errors.titles.sorry')}>
          {t('errors.generic')}
        </Alert>
      )}
      {reminders.isPending && <Loader />}
      {reminders.isSuccess && list.length === 0 && <Alert color="blue">{t('hints.reminders.empty')}</Alert>}
      {list.length > 0 && (
        <ResponsiveList
          items={list}
          keyOf={(reminder) => reminder._id}
          itemProps={(reminder) => ({ 'data-testid': 'reminder', 'data-reminder-id': reminder._id })}
          columns={[
            { header: t('labels.reminders.fields.name'), cell: name, td: { maw: 280 } },
            {
              header: t('labels.reminders.fields.message'),
              cell: (reminder) => (
                <Text size="sm" lineClamp={2}>
                  {reminder.message}
                </Text>
              ),
              td: { maw: 320 },
            },
            { header: t('labels.reminders.columns.next'), cell: next, td: { style: { whiteSpace: 'nowrap' } } },
            { header: t('labels.reminders.columns.rhythm'), cell: rhythm, td: { style: { whiteSpace: 'nowrap' } } },
            { header: t('labels.reminders.columns.state'), cell: state },
          ]}
          actions={actions}
          cardTitle={name}
          cardBody={(reminder) => (
            <>
              {reminder.message && (
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {reminder.message}
                </Text>
              )}
              <Group gap={6}>
                {state(reminder)}
                <Text size="sm">{rhythm(reminder)}</Text>
              </Group>
              <Text size="xs">{t('labels.reminders.nextAt', { date: next(reminder) })}</Text>
            </>
          )}
          tableTestId="reminders-table"
          minTableWidth={860}
        />
      )}
    </Stack>
  );
};
