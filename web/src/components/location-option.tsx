import { Group, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ComboboxItem, ComboboxLikeRenderOptionInput } from '@mantine/core';

/** A location in a dropdown, indented by its depth in the tree. */
export const renderLocationOption =
  (depths: ReadonlyMap<string, number>) =>
  ({ option, checked }: ComboboxLikeRenderOptionInput<ComboboxItem>) => (
    <Group gap={6} wrap="nowrap" pl={(depths.get(option.value) ?? 0) * 14}>
      <Text size="sm" fw={depths.get(option.value) === 0 ? 500 : 400}>
        {option.label}
      </Text>
      {checked && <IconCheck size={14} color="var(--mantine-color-blue-6)" />}
    </Group>
  );
