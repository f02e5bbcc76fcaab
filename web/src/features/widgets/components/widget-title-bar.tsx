import type { ReactNode } from 'react';
import { Group, Text } from '@mantine/core';

/** The widget's title with its tools at the right (period navigation, export, the caller's edit and delete). */
export const WidgetTitleBar = ({ title, tools }: { title: string; tools: ReactNode }) => (
  <Group justify="space-between" wrap="nowrap" gap="xs" px="sm" py={6} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
    <Text fw={600} size="sm" truncate data-testid="widget-title">
      {title}
    </Text>
    <Group gap={4} wrap="nowrap">
      {tools}
    </Group>
  </Group>
);
