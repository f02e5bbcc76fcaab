import { useTranslation } from 'react-i18next';
import { Group, Text } from '@mantine/core';
import { PRODUCT_NAME } from '../../../lib/brand';

export const Footer = ({ customerName }: { customerName: string }) => {
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Text size="xs" c="dimmed" truncate>
        © {new Date().getFullYear()} {PRODUCT_NAME} — {t('labels.shell.tagline')}
      </Text>
      <Text size="xs" c="dimmed" truncate visibleFrom="sm">
        {customerName}
      </Text>
    </Group>
  );
};
