import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Grid, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { DEFAULT_TIMEZONE } from '@shared/constants';
import type { Customer, CustomerInput, TimezoneEntry } from '@shared/schemas/customer';
import { notify } from '../../../lib/notify';
import { CUSTOMER_KEYS, createCustomer, updateCustomer } from '../api/customers';
import { notifyCustomerFailure } from '../hooks/notify-customer-failure';
import { FormActions } from '../../../components/form-actions';
import { SwitchField } from '../../../components/switch-field';

interface FormState {
  name: string;
  /** `<cca2>|<zone>`: one choice sets both the country and the time zone. */
  place: string;
  is_premium: boolean;
  active: boolean;
  /** yyyy-MM-dd, read in the customer's time zone; empty: open. */
  subscription_start: string;
  subscription_end: string;
}

const placeOf = (cca2: string | null | undefined, zone: string) => `${cca2 ?? ''}|${zone}`;

const dayOf = (iso: string | null | undefined, zone: string) => (iso ? (DateTime.fromISO(iso, { zone }).toISODate() ?? '') : '');

const stateOf = (customer: Customer | null): FormState => {
  const zone = customer?.timezone ?? DEFAULT_TIMEZONE;
  return {
    name: customer?.name ?? '',
    place: placeOf(customer ? customer.cca2 : 'FR', zone),
    is_premium: customer?.is_premium ?? false,
    active: customer?.active ?? true,
    subscription_start: dayOf(customer?.subscription_start, zone),
    subscription_end: dayOf(customer?.subscription_end, zone),
  };
};

/** The subscription runs from the start of its first day to the end of its last, in the customer's zone. */
const instantOf = (day: string, zone: string, edge: 'start' | 'end'): string | null => {
  if (!day) return null;
  const date = DateTime.fromISO(day, { zone });
  return (edge === 'start' ? date.startOf('day') : date.endOf('day')).toUTC().toISO();
};

export interface CustomerFormProps {
  customer: Customer | null;
  timezones: readonly TimezoneEntry[];
  onDone: () => void;
}

/**
 * /settings/system/customers/add and /edit/{id}: name, country and time zone (the server's list),
 * premium, active and the subscription dates. Saving returns to the list (spec 3 §2). Limits of
 * the licence are the server's to say.
 */
export const CustomerForm = ({ customer, timezones, onDone }: CustomerFormProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormState>(() => stateOf(customer));
  const [nameError, setNameError] = useState<string | null>(null);
  const [datesError, setDatesError] = useState<string | null>(null);
  const change = <K extends keyof FormState>(field: K, value: FormState[K]) => setForm((current) => ({ ...current, [field]: value }));

  const places = useMemo(() => {
    const groups = new Map<string, { value: string; label: string }[]>();
    for (const entry of timezones) {
      const group = entry.country ?? t('labels.customers.noCountry');
      groups.set(group, [...(groups.get(group) ?? []), { value: placeOf(entry.cca2, entry.name), label: `${entry.name} (UTC${entry.utc_offset})` }]);
    }
    const current = form.place;
    const known = [...groups.values()].some((items) => items.some((item) => item.value === current));
    if (!known) groups.set(t('labels.customers.noCountry'), [{ value: current, label: current.split('|')[1] }, ...(groups.get(t('labels.customers.noCountry')) ?? [])]);
    return [...groups.entries()].map(([group, items]) => ({ group, items }));
  }, [timezones, form.place, t]);

  const save = useMutation({
    mutationFn: (input: CustomerInput) => (customer ? updateCustomer(customer._id, input) : createCustomer(input)),
    onSuccess: async () => {
      notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.customer_saved') });
      await queryClient.invalidateQueries({ queryKey: CUSTOMER_KEYS.all });
      onDone();
    },
    onError: notifyCustomerFailure,
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const name = form.name.trim();
    setNameError(name ? null : t('errors.fields.required'));
    const badDates = Boolean(form.subscription_start && form.subscription_end && form.subscription_end < form.subscription_start);
    setDatesError(badDates ? t('errors.customers.datesOrder') : null);
    if (!name || badDates) return;
    const [cca2, zone] = form.place.split('|');
    save.mutate({
      name,
      timezone: zone || DEFAULT_TIMEZONE,
      ...(cca2 ? { cca2 } : {}),
      is_premium: form.is_premium,
      active: form.active,
      subscription_start: instantOf(form.subscription_start, zone, 'start'),
      subscription_end: instantOf(form.subscription_end, zone, 'end'),
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="customer-form">
      <Stack gap="md">
        <Title order={2}>{t(customer ? 'labels.customers.editTitle' : 'labels.customers.createTitle')}</Title>
        <Card withBorder padding="md">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput
                label={t('labels.customers.fields.name')}
                value={form.name}
                onChange={(event) => {
                  change('name', event.currentTarget.value);
                  setNameError(null);
                }}
                error={nameError}
                required
                maxLength={120}
                data-testid="customer-name"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Select
                label={t('labels.customers.fields.timezone')}
                data={places}
                value={form.place}
                onChange={(value) => value && change('place', value)}
                searchable
                allowDeselect={false}
                limit={200}
                nothingFoundMessage={t('hints.customers.noTimezone')}
                data-testid="customer-timezone"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                type="date"
                label={t('labels.customers.fields.subscriptionStart')}
                value={form.subscription_start}
                onChange={(event) => change('subscription_start', event.currentTarget.value)}
                data-testid="customer-subscription-start"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                type="date"
                label={t('labels.customers.fields.subscriptionEnd')}
                value={form.subscription_end}
                onChange={(event) => change('subscription_end', event.currentTarget.value)}
                error={datesError}
                data-testid="customer-subscription-end"
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <Text size="xs" c="dimmed">
                {t('hints.customers.subscription')}
              </Text>
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <SwitchField
                label={t('labels.customers.fields.premium')}
                checked={form.is_premium}
                onChange={(checked) => change('is_premium', checked)}
                testId="customer-premium"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <SwitchField
                label={t('labels.customers.fields.active')}
                checked={form.active}
                onChange={(checked) => change('active', checked)}
                testId="customer-active"
              />
            </Grid.Col>
          </Grid>
        </Card>
        <FormActions onCancel={onDone} saving={save.isPending} saveTestId="customer-save" />
      </Stack>
    </form>
  );
};
