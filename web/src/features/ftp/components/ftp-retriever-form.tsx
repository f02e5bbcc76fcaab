import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Card, Grid, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { PortInput } from '../../../components/port-input';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  FTP_FORM_DEFAULTS,
  FTP_INTERVALS,
  missingFtpFields,
  portForProtocol,
  type FtpInterval,
  type FtpMandatoryField,
  type FtpRetriever,
  type FtpRetrieverInput,
} from '@shared/schemas/ftp-retriever';
import { notify } from '../../../lib/notify';
import { createFtpRetriever, FTP_KEYS, updateFtpRetriever } from '../api/ftp-retrievers';
import { notifyFtpFailure } from '../hooks/notify-ftp-failure';
import { FormActions } from '../../../components/form-actions';
import { SwitchField } from '../../../components/switch-field';
import { SecretInput } from '../../../components/secret-input';
import { IntervalSelect } from '../../../components/interval-select';

interface FormState {
  host: string;
  port: number | null;
  user: string;
  password: string;
  path: string;
  active: boolean;
  timeInterval: FtpInterval;
  isSftp: boolean;
}

const stateOf = (retriever: FtpRetriever | null): FormState =>
  retriever
    ? { host: retriever.host, port: retriever.port, user: retriever.user, password: '', path: retriever.path, active: retriever.active, timeInterval: retriever.timeInterval, isSftp: retriever.isSftp }
    : { ...FTP_FORM_DEFAULTS };

export interface FtpRetrieverFormProps {
  /** The retriever edited; null to create one. */
  retriever: FtpRetriever | null;
  /** Saved or cancelled: back to the list. */
  onDone: () => void;
}

/**
 * /settings/ftp/create and /settings/ftp/edit/{id} (spec 3 §5): host, port, user, password and
 * path are required ('All fields are mandatory'); ticking SFTP proposes port 22. On an edit the
 * stored password is never shown: left empty, it is kept.
 */
export const FtpRetrieverForm = ({ retriever, onDone }: FtpRetrieverFormProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormState>(() => stateOf(retriever));
  const [missing, setMissing] = useState<FtpMandatoryField[]>([]);
  const editing = retriever !== null;

  const change = <K extends keyof FormState>(field: K, value: FormState[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setMissing((current) => current.filter((name) => name !== field));
  };

  const save = useMutation({
    mutationFn: (input: FtpRetrieverInput) => (retriever ? updateFtpRetriever(retriever._id, input) : createFtpRetriever(input)),
    onSuccess: async () => {
      notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.ftp_saved') });
      await queryClient.invalidateQueries({ queryKey: FTP_KEYS.all });
      onDone();
    },
    onError: notifyFtpFailure,
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input: FtpRetrieverInput = { ...form, host: form.host.trim(), user: form.user.trim(), path: form.path.trim() };
    const absent = missingFtpFields(input, { hasStoredPassword: Boolean(retriever?.has_password) });
    setMissing(absent);
    if (absent.length) return;
    save.mutate(input);
  };

  const required = (field: FtpMandatoryField) => (missing.includes(field) ? t('errors.fields.required') : undefined);

  return (
    <Stack gap="md" maw={720}>
      <Title order={2}>{t(editing ? 'labels.ftp.editTitle' : 'labels.ftp.createTitle')}</Title>
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={submit} noValidate data-testid="ftp-form">
          <Stack gap="md">
            {missing.length > 0 && (
              <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="ftp-form-missing">
                {t('errors.ftp_fields_mandatory')}
              </Alert>
            )}
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('labels.ftp.fields.protocol')}
              </Text>
              <SegmentedControl
                value={form.isSftp ? 'sftp' : 'ftp'}
                onChange={(value) => {
                  const isSftp = value === 'sftp';
                  setForm((current) => ({ ...current, isSftp, port: portForProtocol(isSftp, current.port) }));
                }}
                data={[
                  { value: 'ftp', label: 'FTP' },
                  { value: 'sftp', label: 'SFTP' },
                ]}
                w={{ base: '100%', xs: 240 }}
                data-testid="ftp-protocol"
              />
            </Stack>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, sm: 8 }}>
                <TextInput
                  label={t('labels.ftp.fields.host')}
                  placeholder="ftp.example.com"
                  value={form.host}
                  onChange={(event) => change('host', event.currentTarget.value)}
                  error={required('host')}
                  withAsterisk
                  autoComplete="off"
                  data-testid="ftp-host"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <PortInput label={t('labels.ftp.fields.port')} value={form.port} onChange={(value) => change('port', value)} error={required('port')} testId="ftp-port" />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label={t('labels.ftp.fields.user')}
                  value={form.user}
                  onChange={(event) => change('user', event.currentTarget.value)}
                  error={required('user')}
                  withAsterisk
                  autoComplete="off"
                  data-testid="ftp-user"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <SecretInput
                  label={t('labels.ftp.fields.password')}
                  stored={Boolean(retriever?.has_password)}
                  storedHint={t('hints.ftp.passwordKept')}
                  value={form.password}
                  onChange={(value) => change('password', value)}
                  error={required('password')}
                  withAsterisk={!retriever?.has_password}
                  testId="ftp-password"
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <TextInput
                  label={t('labels.ftp.fields.path')}
                  description={t('hints.ftp.path')}
                  value={form.path}
                  onChange={(event) => change('path', event.currentTarget.value)}
                  error={required('path')}
                  withAsterisk
                  data-testid="ftp-path"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <IntervalSelect
                  label={t('labels.ftp.fields.timeInterval')}
                  intervals={FTP_INTERVALS}
                  value={form.timeInterval}
                  onChange={(minutes) => change('timeInterval', minutes)}
                  describe={(minutes) => t('labels.ftp.everyMinutes', { count: minutes })}
                  testId="ftp-interval"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <SwitchField
                  mt={{ base: 0, sm: 30 }}
                  label={t('labels.ftp.fields.active')}
                  checked={form.active}
                  onChange={(checked) => change('active', checked)}
                  testId="ftp-active"
                />
              </Grid.Col>
            </Grid>
            <Text size="xs" c="dimmed">
              {t('hints.ftp.filesKept')}
            </Text>
            <FormActions onCancel={onDone} saving={save.isPending} saveTestId="ftp-save" />
          </Stack>
        </form>
      </Card>
    </Stack>
  );
};
