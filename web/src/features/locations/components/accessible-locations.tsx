import { useTranslation } from 'react-i18next';
import { Alert, Stack, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { locationsInTree, useVisibleLocations } from '../../../lib/visible-locations';
import { LocationGrid } from './location-grid';

/** The locations the user may open, each card linking to its page. */
export const AccessibleLocations = () => {
  const { t } = useTranslation();
  const entries = locationsInTree(useVisibleLocations()).filter((entry) => entry.location.clickable);
  return (
    <Stack gap="sm">
      <Title order={3}>{t('labels.locations.accessible')}</Title>
      {entries.length > 0 ? (
        <LocationGrid entries={entries} />
      ) : (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
          {t('hints.locations.none')}
        </Alert>
      )}
    </Stack>
  );
};
