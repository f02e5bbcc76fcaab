import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Grid, Group, MultiSelect, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { CRON_PRESETS, DEFAULT_CRON_PRESET } from '@shared/alerts/cron';
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
import { notify } from '../../../lib/notify';
import { ALERT_KEYS, createAlert, pointsWithLocationsQueryOptions, updateAlert } from '../api/alerts';
import { notifyAlertFailure } from '../hooks/notify-alert-failure';
import { rememberOwner } from '../hooks/remembered-owner';
import type { AlertUser } from './alerts-list';
import { AddressListInput } from '../../../components/address-list-input';
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
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormState>(() => stateOf(alert, defaultOwner, zone));
  const [missing, setMissing] = useState<string | null>(null);
  const points = useQuery(pointsWithLocationsQueryOptions());
  const editing = alert !== null;
  const isOwner = !editing || alert.user === viewerId;

  const change = <K extends keyof FormState>(field: K, value: FormState[K]) => {
    setForm((current) => ({ ...current, [field]: value, ...(field === 'notifications' && value === 'sms' ? { frequency: 'each' as const } : {}) }));
    setMissing(null);
  };

  const save = useMutation({
    mutationFn: (input: AlertInput) => (alert ? updateAlert(alert._id, input) : createAlert(input)),
    onSuccess: async () => {
      if (!editing) rememberOwner(viewerId, form.user);
      notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.alert_saved') });
      await queryClient.invalidateQueries({ queryKey: ALERT_KEYS.all });
      onDone();
    },
    onError: notifyAlertFailure,
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.name.trim()) return setMissing('name');
    if (form.points.length === 0) return setMissing('points');
    if (form.notifications === 'sms' && form.sms.length === 0) return setMissing('sms');
    save.mutate({
      name: form.name.trim(),
      active: form.active,
      notifications: form.notifications,
      frequency: form.notifications === 'sms' ? 'each' : form.frequency,
      user: form.user,
      sharing: { shared: form.shared },
      email: { to: form.to, cc: form.cc, bcc: form.bcc },
      sms: form.sms,
      cron_time: form.cron_time.trim(),
      start_date: form.start_date ? DateTime.fromISO(form.start_date, { zone }).startOf('day').toISO() : null,
      end_date: form.end_date ? DateTime.fromISO(form.end_date, { zone }).endOf('day').set({ millisecond: 0 }).toISO() : null,
      sampling: form.sampling,
      points: form.points.map((point) => ({ point })),
      conditions: form.conditions,
      time_filter: form.time_filter,
    });
  };

  const pointOptions = (points.data ?? []).map((point) => ({
    value: point._id,
    label: point.locations_name.length ? `${point.name} — ${point.locations_name.join(', ')}` : point.name,
  }));
  const section = (title: string) => (
    <Text size="sm" fw={700} tt="uppercase" c="dimmed">
      {title}
    </Text>
  );

  return (
    <Stack gap="md" maw={1000}>
      <Title order={2}>{t(editing ? 'labels.alerts.editTitle' : 'labels.alerts.createTitle')}</Title>
      <form onSubmit={submit} noValidate data-testid="alert-form">
        <Stack gap="md">
          <Card withBorder radius="md" padding="lg">
            <Grid gap="md">
              <Grid.Col span={{ base: 12, sm: 8 }}>
                <TextInput
                  label={t('labels.alerts.fields.name')}
                  value={form.name}
                  onChange={(event) => change('name', event.currentTarget.value)}
                  withAsterisk
                  maxLength={120}
                  error={missing === 'name' ? t('labels.alerts.required.name') : undefined}
                  data-testid="alert-name"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <Select
                  label={t('labels.alerts.fields.owner')}
                  data={users.map((user) => ({ value: user._id, label: user.name }))}
                  value={form.user}
                  onChange={(value) => value && change('user', value)}
                  disabled={editing || !mayChooseOwner}
                  allowDeselect={false}
                  searchable
                  data-testid="alert-owner-select"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <SwitchField label={t('labels.alerts.fields.active')} checked={form.active} onChange={(checked) => change('active', checked)} testId="alert-active" />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <SwitchField label={t('labels.alerts.fields.shared')} checked={form.shared} onChange={(checked) => change('shared', checked)} testId="alert-shared" />
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
                    value={form.notifications}
                    onChange={(value) => change('notifications', value as AlertNotification)}
                    data={ALERT_NOTIFICATIONS.map((kind) => ({ value: kind, label: t(`labels.alerts.notifications.${kind}`) }))}
                    data-testid="alert-notifications"
                  />
                </Stack>
                <Select
                  w={{ base: '100%', xs: 260 }}
                  label={t('labels.alerts.fields.frequency')}
                  data={ALERT_FREQUENCIES.map((frequency) => ({ value: frequency, label: t(`labels.alerts.frequencies.${frequency}`) }))}
                  value={form.notifications === 'sms' ? 'each' : form.frequency}
                  onChange={(value) => value && change('frequency', value as AlertFrequency)}
                  disabled={form.notifications === 'sms'}
                  description={form.notifications === 'sms' ? t('labels.alerts.smsForcesEach') : undefined}
                  allowDeselect={false}
                  data-testid="alert-frequency-mode"
                />
              </Group>
              <Text size="xs" c="dimmed">
                {t('labels.alerts.recipientsHint')}
              </Text>
              {form.notifications === 'email' ? (
                <>
                  <AddressListInput label={t('labels.alerts.fields.to')} value={form.to} onChange={(value) => change('to', value)} testId="alert-to" placeholder={t('labels.alerts.emailPlaceholder')} />
                  <AddressListInput label={t('labels.alerts.fields.cc')} value={form.cc} onChange={(value) => change('cc', value)} testId="alert-cc" />
                  <AddressListInput label={t('labels.alerts.fields.bcc')} value={form.bcc} onChange={(value) => change('bcc', value)} testId="alert-bcc" />
                </>
              ) : (
                <AddressListInput
                  label={t('labels.alerts.fields.sms')}
                  value={form.sms}
                  onChange={(value) => change('sms', value)}
                  testId="alert-sms"
                  placeholder="+33612345678"
                  description={missing === 'sms' ? t('labels.alerts.required.sms') : undefined}
                />
              )}
            </Stack>
          </Card>

          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm">
              {section(t('labels.alerts.sections.points'))}
              <MultiSelect
                label={t('labels.alerts.fields.points')}
                data={pointOptions}
                value={form.points}
                onChange={(value) => change('points', value)}
                searchable
                withAsterisk
                nothingFoundMessage={t('labels.alerts.noPoint')}
                error={missing === 'points' ? t('labels.alerts.required.points') : undefined}
                data-testid="alert-points"
              />
              <Select
                w={{ base: '100%', xs: 220 }}
                label={t('labels.alerts.fields.sampling')}
                data={SAMPLINGS.map((sampling) => ({ value: sampling, label: t(`labels.alerts.samplings.${sampling}`) }))}
                value={form.sampling}
                onChange={(value) => value && change('sampling', value as Sampling)}
                allowDeselect={false}
                data-testid="alert-sampling"
              />
              {section(t('labels.alerts.sections.conditions'))}
              <ConditionsBuilder value={form.conditions} onChange={(value) => change('conditions', value)} />
            </Stack>
          </Card>

          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm">
              {section(t('labels.alerts.sections.schedule'))}
              <FrequencyEditor cron={form.cron_time} onChange={(value) => change('cron_time', value)} editing={editing} mayToggleDaysAndMonths={isOwner} />
              <Grid gap="md">
                <Grid.Col span={{ base: 12, xs: 6 }}>
                  <DateInput
                    label={t('labels.alerts.fields.startDate')}
                    value={form.start_date}
                    onChange={(value) => change('start_date', value)}
                    valueFormat={DATE_INPUT_FORMAT}
                    dateParser={parseDay}
                    clearable
                    data-testid="alert-start-date"
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, xs: 6 }}>
                  <DateInput
                    label={t('labels.alerts.fields.endDate')}
                    value={form.end_date}
                    onChange={(value) => change('end_date', value)}
                    minDate={form.start_date ?? undefined}
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
              <TimeFilterEditor value={form.time_filter} onChange={(value) => change('time_filter', value)} sampling={form.sampling} />
            </Stack>
          </Card>

          <FormActions onCancel={onDone} saving={save.isPending} saveTestId="alert-save" />
        </Stack>
      </form>
    </Stack>
  );
};
