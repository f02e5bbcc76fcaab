import { useTranslation } from 'react-i18next';
import { Badge, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingCommunity, IconChevronRight, IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { locationLabel } from '@shared/permissions/location-visibility';
import type { LocationInTree } from '../../../lib/visible-locations';
import { locationSlug } from '../../../lib/visible-locations';
import { LocationFacts } from './location-facts';

/** One location as a card; a location the user may not open is shown without a link. */
export const LocationCard = ({ location, ancestors }: LocationInTree) => {
  const { t } = useTranslation();
  const path = ancestors.map(locationLabel).join(' › ');
  const body = (
    <Group wrap="nowrap" align="flex-start" gap="md">
      <ThemeIcon size={42} radius="md" variant="light" color={location.clickable ? 'blue' : 'gray'}>
        <IconBuildingCommunity size={24} stroke={1.6} />
      </ThemeIcon>
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        {path && (
          <Text size="xs" c="dimmed" truncate>
            {path}
          </Text>
        )}
        <Text fw={600} truncate>
          {locationLabel(location)}
        </Text>
        <LocationFacts location={location} />
        {location.children.length > 0 && (
          <Badge variant="light" color="gray" size="sm" mt={4}>
            {t('labels.locations.children', { count: location.children.length })}
          </Badge>
        )}
      </Stack>
      {location.clickable ? (
        <IconChevronRight size={18} color="var(--mantine-color-gray-5)" />
      ) : (
        <IconLock size={16} color="var(--mantine-color-gray-5)" aria-label={t('hints.locations.restricted')} />
      )}
    </Group>
  );
  if (!location.clickable) {
    return (
      <Card withBorder radius="md" padding="md" bg="gray.0" data-testid="location-card">
        {body}
      </Card>
    );
  }
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      renderRoot={(props) => (
        <Link to="/locations/$name/$id" params={{ name: locationSlug(location), id: location._id }} {...props} />
      )}
      className="ww-card-link"
      data-testid="location-card"
    >
      {body}
    </Card>
  );
};
