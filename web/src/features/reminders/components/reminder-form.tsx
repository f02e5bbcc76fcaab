import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Card, Grid, NumberInput, SegmentedControl, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { isReminderDateAllowed, localToday, minimumReminderDate } from '@shared/reminders/reminder-dates';
import {
  REMINDER_DEFAULTS,
  REMINDER_PERIODS,
  REMINDER_TYPES,
  type Reminder,
  type ReminderInput,
  type ReminderPeriod,
  type ReminderType,
} from '@shared/schemas/reminder';
import { AddressListInput } from '../../../components/address-list-input';
import { DATE_INPUT_FORMAT, typedDateParser } from '../../../lib/date-formats';
import { useSave } from '../../../lib/use-save';
import { createReminder, REMINDER_KEYS, updateReminder } from '../api/reminders';
import { notifyReminderFailure } from '../hooks/notify-reminder-failure';
import { FormActions } from '../../../components/form-actions';
import { SwitchField } from '../../../components/switch-field';

const parseDay = typedDateParser(DATE_INPUT_FORMAT, false);

interface FormState {
  name: string;
  message: string;
  reminder_date: string | null;
  start: string;
  type: ReminderType;
  period_type: ReminderPeriod;
  period_value: number;
  active: boolean;
  reset_only_after_validation: boolean;
  shared: boolean;
  to: string[];
  cc: string[];
  bcc: string[];
}

const stateOf = (reminder: Reminder | null): FormState =>
  reminder
    ? {
        name: reminder.name,
        message: reminder.message,
        reminder_date: reminder.reminder_date,
        start: reminder.start,
        type: reminder.type,
        period_type: reminder.period_type,
        period_value: reminder.period_value,
        active: reminder.active,
        reset_only_after_validation: reminder.reset_only_after_validation,
        shared: reminder.sharing.shared,
        to: reminder.email.to,
        cc: reminder.email.cc,
        bcc: reminder.email.bcc,
      }
    : { name: '', message: '', reminder_date: null, ...REMINDER_DEFAULTS, shared: false, to: [], cc: [], bcc: [] };

const displayDay = (date: string) => date.split('-').reverse().join('/');

export interface ReminderFormProps {
  /** The reminder edited; null to create one. */
  reminder: Reminder | null;
  /** The customer's time zone: dates and times are read in it. */
  zone: string;
  /** Saved or cancelled: back to the list. */
  onDone: () => void;
}

/**
 * /reminders/add and /reminders/edit/{id} (spec 2 §3, §5): name and date are required ('Fields
 * name and date are required'); the date picker starts at the minimum date of the type and
 * period; e-mail addresses are typed separated by semicolons.
 */
