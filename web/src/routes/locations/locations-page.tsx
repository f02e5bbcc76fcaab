import { useTranslation } from 'react-i18next';
import { Stack, Title } from '@mantine/core';
import { LocationGrid } from '../../features/locations/components/location-grid';
import { locationsInTree, useVisibleLocations } from '../../lib/visible-locations';

/** /locations: every visible location; those the user may not open are shown without a link. */
export const LocationsPage = () => {
  const { t } = useTranslation();
  const entries = locationsInTree(useVisibleLocations());
  return (
    <Stack gap="lg">
      <Title order={2}>{t('labels.menu.locations')}</Title>
      <LocationGrid entries={entries} />
    </Stack>
  );
};
