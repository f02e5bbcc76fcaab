import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Checkbox, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconAt, IconUserCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { registrationRequestSchema } from '@shared/schemas/user-admin';
import { register } from '../api/account';
import { notifyAccountFailure } from '../hooks/notify-account-failure';
import { PasswordPair, passwordPairErrors } from './password-pair';

type Field = 'email' | 'first_name' | 'last_name' | 'terms';

/**
 * /register (spec 1 §5): valid e-mail, password of 6 to 20 characters with its confirmation, first
 * and last name, terms accepted. The registration waits for an administrator to accept it.
 */
export const RegisterForm = () => {
  const { t } = useTranslation();
  const [values, setValues] = useState({ email: '', first_name: '', last_name: '', terms: false });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [invalid, setInvalid] = useState<Set<Field>>(new Set());
  const [pairErrors, setPairErrors] = useState<{ password?: string; confirmation?: string }>({});
  const send = useMutation({ mutationFn: register, onError: notifyAccountFailure });
  const change = <K extends keyof typeof values>(field: K, value: (typeof values)[K]) => setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = registrationRequestSchema.safeParse({ ...values, email: values.email.trim(), password, password_confirm: confirmation });
    const issues = request.success ? [] : request.error.issues;
    setInvalid(new Set(issues.map((issue) => issue.path[0] as Field)));
    const pair = passwordPairErrors(issues, password, confirmation);
    setPairErrors(pair);
    if (request.success && !pair.confirmation) send.mutate(request.data);
  };

  if (send.isSuccess) {
    return (
      <Alert color="green" variant="light" icon={<IconUserCheck size={20} />} data-testid="register-done">
        {t('hints.account.registered')}
      </Alert>
    );
  }
  const required = (field: Field) => (invalid.has(field) ? t('errors.fields.required') : undefined);
  return (
    <form onSubmit={submit} noValidate data-testid="register-form">
      <Stack gap="md">
        <TextInput
          label={t('labels.login.email')}
          type="email"
          autoComplete="email"
          leftSection={<IconAt size={16} />}
          value={values.email}
          onChange={(event) => change('email', event.currentTarget.value)}
          error={invalid.has('email') ? t(values.email.trim() ? 'errors.fields.email' : 'errors.fields.required') : undefined}
          required
          data-testid="register-email"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t('labels.users.fields.firstName')} autoComplete="given-name" value={values.first_name} onChange={(event) => change('first_name', event.currentTarget.value)} error={required('first_name')} required data-testid="register-first-name" />
          <TextInput label={t('labels.users.fields.lastName')} autoComplete="family-name" value={values.last_name} onChange={(event) => change('last_name', event.currentTarget.value)} error={required('last_name')} required data-testid="register-last-name" />
        </SimpleGrid>
        <PasswordPair
          password={password}
          confirmation={confirmation}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
          passwordError={pairErrors.password && t(pairErrors.password)}
          confirmationError={pairErrors.confirmation && t(pairErrors.confirmation)}
        />
        <Checkbox
          label={t('labels.account.terms')}
          checked={values.terms}
          onChange={(event) => change('terms', event.currentTarget.checked)}
          error={invalid.has('terms') ? t('errors.account.termsRequired') : undefined}
          data-testid="register-terms"
        />
        <Button type="submit" fullWidth size="md" loading={send.isPending} data-testid="register-submit">
          {t('buttons.account.register')}
        </Button>
      </Stack>
    </form>
  );
};
