import { useTranslation } from 'react-i18next';
import { PasswordInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { PASSWORD_LENGTH } from '@shared/users/user-rules';

export interface PasswordPairProps {
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  passwordError?: string;
  confirmationError?: string;
}

/** A new password and its confirmation (6 to 20 characters, equal). */
export const PasswordPair = ({ password, confirmation, onPassword, onConfirmation, passwordError, confirmationError }: PasswordPairProps) => {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        label={t('labels.account.password')}
        description={t('hints.account.passwordLength', PASSWORD_LENGTH)}
        autoComplete="new-password"
        leftSection={<IconLock size={16} />}
        value={password}
        onChange={(event) => onPassword(event.currentTarget.value)}
        error={passwordError}
        visibilityToggleButtonProps={{ 'aria-label': t('buttons.togglePassword') }}
        required
        data-testid="account-password"
      />
      <PasswordInput
        label={t('labels.account.passwordConfirm')}
        autoComplete="new-password"
        leftSection={<IconLock size={16} />}
        value={confirmation}
        onChange={(event) => onConfirmation(event.currentTarget.value)}
        error={confirmationError}
        visibilityToggleButtonProps={{ 'aria-label': t('buttons.togglePassword') }}
        required
        data-testid="account-password-confirm"
      />
    </>
  );
};

/** Which message a password pair shows, from the schema's issues. */
export const passwordPairErrors = (issues: readonly { path: readonly PropertyKey[] }[], password: string, confirmation: string) => {
  const fields = new Set(issues.map((issue) => issue.path[0]));
  return {
    password: fields.has('password') ? (password ? 'errors.account.passwordLength' : 'errors.fields.required') : undefined,
    confirmation: fields.has('password_confirm') || confirmation !== password ? 'errors.account.passwordMismatch' : undefined,
  };
};
