import type { ReactNode } from 'react';
import { Group, Text } from '@mantine/core';

/** The widget's title with its tools at the right (period navigation, export, the caller's edit and delete). */
export const WidgetTitleBar = ({ title, tools }: { title: string; tools: ReactNode }) => (
  <Group justify="space-between" wrap="wrap" gap={4} px="sm" py={6} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
    {/* A narrow widget keeps its title readable: the tools go to a second line rather than hide it. */}
    <Text fw={600} size="sm" truncate data-testid="widget-title" style={{ flex: '1 1 6rem', minWidth: '6rem' }}>
      {title}
    </Text>
    {/* And they wrap rather than run past the frame's edge, where the last ones (delete) would be out of reach. */}
    <Group gap={4} wrap="wrap" justify="flex-end" ml="auto">
      {tools}
    </Group>
  </Group>
);
