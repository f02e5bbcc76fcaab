import { useTranslation } from 'react-i18next';
import { Card, Grid, Group, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { DateTime } from 'luxon';
import { CRON_PRESETS, DEFAULT_CRON_PRESET } from '@shared/alerts/cron';
import { changesDaysOrMonths } from '@shared/alerts/cron-fields';
import {
  ALERT_DEFAULT_SAMPLING,
  ALERT_FREQUENCIES,
  ALERT_NOTIFICATIONS,
  defaultAlertCondition,
  defaultTimeFilter,
  type Alert,
  type AlertCondition,
  type AlertFrequency,
  type AlertInput,
  type AlertNotification,
  type TimeFilter,
} from '@shared/schemas/alert';
import { SAMPLINGS, type Sampling } from '@shared/series/sampling';
import { DATE_INPUT_FORMAT, typedDateParser } from '../../../lib/date-formats';
import { useSave } from '../../../lib/use-save';
import { ALERT_KEYS, createAlert, updateAlert } from '../api/alerts';
import { notifyAlertFailure } from '../hooks/notify-alert-failure';
import { rememberOwner } from '../hooks/remembered-owner';
import type { AlertUser } from './alerts-list';
import { AddressListInput } from '../../../components/address-list-input';
import { PointSearchPicker } from '../../../components/point-search-picker';
import { useKnownPoints } from '../../../lib/point-search';
import { ChosenPoints } from './chosen-points';
import { ConditionsBuilder } from './conditions-builder';
import { FrequencyEditor } from './frequency-editor';
import { TimeFilterEditor } from './time-filter-editor';
import { FormActions } from '../../../components/form-actions';
import { SwitchField } from '../../../components/switch-field';

const parseDay = typedDateParser(DATE_INPUT_FORMAT, false);

interface FormState {
  name: string;
  active: boolean;
  notifications: AlertNotification;
  frequency: AlertFrequency;
  user: string;
  shared: boolean;
  to: string[];
  cc: string[];
  bcc: string[];
  sms: string[];
  cron_time: string;
  /** Local days (YYYY-MM-DD) in the customer's zone. */
  start_date: string | null;
  end_date: string | null;
  sampling: Sampling;
  points: string[];
  conditions: AlertCondition[][];
  time_filter: TimeFilter;
}

const dayOf = (iso: string | null, zone: string) => (iso ? DateTime.fromISO(iso, { zone }).toISODate() : null);

const stateOf = (alert: Alert | null, owner: string, zone: string): FormState =>
  alert
    ? {
        name: alert.name,
        active: alert.active,
        notifications: alert.notifications,
        frequency: alert.frequency,
        user: alert.user,
        shared: alert.sharing.shared,
        to: alert.email.to,
        cc: alert.email.cc,
        bcc: alert.email.bcc,
        sms: alert.sms,
        cron_time: alert.cron_time,
        start_date: dayOf(alert.start_date, zone),
        end_date: dayOf(alert.end_date, zone),
        sampling: alert.sampling,
        points: alert.points.map(({ point }) => point),
        conditions: alert.conditions,
        time_filter: alert.time_filter,
      }
    : {
        name: '',
        active: true,
        notifications: 'email',
        frequency: 'each',
        user: owner,
        shared: false,
        to: [],
        cc: [],
        bcc: [],
        sms: [],
        cron_time: CRON_PRESETS[DEFAULT_CRON_PRESET],
        start_date: null,
        end_date: null,
        sampling: ALERT_DEFAULT_SAMPLING,
        points: [],
        conditions: [[defaultAlertCondition()]],
        time_filter: defaultTimeFilter(),
      };

export interface AlertFormProps {
  /** The alert edited; null to create one. */
  alert: Alert | null;
  /** The signed-in user. */
  viewerId: string;
  /** Whether the signed-in user may name another owner (super users and root). */
  mayChooseOwner: boolean;
  /** The customer's users, to choose the owner from. */
  users: readonly AlertUser[];
  /** The owner a new alert starts with: the one remembered on this browser, else the user. */
  defaultOwner: string;
  /** The customer's zone: start and end dates are its days. */
  zone: string;
  /** Saved or cancelled: back to the list. */
  onDone: () => void;
}

/**
 * /alerts/create and /alerts/edit/{id} (spec 2 §2, §3): every field of an alert with its defaults,
 * the conditions builder, the frequency and the time filter. 'Alert saved' on success.
 */
export const AlertForm = ({ alert, viewerId, mayChooseOwner, users, defaultOwner, zone, onDone }: AlertFormProps) => {
  const { t } = useTranslation();
  // One missing field at a time, in the order of spec 2 §3.
  const form = useForm<FormState>({
    initialValues: stateOf(alert, defaultOwner, zone),
    validate: (values) => {
      if (!values.name.trim()) return { name: t('labels.alerts.required.name') };
      if (values.points.length === 0) return { points: t('labels.alerts.required.points') };
      if (values.notifications === 'sms' && values.sms.length === 0) return { sms: t('labels.alerts.required.sms') };
      if (alert && alert.user !== viewerId && changesDaysOrMonths(alert.cron_time, values.cron_time)) return { cron_time: t('errors.alert_days_owner_only') };
      return {};
    },
  });
  const values = form.values;
  const known = useKnownPoints(values.points);
  const editing = alert !== null;
  const isOwner = !editing || alert.user === viewerId;

  const save = useSave({
    save: (input: AlertInput) => (alert ? updateAlert(alert._id, input) : createAlert(input)),
    savedMessage: 'toasts.alert_saved',
    invalidates: ALERT_KEYS.all,
    onSaved: (saved) => {
      if (!editing) rememberOwner(viewerId, saved.user);
      onDone();
    },
    onError: notifyAlertFailure,
  });

  const submit = (state: FormState) => {
    save.mutate({
      name: state.name.trim(),
      active: state.active,
      notifications: state.notifications,
      frequency: state.notifications === 'sms' ? 'each' : state.frequency,
      user: state.user,
      sharing: { shared: state.shared },
      email: { to: state.to, cc: state.cc, bcc: state.bcc },
      sms: state.sms,
      cron_time: state.cron_time.trim(),
      start_date: state.start_date ? DateTime.fromISO(state.start_date, { zone }).startOf('day').toISO() : null,
      end_date: state.end_date ? DateTime.fromISO(state.end_date, { zone }).endOf('day').set({ millisecond: 0 }).toISO() : null,
      sampling: state.sampling,
      points: state.points.map((point) => ({ point })),
      conditions: state.conditions,
      time_filter: state.time_filter,
    });
  };

  const section = (title: string) => (
    <Text size="sm" fw={700} tt="uppercase" c="dimmed">
      {title}
    </Text>
  );

  return (
    <Stack gap="md" maw={1000}>
      <Title order={2}>{t(editing ? 'labels.alerts.editTitle' : 'labels.alerts.createTitle')}</Title>
      <form onSubmit={form.onSubmit(submit)} noValidate data-testid="alert-form">
        <Stack gap="md">
          <Card withBorder radius="md" padding="lg">
            <Grid gap="md">
              <Grid.Col span={{ base: 12, sm: 8 }}>
                <TextInput label={t('labels.alerts.fields.name')} {...form.getInputProps('name')} withAsterisk maxLength={120} data-testid="alert-name" />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <Select
                  label={t('labels.alerts.fields.owner')}
                  data={users.map((user) => ({ value: user._id, label: user.name }))}
                  {...form.getInputProps('user')}
                  disabled={editing || !mayChooseOwner}
                  allowDeselect={false}
                  searchable
                  data-testid="alert-owner-select"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <SwitchField label={t('labels.alerts.fields.active')} {...form.getInputProps('active', { type: 'checkbox' })} testId="alert-active" />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <SwitchField label={t('labels.alerts.fields.shared')} {...form.getInputProps('shared', { type: 'checkbox' })} testId="alert-shared" />
              </Grid.Col>
            </Grid>
          </Card>

          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm">
              {section(t('labels.alerts.sections.notifications'))}
              <Group gap="md" align="flex-end" wrap="wrap">
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t('labels.alerts.fields.notifications')}
                  </Text>
                  <SegmentedControl
                    value={values.notifications}
                    // SMS go out at each evaluation (spec 2 §3).
                    onChange={(value) => form.setValues({ notifications: value as AlertNotification, ...(value === 'sms' ? { frequency: 'each' as const } : {}) })}
                    data={ALERT_NOTIFICATIONS.map((kind) => ({ value: kind, label: t(`labels.alerts.notifications.${kind}`) }))}
                    data-testid="alert-notifications"
                  />
                </Stack>
                <Select
                  w={{ base: '100%', xs: 260 }}
                  label={t('labels.alerts.fields.frequency')}
                  data={ALERT_FREQUENCIES.map((frequency) => ({ value: frequency, label: t(`labels.alerts.frequencies.${frequency}`) }))}
                  value={values.notifications === 'sms' ? 'each' : values.frequency}
                  onChange={(value) => value && form.setFieldValue('frequency', value as AlertFrequency)}
                  disabled={values.notifications === 'sms'}
                  description={values.notifications === 'sms' ? t('labels.alerts.smsForcesEach') : undefined}
                  allowDeselect={false}
                  data-testid="alert-frequency-mode"
                />
              </Group>
              <Text size="xs" c="dimmed">
                {t('labels.alerts.recipientsHint')}
              </Text>
              {values.notifications === 'email' ? (
                <>
                  <AddressListInput label={t('labels.alerts.fields.to')} {...form.getInputProps('to')} testId="alert-to" placeholder={t('labels.alerts.emailPlaceholder')} />
                  <AddressListInput label={t('labels.alerts.fields.cc')} {...form.getInputProps('cc')} testId="alert-cc" />
                  <AddressListInput label={t('labels.alerts.fields.bcc')} {...form.getInputProps('bcc')} testId="alert-bcc" />
                </>
              ) : (
                <AddressListInput label={t('labels.alerts.fields.sms')} {...form.getInputProps('sms')} testId="alert-sms" placeholder="+33612345678" />
              )}
            </Stack>
          </Card>

          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm">
              {section(t('labels.alerts.sections.points'))}
              <PointSearchPicker
                label={t('labels.alerts.fields.points')}
                placeholder={t('pointPicker.hints.typeToSearch')}
                exclude={new Set(values.points)}
                onPick={(point) => {
                  known.remember(point);
                  form.setFieldValue('points', [...values.points, point._id]);
                }}
                error={form.errors.points}
                withAsterisk
                testId="alert-points"
              />
              <ChosenPoints ids={values.points} known={known.byId} onRemove={(id) => form.setFieldValue('points', values.points.filter((chosen) => chosen !== id))} />
              <Select
                w={{ base: '100%', xs: 220 }}
                label={t('labels.alerts.fields.sampling')}
                data={SAMPLINGS.map((sampling) => ({ value: sampling, label: t(`labels.alerts.samplings.${sampling}`) }))}
                {...form.getInputProps('sampling')}
                allowDeselect={false}
                data-testid="alert-sampling"
              />
              {section(t('labels.alerts.sections.conditions'))}
              <ConditionsBuilder value={values.conditions} onChange={(value) => form.setFieldValue('conditions', value)} />
            </Stack>
          </Card>

          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm">
              {section(t('labels.alerts.sections.schedule'))}
              <FrequencyEditor cron={values.cron_time} onChange={(value) => form.setFieldValue('cron_time', value)} editing={editing} mayToggleDaysAndMonths={isOwner} error={form.errors.cron_time} />
              <Grid gap="md">
                <Grid.Col span={{ base: 12, xs: 6 }}>
                  <DateInput
                    label={t('labels.alerts.fields.startDate')}
                    {...form.getInputProps('start_date')}
                    valueFormat={DATE_INPUT_FORMAT}
                    dateParser={parseDay}
                    clearable
                    data-testid="alert-start-date"
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, xs: 6 }}>
                  <DateInput
                    label={t('labels.alerts.fields.endDate')}
                    {...form.getInputProps('end_date')}
                    minDate={values.start_date ?? undefined}
                    valueFormat={DATE_INPUT_FORMAT}
                    dateParser={parseDay}
                    clearable
                    data-testid="alert-end-date"
                  />
                </Grid.Col>
              </Grid>
            </Stack>
          </Card>

          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm">
              {section(t('labels.alerts.sections.timeFilter'))}
              <TimeFilterEditor value={values.time_filter} onChange={(value) => form.setFieldValue('time_filter', value)} sampling={values.sampling} />
            </Stack>
          </Card>

          <FormActions onCancel={onDone} saving={save.isPending} saveTestId="alert-save" />
        </Stack>
      </form>
    </Stack>
  );
};
