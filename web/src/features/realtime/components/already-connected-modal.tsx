import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Modal, RingProgress, Stack, Text } from '@mantine/core';

interface AlreadyConnectedModalProps {
  seconds: number;
  onElapsed: () => void;
}

/** Another live session of this user exists: count down, then log out (spec 1 §4.1). */
export const AlreadyConnectedModal = ({ seconds, onElapsed }: AlreadyConnectedModalProps) => {
  const { t } = useTranslation();
  const [left, setLeft] = useState(seconds);

  useEffect(() => {
    if (left <= 0) {
      onElapsed();
      return;
    }
    const timer = window.setTimeout(() => setLeft((value) => value - 1), 1_000);
    return () => window.clearTimeout(timer);
  }, [left, onElapsed]);

  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={t('labels.realtime.alreadyConnectedTitle')}
    >
      <Stack align="center" gap="md">
        <RingProgress
          size={96}
          thickness={8}
          roundCaps
          sections={[{ value: (left / seconds) * 100, color: 'orange' }]}
          label={
            <Text ta="center" fw={700} size="xl">
              {Math.max(left, 0)}
            </Text>
          }
        />
        <Text ta="center">{t('hints.realtime.alreadyConnected', { count: Math.max(left, 0) })}</Text>
        <Group justify="center">
          <Button color="orange" onClick={onElapsed}>
            {t('buttons.logoutNow')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
