import { useTranslation } from 'react-i18next';
import { Alert, Card, Grid, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { PortInput } from '../../../components/port-input';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import {
  FTP_FORM_DEFAULTS,
  FTP_INTERVALS,
  missingFtpFields,
  portForProtocol,
  type FtpInterval,
  type FtpRetriever,
  type FtpRetrieverInput,
} from '@shared/schemas/ftp-retriever';
import { useSave } from '../../../lib/use-save';
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

/** What is sent: the texts trimmed. */
const inputOf = (values: FormState): FtpRetrieverInput => ({ ...values, host: values.host.trim(), user: values.user.trim(), path: values.path.trim() });

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
  const editing = retriever !== null;
  const hasStoredPassword = Boolean(retriever?.has_password);
  const form = useForm<FormState, FtpRetrieverInput>({
    initialValues: stateOf(retriever),
    validate: (values) =>
      Object.fromEntries(missingFtpFields(inputOf(values), { hasStoredPassword }).map((field) => [field, t('errors.fields.required')])),
    transformValues: inputOf,
  });

  const save = useSave({
    save: (input: FtpRetrieverInput) => (retriever ? updateFtpRetriever(retriever._id, input) : createFtpRetriever(input)),
    savedMessage: 'toasts.ftp_saved',
    invalidates: FTP_KEYS.all,
    onSaved: onDone,
    onError: notifyFtpFailure,
  });

  return (
    <Stack gap="md" maw={720}>
      <Title order={2}>{t(editing ? 'labels.ftp.editTitle' : 'labels.ftp.createTitle')}</Title>
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={form.onSubmit((input) => save.mutate(input))} noValidate data-testid="ftp-form">
          <Stack gap="md">
            {Object.keys(form.errors).length > 0 && (
              <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="ftp-form-missing">
                {t('errors.ftp_fields_mandatory')}
              </Alert>
            )}
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('labels.ftp.fields.protocol')}
              </Text>
              <SegmentedControl
                value={form.values.isSftp ? 'sftp' : 'ftp'}
                onChange={(value) => {
                  const isSftp = value === 'sftp';
                  form.setValues((current) => ({ isSftp, port: portForProtocol(isSftp, current.port) }));
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
                <TextInput label={t('labels.ftp.fields.host')} placeholder="ftp.example.com" withAsterisk autoComplete="off" data-testid="ftp-host" {...form.getInputProps('host')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <PortInput label={t('labels.ftp.fields.port')} testId="ftp-port" {...form.getInputProps('port')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={t('labels.ftp.fields.user')} withAsterisk autoComplete="off" data-testid="ftp-user" {...form.getInputProps('user')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <SecretInput
                  label={t('labels.ftp.fields.password')}
                  stored={hasStoredPassword}
                  storedHint={t('hints.ftp.passwordKept')}
                  withAsterisk={!hasStoredPassword}
                  testId="ftp-password"
                  {...form.getInputProps('password')}
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <TextInput label={t('labels.ftp.fields.path')} description={t('hints.ftp.path')} withAsterisk data-testid="ftp-path" {...form.getInputProps('path')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <IntervalSelect
                  label={t('labels.ftp.fields.timeInterval')}
                  intervals={FTP_INTERVALS}
                  describe={(minutes) => t('labels.ftp.everyMinutes', { count: minutes })}
                  testId="ftp-interval"
                  {...form.getInputProps('timeInterval')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <SwitchField mt={{ base: 0, sm: 30 }} label={t('labels.ftp.fields.active')} testId="ftp-active" {...form.getInputProps('active', { type: 'checkbox' })} />
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
