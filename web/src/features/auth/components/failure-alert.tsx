import { useTranslation } from 'react-i18next';
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** Why the last attempt of an account screen failed, in the spec's words (the generic message for an unknown code). */
export const FailureAlert = ({ code }: { code: string | null }) => {
  const { t } = useTranslation();
  if (!code) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
      {t(`errors.${code}`, { defaultValue: t('errors.generic') })}
    </Alert>
  );
};
