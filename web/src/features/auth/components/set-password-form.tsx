import { useState, type FormEvent } from 'react';
import { FailureAlert } from './failure-alert';
import { useTranslation } from 'react-i18next';
import { Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { setPasswordRequestSchema } from '@shared/schemas/user-admin';
import { errorCodeOf, type RequestErrorCode } from '../../../lib/http';
import { setPassword } from '../api/account';
import { PasswordPair, passwordPairErrors } from './password-pair';

/** The screen an e-mailed link opens: choose a password (twice), then sign in. */
export const SetPasswordForm = ({ token, onDone }: { token: string; onDone: (email: string) => void }) => {
  const { t } = useTranslation();
  const [password, setPasswordValue] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const [failure, setFailure] = useState<RequestErrorCode | null>(null);
  const save = useMutation({
    mutationFn: setPassword,
    onSuccess: ({ email }) => onDone(email),
    onError: (error) => setFailure(errorCodeOf(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const request = setPasswordRequestSchema.safeParse({ token, password, password_confirm: confirmation });
    const found = passwordPairErrors(request.success ? [] : request.error.issues, password, confirmation);
    setErrors(found);
    if (request.success && !found.password && !found.confirmation) save.mutate(request.data);
  };

  return (
    <form onSubmit={submit} noValidate data-testid="set-password-form">
      <Stack gap="md">
        <FailureAlert code={failure} />
        <PasswordPair
          password={password}
          confirmation={confirmation}
          onPassword={setPasswordValue}
          onConfirmation={setConfirmation}
          passwordError={errors.password && t(errors.password)}
          confirmationError={errors.confirmation && t(errors.confirmation)}
        />
        <Button type="submit" fullWidth size="md" loading={save.isPending} data-testid="set-password-submit">
          {t('buttons.account.setPassword')}
        </Button>
      </Stack>
    </form>
  );
};
