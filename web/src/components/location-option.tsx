import { Group, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ComboboxItem, ComboboxLikeRenderOptionInput, OptionsFilter } from '@mantine/core';
import { locationMatcher, type SearchableLocation } from '../lib/location-search';

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

/** A location picker draws this many options at most (Mantine's way with large data sets): its search finds the others. */
export const LOCATION_PICKER_LIMIT = 100;

/**
 * What makes a Select or MultiSelect of locations hold a large customer's: searchable by name,
 * denomination or address (every word, accents aside), drawing at most LOCATION_PICKER_LIMIT options.
 * Options that are not locations (the root, 'without location') are found by their label.
 */
export const locationPickerProps = (locations: Iterable<SearchableLocation & { _id: string }>): { searchable: true; limit: number; filter: OptionsFilter } => {
  const byId = new Map([...locations].map((location) => [location._id, location]));
  return {
    searchable: true,
    limit: LOCATION_PICKER_LIMIT,
    filter: ({ options, search, limit }) => {
      const items = options as ComboboxItem[];
      if (!search.trim()) return items.slice(0, limit);
      const matches = locationMatcher(search);
      const found: ComboboxItem[] = [];
      for (const option of items) {
        if (found.length >= limit) break;
        if (matches(byId.get(option.value) ?? { name: option.label })) found.push(option);
      }
      return found;
    },
  };
};
