import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Group, Text } from '@mantine/core';
import { IconBuilding, IconClock, IconMapPin, IconRuler2 } from '@tabler/icons-react';
import type { VisibleLocation } from '../../../lib/visible-locations';

const Fact = ({ icon, children }: { icon: ReactNode; children: ReactNode }) => (
  <Group gap={6} wrap="nowrap" c="dimmed">
    {icon}
    <Text size="sm" c="dark.6">
      {children}
    </Text>
  </Group>
);

export const useSurfaceFormat = () => {
  const { i18n } = useTranslation();
  // m² keeps 2 decimals at most (spec 1 §9, rounding by unit).
  const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  return (surface: number) => `${format.format(surface)} m²`;
};

/** Type, address, surface and, when asked, time zone; facts that are not set are left out. */
export const LocationFacts = ({ location, withTimezone = false }: { location: VisibleLocation; withTimezone?: boolean }) => {
  const { t } = useTranslation();
  const surface = useSurfaceFormat();
  return (
    <>
      {location.type && <Fact icon={<IconBuilding size={16} />}>{t(`labels.locationTypes.${location.type}`)}</Fact>}
      {location.address && <Fact icon={<IconMapPin size={16} />}>{location.address}</Fact>}
      {location.surface != null && <Fact icon={<IconRuler2 size={16} />}>{surface(location.surface)}</Fact>}
      {withTimezone && <Fact icon={<IconClock size={16} />}>{location.timezone}</Fact>}
    </>
  );
};
