import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconAt, IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { forgotPasswordRequestSchema } from '@shared/schemas/user-admin';
import { forgotPassword } from '../api/account';
import { notifyAccountFailure } from '../hooks/notify-account-failure';

/** /forgot-password: the same acknowledgement whether an account has this address or not. */
export const ForgotPasswordForm = () => {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = useMutation({ mutationFn: forgotPassword, onError: notifyAccountFailure });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = forgotPasswordRequestSchema.safeParse({ email: email.trim() });
    setError(request.success ? undefined : t(email.trim() ? 'errors.fields.email' : 'errors.fields.required'));
    if (request.success) send.mutate(request.data);
  };

  if (send.isSuccess) {
    return (
      <Alert color="green" variant="light" icon={<IconMailCheck size={20} />} data-testid="forgot-password-sent">
        {t('hints.account.resetSent')}
      </Alert>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('labels.login.email')}
          description={t('hints.account.forgotPassword')}
          type="email"
          autoComplete="username"
          leftSection={<IconAt size={16} />}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={error}
          required
          autoFocus
          data-testid="forgot-password-email"
        />
        <Button type="submit" fullWidth size="md" loading={send.isPending} data-testid="forgot-password-submit">
          {t('buttons.account.sendLink')}
        </Button>
      </Stack>
    </form>
  );
};
