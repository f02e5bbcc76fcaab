import { useTranslation } from 'react-i18next';
import { Anchor } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { PointWithLocationNames } from '../api/points-with-location-names';

/** The settings screen's selection of the points without a location (spec 3 §2). */
const POINTS_WITHOUT_LOCATION = 'alone';

/** The locations and points settings, opened on the point's first location (or on the points without one). */
export const PointSettingsLink = ({ point }: { point: PointWithLocationNames }) => {
  const { t } = useTranslation();
  return (
    <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/settings/locations_and_points" search={{ location: point.location[0] ?? POINTS_WITHOUT_LOCATION }} />}>
      <IconSettings size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
      {t('widgetDialog.buttons.goToPointSettings')}
    </Anchor>
  );
};