export const ReminderForm = ({ reminder, zone, onDone }: ReminderFormProps) => {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<'reminder_fields_required' | 'reminder_date_too_early' | null>(null);
  // The form's problem is the whole form's ('Fields name and date are required'): any change clears it.
  const form = useForm<FormState>({ initialValues: stateOf(reminder), onValuesChange: () => setProblem(null) });
  const values = form.values;
  const editing = reminder !== null;
  const initialDate = reminder?.reminder_date ?? null;

  const minimum = minimumReminderDate(values, { today: localToday(zone), mode: editing ? 'edit' : 'create', reminderDate: initialDate });
  const dateUnchanged = editing && values.reminder_date === initialDate && values.type === reminder.type;

  const save = useSave({
    save: (input: ReminderInput) => (reminder ? updateReminder(reminder._id, input) : createReminder(input)),
    savedMessage: 'toasts.reminder_saved',
    invalidates: REMINDER_KEYS.all,
    onSaved: onDone,
    onError: notifyReminderFailure,
  });

  const submit = (state: FormState) => {
    if (!state.name.trim() || !state.reminder_date) return setProblem('reminder_fields_required');
    if (!dateUnchanged && !isReminderDateAllowed(state.reminder_date, minimum)) return setProblem('reminder_date_too_early');
    save.mutate({
      name: state.name.trim(),
      message: state.message,
      reminder_date: state.reminder_date,
      start: state.start,
      type: state.type,
      period_type: state.period_type,
      period_value: state.period_value,
      active: state.active,
      reset_only_after_validation: state.reset_only_after_validation,
      sharing: { shared: state.shared },
      email: { to: state.to, cc: state.cc, bcc: state.bcc },
      ...(reminder ? { user: reminder.user } : {}),
    });
  };

  const recurrent = values.type === 'recurrent';
  const addressInput = (field: 'to' | 'cc' | 'bcc') => (
    <AddressListInput
      label={t(`labels.reminders.fields.${field}`)}
      placeholder={t('hints.reminders.addressesPlaceholder')}
      {...form.getInputProps(field)}
      testId={`reminder-${field}`}
    />
  );

  return (
    <Stack gap="md" maw={760}>
      <Title order={2}>{t(editing ? 'labels.reminders.editTitle' : 'labels.reminders.createTitle')}</Title>
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={form.onSubmit(submit)} noValidate data-testid="reminder-form">
          <Stack gap="md">
            {problem && (
              <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="reminder-form-problem">
                {t(`errors.${problem}`)}
              </Alert>
            )}
            <Grid gap="md">
              <Grid.Col span={12}>
                <TextInput label={t('labels.reminders.fields.name')} {...form.getInputProps('name')} withAsterisk maxLength={200} data-testid="reminder-name" />
              </Grid.Col>
              <Grid.Col span={12}>
                <Textarea
                  label={t('labels.reminders.fields.message')}
                  {...form.getInputProps('message')}
                  autosize
                  minRows={2}
                  maxRows={6}
                  data-testid="reminder-message"
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t('labels.reminders.fields.type')}
                  </Text>
                  <SegmentedControl
                    {...form.getInputProps('type')}
                    data={REMINDER_TYPES.map((type) => ({ value: type, label: t(`labels.reminders.types.${type}`) }))}
                    w={{ base: '100%', xs: 280 }}
                    data-testid="reminder-type"
                  />
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <DateInput
                  label={t('labels.reminders.fields.date')}
                  description={t('hints.reminders.minimumDate', { date: displayDay(minimum) })}
                  {...form.getInputProps('reminder_date')}
                  minDate={minimum}
                  valueFormat={DATE_INPUT_FORMAT}
                  dateParser={parseDay}
                  placeholder={t('hints.reminders.datePlaceholder')}
                  withAsterisk
                  clearable
                  data-testid="reminder-date"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TimeInput
                  label={t('labels.reminders.fields.start')}
                  description={zone}
                  value={values.start}
                  onChange={(event) => event.currentTarget.value && form.setFieldValue('start', event.currentTarget.value.slice(0, 5))}
                  data-testid="reminder-start"
                />
              </Grid.Col>
              {recurrent && (
                <>
                  <Grid.Col span={{ base: 5, sm: 3 }}>
                    <NumberInput
                      label={t('labels.reminders.fields.period')}
                      value={values.period_value}
                      onChange={(value) => typeof value === 'number' && value >= 1 && form.setFieldValue('period_value', value)}
                      min={1}
                      max={366}
                      allowDecimal={false}
                      allowNegative={false}
                      data-testid="reminder-period-value"
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 7, sm: 3 }}>
                    <Select
                      label=" "
                      // The blank label keeps the field in line with "Every"; the name says what it is.
                      aria-label={t('labels.reminders.fields.periodUnit')}
                      data={REMINDER_PERIODS.map((period) => ({ value: period, label: t(`labels.reminders.periods.${period}`) }))}
                      {...form.getInputProps('period_type')}
                      allowDeselect={false}
                      data-testid="reminder-period-type"
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <SwitchField
                      mt={{ base: 0, sm: 30 }}
                      label={t('labels.reminders.fields.resetOnlyAfterValidation')}
                      description={t('hints.reminders.resetOnlyAfterValidation')}
                      {...form.getInputProps('reset_only_after_validation', { type: 'checkbox' })}
                      testId="reminder-reset-only"
                    />
                  </Grid.Col>
                </>
              )}
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <SwitchField label={t('labels.reminders.fields.active')} {...form.getInputProps('active', { type: 'checkbox' })} testId="reminder-active" />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <SwitchField label={t('labels.reminders.fields.shared')} {...form.getInputProps('shared', { type: 'checkbox' })} testId="reminder-shared" />
              </Grid.Col>
            </Grid>
            <Stack gap={6}>
              <Text size="sm" fw={600}>
                {t('labels.reminders.email')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('hints.reminders.addresses')}
              </Text>
              {addressInput('to')}
              {addressInput('cc')}
              {addressInput('bcc')}
            </Stack>
            <FormActions onCancel={onDone} saving={save.isPending} saveTestId="reminder-save" />
          </Stack>
        </form>
      </Card>
    </Stack>
  );
};
