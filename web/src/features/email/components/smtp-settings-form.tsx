import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Divider, Grid, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { PortInput } from '../../../components/port-input';
import { IconDeviceFloppy, IconMailForward, IconPlugConnected } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SMTP_FORM_DEFAULTS, SMTP_SECURITIES, type SmtpScope, type SmtpSettings, type SmtpSettingsInput } from '@shared/schemas/smtp';
import { ApiRequestError, errorCodeOf } from '../../../lib/http';
import { notify, notifyGenericFailure } from '../../../lib/notify';
import { translate } from '../../../lib/i18n';
import { saveSmtpSettings, sendSmtpTestMail, SMTP_KEYS, testSmtpConnection } from '../api/smtp-settings';
import { SwitchField } from '../../../components/switch-field';
import { SecretInput } from '../../../components/secret-input';

type FormState = Omit<Required<SmtpSettingsInput>, 'port'> & { port: number | null };

const stateOf = (settings: SmtpSettings | null): FormState =>
  settings
    ? {
        host: settings.host,
        port: settings.port,
        security: settings.security,
        user: settings.user,
        password: '',
        from_address: settings.from_address,
        from_name: settings.from_name,
        enabled: settings.enabled,
      }
    : { ...SMTP_FORM_DEFAULTS };

/** The server's own words (e.g. "Invalid login"), when it gave some, after the spec's message. */
const reasonOf = (error: unknown): string | null => {
  const data = error instanceof ApiRequestError ? (error.data as { reason?: unknown } | undefined) : undefined;
  return typeof data?.reason === 'string' ? data.reason : null;
};

const notifyFailure = (error: unknown) => {
  const code = errorCodeOf(error);
  if (code === 'internal_error') return notifyGenericFailure();
  const reason = reasonOf(error);
  notify({ kind: 'warning', title: translate('errors.titles.sorry'), message: `${translate(`errors.${code}`)}${reason ? ` (${reason})` : ''}` });
};

export interface SmtpSettingsFormProps {
  /** The customer's own server (/settings/application/email) or the product's (/settings/system/email). */
  scope: SmtpScope;
  settings: SmtpSettings | null;
}

/**
 * SMTP settings (spec 3 §2, §7 "SMTP"): test the connection, send a test e-mail, save. The stored
 * password is never shown: left empty, it is kept (and used by the tests).
 */
export const SmtpSettingsForm = ({ scope, settings }: SmtpSettingsFormProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<FormState>({ initialValues: stateOf(settings) });
  const [to, setTo] = useState('');
  const values = form.values;
  const input = (): SmtpSettingsInput => ({ ...values, port: values.port ?? undefined });

  const save = useMutation({
    mutationFn: () => saveSmtpSettings(scope, input()),
    onSuccess: async (saved) => {
      notify({ kind: 'success', title: t('toasts.ok'), message: t('email.messages.saved') });
      form.setValues(stateOf(saved));
      await queryClient.invalidateQueries({ queryKey: SMTP_KEYS.of(scope) });
    },
    onError: notifyFailure,
  });
  const test = useMutation({
    mutationFn: () => testSmtpConnection(scope, input()),
    onSuccess: () => notify({ kind: 'success', title: t('toasts.ok'), message: t('email.messages.connectionSuccessful') }),
    onError: notifyFailure,
  });
  const sendTest = useMutation({
    mutationFn: () => sendSmtpTestMail(scope, input(), to.trim()),
    onSuccess: () => notify({ kind: 'success', title: t('toasts.ok'), message: t('email.messages.sent') }),
    onError: notifyFailure,
  });

  const complete = values.host.trim() !== '' && values.from_address.trim() !== '' && values.port !== null;
  const storedPassword = Boolean(settings?.has_password) && values.user === settings?.user;

  return (
    <Stack gap="md" maw={760}>
      <Title order={2}>{t(scope === 'system' ? 'email.systemTitle' : 'email.customerTitle')}</Title>
      <Text size="sm" c="dimmed">
        {t(scope === 'system' ? 'email.systemHint' : 'email.customerHint')}
      </Text>
      <Card withBorder radius="md" padding="lg">
        <form
          noValidate
          data-testid="smtp-form"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          <Stack gap="md">
            <SwitchField label={t('email.fields.enabled')} testId="smtp-enabled" {...form.getInputProps('enabled', { type: 'checkbox' })} />
            <Grid gap="md">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label={t('email.fields.host')}
                  placeholder={t('email.placeholders.host')}
                  {...form.getInputProps('host')}
                  withAsterisk
                  autoComplete="off"
                  data-testid="smtp-host"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <PortInput label={t('email.fields.port')} testId="smtp-port" {...form.getInputProps('port')} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <Select
                  label={t('email.fields.security')}
                  data={SMTP_SECURITIES.map((value) => ({ value, label: t(`email.security.${value}`) }))}
                  {...form.getInputProps('security')}
                  allowDeselect={false}
                  data-testid="smtp-security"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={t('email.fields.user')} {...form.getInputProps('user')} autoComplete="off" data-testid="smtp-user" />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <SecretInput
                  label={t('email.fields.password')}
                  stored={storedPassword}
                  storedHint={t('email.passwordKept')}
                  {...form.getInputProps('password')}
                  testId="smtp-password"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label={t('email.fields.fromAddress')}
                  placeholder={t('email.placeholders.fromAddress')}
                  {...form.getInputProps('from_address')}
                  withAsterisk
                  data-testid="smtp-from-address"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={t('email.fields.fromName')} {...form.getInputProps('from_name')} data-testid="smtp-from-name" />
              </Grid.Col>
            </Grid>
            <Group justify="flex-end" gap="sm" wrap="wrap">
              <Button
                variant="default"
                leftSection={<IconPlugConnected size={16} />}
                onClick={() => test.mutate()}
                loading={test.isPending}
                disabled={!complete}
                data-testid="smtp-test-connection"
              >
                {t('email.buttons.testConnection')}
              </Button>
              <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending} disabled={!complete} data-testid="smtp-save">
                {t('buttons.save')}
              </Button>
            </Group>
            <Divider label={t('email.testMailTitle')} labelPosition="left" />
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                label={t('email.fields.to')}
                placeholder={t('email.placeholders.to')}
                value={to}
                onChange={(event) => setTo(event.currentTarget.value)}
                style={{ flex: '1 1 220px' }}
                data-testid="smtp-test-to"
              />
              <Button
                variant="light"
                leftSection={<IconMailForward size={16} />}
                onClick={() => sendTest.mutate()}
                loading={sendTest.isPending}
                disabled={!complete || to.trim() === ''}
                data-testid="smtp-send-test"
              >
                {t('email.buttons.sendTest')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
};
