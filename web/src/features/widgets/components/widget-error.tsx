import { useTranslation } from 'react-i18next';
import { Center, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** 'Error' / 'Something went wrong...' in place of the content (spec 1 §8). */
export const WidgetError = () => {
  const { t } = useTranslation();
  return (
    <Center h="100%" data-testid="widget-error" role="alert">
      <Stack gap={2} align="center">
        <Text c="red" fw={600} size="sm">
          <IconAlertTriangle size={16} style={{ verticalAlign: 'middle', marginRight: 4 }} />
          {t('widgets.errors.title')}
        </Text>
        <Text c="dimmed" size="sm">
          {t('widgets.errors.generic')}
        </Text>
      </Stack>
    </Center>
  );
};
