import { useTranslation } from 'react-i18next';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

export interface CurrentPasswordInputProps extends Omit<PasswordInputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
}

/** The password of the signed-in (or signing-in) user: sign-in and lock screens. */
export const CurrentPasswordInput = ({ value, onChange, ...props }: CurrentPasswordInputProps) => {
  const { t } = useTranslation();
  return (
    <PasswordInput
      label={t('labels.login.password')}
      autoComplete="current-password"
      leftSection={<IconLock size={16} />}
      visibilityToggleButtonProps={{ 'aria-label': t('buttons.togglePassword') }}
      {...props}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
};
