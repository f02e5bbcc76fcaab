import { useTranslation } from 'react-i18next';
import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown while stored credentials are being exchanged for a fresh session (at most 10 seconds). */
export const PendingAuthentication = () => {
  const { t } = useTranslation();
  return (
    <Center mih="100vh">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader size="lg" />
        <Text c="dimmed">{t('hints.session.pending')}</Text>
      </Stack>
    </Center>
  );
};
