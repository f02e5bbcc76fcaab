import { useTranslation } from 'react-i18next';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconEraser } from '@tabler/icons-react';

/** 'Clear local storage' (spec 1 §8): confirmed first, as it resets the preferences and signs the user out. */
export const ClearStorageCard = ({ onCleared }: { onCleared: () => void }) => {
  const { t } = useTranslation();
  const confirm = () =>
    modals.openConfirmModal({
      title: t('profile.storage.confirmTitle'),
      children: <Text size="sm">{t('profile.storage.warning')}</Text>,
      labels: { confirm: t('profile.storage.clear'), cancel: t('buttons.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'profile-clear-confirm' } as never,
      onConfirm: onCleared,
    });
  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={4}>{t('profile.storage.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('profile.storage.hint')}
        </Text>
        <Group justify="flex-end">
          <Button color="red" variant="light" leftSection={<IconEraser size={16} />} onClick={confirm} data-testid="profile-clear-storage">
            {t('profile.storage.clear')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};
