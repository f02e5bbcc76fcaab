import { NavLink } from '@mantine/core';
import { IconBuildingCommunity, IconMapPins } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { locationLabel } from '@shared/permissions/location-visibility';
import type { VisibleLocation } from '../../../lib/visible-locations';
import { findLocation, locationSlug, useVisibleLocations } from '../../../lib/visible-locations';

const containsActive = (location: VisibleLocation, activeIds: ReadonlySet<string>) => activeIds.has(location._id);

const LocationNavItem = ({ location, activeIds, activeId }: { location: VisibleLocation; activeIds: ReadonlySet<string>; activeId?: string }) => {
  const children = location.children.map((child) => (
    <LocationNavItem key={child._id} location={child} activeIds={activeIds} activeId={activeId} />
  ));
  const common = {
    label: locationLabel(location),
    defaultOpened: containsActive(location, activeIds),
    childrenOffset: 14,
    leftSection: <IconBuildingCommunity size={16} stroke={1.5} />,
    children: children.length > 0 ? children : undefined,
  };
  if (!location.clickable) {
    // Visible for the way down to allowed locations, but not a page of its own (spec 1 §6).
    return <NavLink {...common} c="dimmed" aria-disabled="true" data-location-id={location._id} />;
  }
  return (
    <NavLink
      {...common}
      renderRoot={(props) => (
        <Link to="/locations/$name/$id" params={{ name: locationSlug(location), id: location._id }} {...props} />
      )}
      active={location._id === activeId}
      data-location-id={location._id}
    />
  );
};

/** The nested Locations entry of the navigation, labelled by denomination or name. */
export const LocationNavTree = ({ label }: { label: string }) => {
  const roots = useVisibleLocations();
  const { id: activeId } = useParams({ strict: false });
  const active = activeId ? findLocation(roots, activeId) : null;
  const activeIds = new Set([...(active?.ancestors ?? []), ...(active ? [active.location] : [])].map((node) => node._id));
  if (roots.length === 0) return null;
  return (
    <NavLink
      label={label}
      leftSection={<IconMapPins size={18} stroke={1.6} />}
      childrenOffset={14}
      defaultOpened
      data-testid="menu-locations"
    >
      {roots.map((location) => (
        <LocationNavItem key={location._id} location={location} activeIds={activeIds} activeId={activeId} />
      ))}
    </NavLink>
  );
};
