import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { RemoveButton } from '../../../components/remove-button';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RESOURCES } from '@shared/schemas/point';
import { isFetchedType, isProviderType, SOURCE_FETCH_INTERVALS, type Source, type SourceType } from '@shared/schemas/source';
import { ApiRequestError, errorCodeOf } from '../../../lib/http';
import { notify, notifyGenericFailure } from '../../../lib/notify';
import { saveSource, SOURCE_KEYS } from '../api/sources';
import { formErrorsOf, inputOf, newSourceForm, sourceFormOf, type FormErrors, type SourceForm as FormState } from '../hooks/source-form';
import { CitySearch } from './city-search';
import { FormActions } from '../../../components/form-actions';
import { SecretInput } from '../../../components/secret-input';
import { IntervalSelect } from '../../../components/interval-select';

type Custom = FormState['config']['custom'];

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card withBorder radius="md" padding="lg">
    <Stack gap="md">
      <Title order={4}>{title}</Title>
      {children}
    </Stack>
  </Card>
);

/**
 * The form of a source, one per type (spec 3 §2: create takes the type, edit the type and the
 * id): the common fields, then what the type needs. Secrets are typed, never shown; a stored one
 * is kept while the field stays empty. Back to the list on success (`onSaved`).
 */
export const SourceForm = ({ type, source, onSaved, onCancel }: { type: SourceType; source: Source | null; onSaved: () => void; onCancel: () => void }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormState>(() => (source ? sourceFormOf(source) : newSourceForm(type)));
  const [errors, setErrors] = useState<FormErrors>({});
  const custom = form.config.custom;
  const stored = source?.config.custom;

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const setCustom = (changes: Partial<Custom>) => {
    setForm((current) => ({ ...current, config: { custom: { ...current.config.custom, ...changes } } }));
    setErrors((current) => ({ ...current, ...Object.fromEntries(Object.keys(changes).map((key) => [key, undefined])) }));
  };
  const error = (field: string) => (errors[field] ? t(errors[field]!) : undefined);

  const save = useMutation({
    mutationFn: () => saveSource(inputOf(form), source?._id ?? null),
    onSuccess: async (saved) => {
      queryClient.setQueryData(SOURCE_KEYS.one(saved._id), saved);
      await queryClient.invalidateQueries({ queryKey: SOURCE_KEYS.all });
      notify({ kind: 'success', title: t('toasts.ok'), message: t('sources.toasts.saved') });
      onSaved();
    },
    onError: (failure) => {
      const code = errorCodeOf(failure);
      if (code === 'source_name_exists') return setErrors({ name: 'errors.source_name_exists' });
      if (code === 'source_incomplete' && failure instanceof ApiRequestError) {
        const fields = (failure.data as { fields?: string[] } | undefined)?.fields ?? [];
        return setErrors(Object.fromEntries(fields.map((field) => [field, 'errors.fields.required'])));
      }
      if (code === 'internal_error' || code === 'network_error') return notifyGenericFailure();
      notify({ kind: 'warning', title: t('errors.titles.sorry'), message: t(`errors.${code}`) });
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = formErrorsOf(form, source);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    save.mutate();
  };

  const typeName = t(`sources.types.${type}`);
  const fieldKeys = custom.fields.map((field) => field.key).filter(Boolean);

  return (
    <form onSubmit={submit} noValidate data-testid="source-form">
      <Stack gap="lg" maw={880}>
        <Title order={2}>{source ? source.name : t(`sources.form.newTitle.${type}`)}</Title>

        <Section title={t('sources.form.general')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('sources.form.name')}
              required
              value={form.name}
              onChange={(event) => set('name', event.currentTarget.value)}
              error={error('name')}
              data-testid="source-name"
            />
            <TextInput label={t('sources.form.type')} value={typeName} readOnly />
            <Select
              label={t('sources.form.resource')}
              placeholder={t('sources.form.noResource')}
              clearable
              data={RESOURCES.map((resource) => ({ value: resource, label: t(`labels.resources.${resource}`) }))}
              value={form.resource}
              onChange={(value) => set('resource', value as FormState['resource'])}
            />
            {isFetchedType(type) && (
              <IntervalSelect
                label={t('sources.form.fetchInterval')}
                intervals={SOURCE_FETCH_INTERVALS}
                value={custom.fetch_interval}
                onChange={(minutes) => setCustom({ fetch_interval: minutes })}
                describe={(minutes) => t('sources.list.every', { count: minutes })}
                testId="source-interval"
              />
            )}
          </SimpleGrid>
          <Switch label={t('sources.form.active')} description={isFetchedType(type) ? t('sources.form.activeHint') : undefined} checked={form.active} onChange={(event) => set('active', event.currentTarget.checked)} />
        </Section>

        {isProviderType(type) && (
          <Section title={t('sources.form.provider')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('sources.form.endpoint')}
                description={t('sources.form.endpointHint')}
                required
                value={custom.endpoint ?? ''}
                onChange={(event) => setCustom({ endpoint: event.currentTarget.value || null })}
                error={error('endpoint')}
                data-testid="source-endpoint"
              />
              <TextInput
                label={t('sources.form.apiVersion')}
                value={custom.api_version ?? ''}
                onChange={(event) => setCustom({ api_version: event.currentTarget.value || null })}
                error={error('api_version')}
                data-testid="source-api-version"
              />
            </SimpleGrid>
            <SecretInput
              label={t('sources.form.apiKey')}
              stored={Boolean(stored?.has_api_key)}
              storedHint={t('sources.form.secretStored')}
              hint={t('sources.form.apiKeyHint')}
              required={!stored?.has_api_key}
              value={custom.api_key}
              onChange={(value) => setCustom({ api_key: value })}
              error={error('api_key')}
              autoComplete="off"
              testId="source-api-key"
            />
            <Switch
              label={t('sources.form.prependUniqueId')}
              description={t('sources.form.prependUniqueIdHint')}
              checked={custom.prepend_unique_id}
              onChange={(event) => setCustom({ prepend_unique_id: event.currentTarget.checked })}
            />
            <Switch
              label={t('sources.form.autoDiscover')}
              description={t('sources.form.autoDiscoverHint')}
              checked={custom.auto_discover_devices}
              onChange={(event) => setCustom({ auto_discover_devices: event.currentTarget.checked })}
            />
          </Section>
        )}

        {type === 'weather' && (
          <Section title={t('sources.form.weather')}>
            <CitySearch
              city={custom.city}
              cityId={custom.city_id}
              error={error('city_id') ?? error('city') ?? error('lat') ?? error('lon')}
              onChange={(chosen) => setCustom({ city: chosen?.name ?? null, city_id: chosen?.id ?? null, lat: chosen?.lat ?? null, lon: chosen?.lon ?? null })}
            />
            <Text size="sm" c="dimmed">
              {t('sources.form.weatherHint')}
            </Text>
          </Section>
        )}

        {type === 'email' && (
          <Section title={t('sources.form.mailbox')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('sources.form.host')}
                description={t('sources.form.hostHint')}
                required
                value={custom.host ?? ''}
                onChange={(event) => setCustom({ host: event.currentTarget.value || null })}
                error={error('host')}
                data-testid="source-host"
              />
              <TextInput
                label={t('sources.form.email')}
                required
                value={custom.email ?? ''}
                onChange={(event) => setCustom({ email: event.currentTarget.value || null })}
                error={error('email')}
                autoComplete="off"
                data-testid="source-email"
              />
              <SecretInput
                label={t('sources.form.password')}
                stored={Boolean(stored?.has_password)}
                storedHint={t('sources.form.secretStored')}
                required={!stored?.has_password}
                value={custom.password}
                onChange={(value) => setCustom({ password: value })}
                error={error('password')}
                testId="source-password"
              />
              <TextInput
                label={t('sources.form.folder')}
                value={custom.folder}
                onChange={(event) => setCustom({ folder: event.currentTarget.value })}
                error={error('folder')}
              />
            </SimpleGrid>
            <Switch label={t('sources.form.tls')} checked={custom.tls} onChange={(event) => setCustom({ tls: event.currentTarget.checked })} />
            <Text size="sm" c="dimmed">
              {t('sources.form.mailboxHint')}
            </Text>
            {stored && <TextInput label={t('sources.form.uuid')} value={stored.uuid} readOnly variant="filled" />}
          </Section>
        )}

        {type === 'custom' && (
          <Section title={t('sources.form.custom')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('sources.form.technicalId')}
                value={custom.technical_id ?? ''}
                onChange={(event) => setCustom({ technical_id: event.currentTarget.value || null })}
                error={error('technical_id')}
              />
              <NumberInput
                label={t('sources.form.price')}
                description={t('sources.form.priceHint')}
                value={custom.price ?? ''}
                onChange={(value) => setCustom({ price: typeof value === 'number' ? value : null })}
                min={0}
                decimalSeparator=","
                error={error('price')}
              />
            </SimpleGrid>

            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={500}>{t('sources.form.fields')}</Text>
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => setCustom({ fields: [...custom.fields, { key: '', label: '', value: '' }] })}
                  data-testid="source-add-field"
                >
                  {t('sources.form.addField')}
                </Button>
              </Group>
              {custom.fields.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('sources.form.noField')}
                </Text>
              )}
              {custom.fields.map((field, index) => (
                <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
                  <SimpleGrid cols={{ base: 1, sm: 3 }} style={{ flex: 1 }}>
                    {(['key', 'label', 'value'] as const).map((part) => (
                      <TextInput
                        key={part}
                        label={t(`sources.form.field.${part}`)}
                        value={field[part]}
                        onChange={(event) => {
                          const value = event.currentTarget.value;
                          setCustom({ fields: custom.fields.map((other, position) => (position === index ? { ...other, [part]: value } : other)) });
                        }}
                        error={part === 'key' && errors.key ? t(errors.key) : undefined}
                      />
                    ))}
                  </SimpleGrid>
                  <RemoveButton label={t('buttons.remove')} onClick={() => setCustom({ fields: custom.fields.filter((_, position) => position !== index) })} mb={4} />
                </Group>
              ))}
            </Stack>

            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={500}>{t('sources.form.sections')}</Text>
                <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => setCustom({ sections: [...custom.sections, { title: '', fields: [] }] })}>
                  {t('sources.form.addSection')}
                </Button>
              </Group>
              {custom.sections.map((section, index) => (
                <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
                  <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ flex: 1 }}>
                    <TextInput
                      label={t('sources.form.sectionTitle')}
                      value={section.title}
                      onChange={(event) => {
                        const title = event.currentTarget.value;
                        setCustom({ sections: custom.sections.map((other, position) => (position === index ? { ...other, title } : other)) });
                      }}
                      error={errors.title ? t(errors.title) : undefined}
                    />
                    <MultiSelect
                      label={t('sources.form.sectionFields')}
                      data={[...new Set(fieldKeys)]}
                      value={section.fields.filter((key) => fieldKeys.includes(key))}
                      onChange={(fields) => setCustom({ sections: custom.sections.map((other, position) => (position === index ? { ...other, fields } : other)) })}
                    />
                  </SimpleGrid>
                  <RemoveButton label={t('buttons.remove')} onClick={() => setCustom({ sections: custom.sections.filter((_, position) => position !== index) })} mb={4} />
                </Group>
              ))}
            </Stack>
          </Section>
        )}

        <FormActions onCancel={onCancel} saving={save.isPending} saveTestId="source-save" />
      </Stack>
    </form>
  );
};
