import { SimpleGrid } from '@mantine/core';
import type { LocationInTree } from '../../../lib/visible-locations';
import { LocationCard } from './location-card';

export const LocationGrid = ({ entries }: { entries: LocationInTree[] }) => (
  <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
    {entries.map((entry) => (
      <LocationCard key={entry.location._id} {...entry} />
    ))}
  </SimpleGrid>
);
