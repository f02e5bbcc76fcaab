import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Grid, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DateTime } from 'luxon';
import { DEFAULT_TIMEZONE } from '@shared/constants';
import type { Customer, CustomerInput, TimezoneEntry } from '@shared/schemas/customer';
import { useSave } from '../../../lib/use-save';
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
  const form = useForm<FormState>({
    initialValues: stateOf(customer),
    validate: {
      name: (name) => (name.trim() ? null : t('errors.fields.required')),
      subscription_end: (end, values) => (values.subscription_start && end && end < values.subscription_start ? t('errors.customers.datesOrder') : null),
    },
  });

  const places = useMemo(() => {
    const groups = new Map<string, { value: string; label: string }[]>();
    for (const entry of timezones) {
      const group = entry.country ?? t('labels.customers.noCountry');
      groups.set(group, [...(groups.get(group) ?? []), { value: placeOf(entry.cca2, entry.name), label: `${entry.name} (UTC${entry.utc_offset})` }]);
    }
    const current = form.values.place;
    const known = [...groups.values()].some((items) => items.some((item) => item.value === current));
    if (!known) groups.set(t('labels.customers.noCountry'), [{ value: current, label: current.split('|')[1] }, ...(groups.get(t('labels.customers.noCountry')) ?? [])]);
    return [...groups.entries()].map(([group, items]) => ({ group, items }));
  }, [timezones, form.values.place, t]);

  const dayField = (field: 'subscription_start' | 'subscription_end', label: string) => (
    <TextInput type="date" label={t(`labels.customers.fields.${label}`)} {...form.getInputProps(field)} data-testid={`customer-${field.replace('_', '-')}`} />
  );

  const save = useSave({
    save: (input: CustomerInput) => (customer ? updateCustomer(customer._id, input) : createCustomer(input)),
    savedMessage: 'toasts.customer_saved',
    invalidates: CUSTOMER_KEYS.all,
    onSaved: onDone,
    onError: notifyCustomerFailure,
  });

  const submit = (state: FormState) => {
    const [cca2, zone] = state.place.split('|');
    save.mutate({
      name: state.name.trim(),
      timezone: zone || DEFAULT_TIMEZONE,
      ...(cca2 ? { cca2 } : {}),
      is_premium: state.is_premium,
      active: state.active,
      subscription_start: instantOf(state.subscription_start, zone, 'start'),
      subscription_end: instantOf(state.subscription_end, zone, 'end'),
    });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate data-testid="customer-form">
      <Stack gap="md">
        <Title order={2}>{t(customer ? 'labels.customers.editTitle' : 'labels.customers.createTitle')}</Title>
        <Card withBorder padding="md">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput label={t('labels.customers.fields.name')} {...form.getInputProps('name')} required maxLength={120} data-testid="customer-name" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Select
                label={t('labels.customers.fields.timezone')}
                data={places}
                {...form.getInputProps('place')}
                searchable
                allowDeselect={false}
                limit={200}
                nothingFoundMessage={t('hints.customers.noTimezone')}
                data-testid="customer-timezone"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              {dayField('subscription_start', 'subscriptionStart')}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              {dayField('subscription_end', 'subscriptionEnd')}
            </Grid.Col>
            <Grid.Col span={12}>
              <Text size="xs" c="dimmed">
                {t('hints.customers.subscription')}
              </Text>
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <SwitchField label={t('labels.customers.fields.premium')} {...form.getInputProps('is_premium', { type: 'checkbox' })} testId="customer-premium" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <SwitchField label={t('labels.customers.fields.active')} {...form.getInputProps('active', { type: 'checkbox' })} testId="customer-active" />
            </Grid.Col>
          </Grid>
        </Card>
        <FormActions onCancel={onDone} saving={save.isPending} saveTestId="customer-save" />
      </Stack>
    </form>
  );
};
