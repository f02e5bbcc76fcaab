import { useTranslation } from 'react-i18next';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { locationLabel } from '@shared/permissions/location-visibility';
import type { LocationInTree } from '../../../lib/visible-locations';
import { LocationFacts } from './location-facts';
import { LocationGrid } from './location-grid';

/** /locations/{name}/{id}: what the location is and what it contains; where it sits is the ribbon's breadcrumb. */
export const LocationPage = ({ location, ancestors }: LocationInTree) => {
  const { t } = useTranslation();
  const lineage = [...ancestors, location];
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>{locationLabel(location)}</Title>
        {location.denomination && location.denomination !== location.name && (
          <Text c="dimmed" size="sm">
            {location.name}
          </Text>
        )}
      </Stack>

      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Text fw={600}>{t('labels.locations.details')}</Text>
          <Group gap="xl" align="flex-start" style={{ rowGap: 'var(--mantine-spacing-xs)' }}>
            <LocationFacts location={location} withTimezone />
          </Group>
          {!location.type && !location.address && location.surface == null && (
            <Text size="sm" c="dimmed">
              {t('hints.locations.noDetails')}
            </Text>
          )}
        </Stack>
      </Card>

      <Stack gap="sm">
        <Title order={4}>{t('labels.locations.contents', { count: location.children.length })}</Title>
        {location.children.length > 0 ? (
          <LocationGrid entries={location.children.map((child) => ({ location: child, ancestors: lineage }))} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('hints.locations.noChildren')}
          </Text>
        )}
      </Stack>
    </Stack>
  );
};
