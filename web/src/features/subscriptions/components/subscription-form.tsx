import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Card, Grid, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { CRON_PRESETS, DEFAULT_CRON_PRESET, isValidCron } from '@shared/alerts/cron';
import { missingSubscriptionFields, type Subscription, type SubscriptionInput } from '@shared/schemas/subscription';
import { AddressListInput } from '../../../components/address-list-input';
import { CronTimeInput } from '../../../components/cron-time-input';
import { FormActions } from '../../../components/form-actions';
import { SwitchField } from '../../../components/switch-field';
import { useSave } from '../../../lib/use-save';
import { createSubscription, readableReportsQueryOptions, SUBSCRIPTION_KEYS, updateSubscription } from '../api/subscriptions';
import { notifySubscriptionFailure } from '../hooks/notify-subscription-failure';

interface FormState {
  name: string;
  report: string | null;
  cron_time: string;
  active: boolean;
  shared: boolean;
  to: string[];
  cc: string[];
  bcc: string[];
}

const stateOf = (subscription: Subscription | null): FormState =>
  subscription
    ? {
        name: subscription.name,
        report: subscription.report,
        cron_time: subscription.cron_time,
        active: subscription.active,
        shared: subscription.sharing.shared,
        to: subscription.email.to,
        cc: subscription.email.cc,
        bcc: subscription.email.bcc,
      }
    : { name: '', report: null, cron_time: CRON_PRESETS[DEFAULT_CRON_PRESET], active: true, shared: false, to: [], cc: [], bcc: [] };

export interface SubscriptionFormProps {
  /** The subscription edited; null to create one. */
  subscription: Subscription | null;
  /** The customer's time zone: the cron time is read in it. */
  zone: string;
  /** Saved or cancelled: back to the list, or the side panel closes. */
  onDone: () => void;
  /** In the list's side panel: one field a row. */
  compact?: boolean;
}

/**
 * /reports/subscriptions/create, /reports/subscriptions/edit/{id} and the list's side panel
 * (spec 2 §3, §5): a name, one of the reports the user may read, when it is sent (the alerts'
 * cron presets, monthly by default) and to whom, typed separated by semicolons. Name, report and
 * a 'to' address are required ('Fields name, report and to (email) are required').
 */
export const SubscriptionForm = ({ subscription, zone, onDone, compact = false }: SubscriptionFormProps) => {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<'subscription_fields_required' | null>(null);
  // The form's problem is the whole form's: any change clears it.
  const form = useForm<FormState>({ initialValues: stateOf(subscription), onValuesChange: () => setProblem(null) });
  const reports = useQuery(readableReportsQueryOptions());
  const editing = subscription !== null;
  const half = compact ? 12 : { base: 12, sm: 6 };

  const reportOptions = (reports.data ?? []).map((report) => ({ value: report._id, label: report.name }));
  // A report no longer readable stays chosen, named as missing, until another is picked.
  const chosen = form.values.report;
  if (chosen && reports.isSuccess && !reportOptions.some((option) => option.value === chosen)) reportOptions.push({ value: chosen, label: t('subscriptions.unknownReport') });

  const save = useSave({
    save: (input: SubscriptionInput) => (subscription ? updateSubscription(subscription._id, input) : createSubscription(input)),
    savedMessage: 'toasts.subscription_saved',
    invalidates: SUBSCRIPTION_KEYS.all,
    onSaved: onDone,
    onError: notifySubscriptionFailure,
  });

  const submit = (state: FormState) => {
    if (missingSubscriptionFields({ name: state.name, report: state.report, email: { to: state.to, cc: state.cc, bcc: state.bcc } }).length > 0) {
      return setProblem('subscription_fields_required');
    }
    if (!isValidCron(state.cron_time)) return;
    save.mutate({
      name: state.name.trim(),
      type: 'report',
      report: state.report,
      cron_time: state.cron_time.trim(),
      active: state.active,
      sharing: { shared: state.shared },
      email: { to: state.to, cc: state.cc, bcc: state.bcc },
      ...(subscription ? { user: subscription.user } : {}),
    });
  };

  const addressInput = (field: 'to' | 'cc' | 'bcc') => (
    <AddressListInput
      label={t(`subscriptions.fields.${field}`)}
      placeholder={t('subscriptions.hints.addressesPlaceholder')}
      {...form.getInputProps(field)}
      testId={`subscription-${field}`}
    />
  );

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate data-testid="subscription-form" data-subscription-id={subscription?._id ?? ''}>
      <Stack gap="md">
        {problem && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="subscription-form-problem">
            {t(`errors.${problem}`)}
          </Alert>
        )}
        <Grid gap="md">
          <Grid.Col span={half}>
            <TextInput label={t('subscriptions.fields.name')} {...form.getInputProps('name')} withAsterisk maxLength={200} data-testid="subscription-name" />
          </Grid.Col>
          <Grid.Col span={half}>
            <Select
              label={t('subscriptions.fields.report')}
              placeholder={t('subscriptions.hints.reportPlaceholder')}
              data={reportOptions}
              {...form.getInputProps('report')}
              searchable
              nothingFoundMessage={t('subscriptions.hints.noReport')}
              withAsterisk
              disabled={reports.isPending}
              data-testid="subscription-report"
            />
            {reports.isSuccess && reportOptions.length === 0 && (
              <Text size="xs" c="dimmed" mt={4}>
                {t('subscriptions.hints.noReport')}
              </Text>
            )}
          </Grid.Col>
          <Grid.Col span={12}>
            <Stack gap={4}>
              <CronTimeInput
                cron={form.values.cron_time}
                onChange={(cron) => form.setFieldValue('cron_time', cron)}
                editing={editing}
                presetLabel={t('subscriptions.fields.frequency')}
                testIdPrefix="subscription"
              />
              <Text size="xs" c="dimmed">
                {t('subscriptions.hints.zone', { zone })}
              </Text>
            </Stack>
          </Grid.Col>
          <Grid.Col span={compact ? 12 : { base: 12, xs: 4 }}>
            <SwitchField label={t('subscriptions.fields.active')} {...form.getInputProps('active', { type: 'checkbox' })} testId="subscription-active" />
          </Grid.Col>
          <Grid.Col span={compact ? 12 : { base: 12, xs: 8 }}>
            <SwitchField label={t('subscriptions.fields.shared')} {...form.getInputProps('shared', { type: 'checkbox' })} testId="subscription-shared" />
          </Grid.Col>
        </Grid>
        <Stack gap={6}>
          <Text size="xs" c="dimmed">
            {t('subscriptions.hints.addresses')}. {t('subscriptions.hints.email')}
          </Text>
          {addressInput('to')}
          {addressInput('cc')}
          {addressInput('bcc')}
        </Stack>
        <FormActions onCancel={onDone} saving={save.isPending} saveTestId="subscription-save" />
      </Stack>
    </form>
  );
};

/** The create and edit screens: the form under its title. */
export const SubscriptionScreen = ({ subscription, zone, onDone }: Omit<SubscriptionFormProps, 'compact'>) => {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={760} data-testid="subscription-screen">
      <Title order={2}>{t(subscription ? 'subscriptions.editTitle' : 'subscriptions.createTitle')}</Title>
      <Card withBorder radius="md" padding="lg">
        <SubscriptionForm subscription={subscription} zone={zone} onDone={onDone} />
      </Card>
    </Stack>
  );
};
