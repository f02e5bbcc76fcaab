import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Box, Collapse, Group, NavLink } from '@mantine/core';
import { IconBuildingCommunity, IconChevronRight, IconMapPins } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { locationLabel } from '@shared/permissions/location-visibility';
import { NavGroup } from '../../../components/nav-group';
import type { VisibleLocation } from '../../../lib/visible-locations';
import { findLocation, locationSlug, useVisibleLocations } from '../../../lib/visible-locations';

const CHILDREN_OFFSET = 14;

interface ItemProps {
  location: VisibleLocation;
  activeIds: ReadonlySet<string>;
  activeId?: string;
}

const LocationNavChildren = ({ location, activeIds, activeId }: ItemProps) =>
  location.children.map((child) => <LocationNavItem key={child._id} location={child} activeIds={activeIds} activeId={activeId} />);

const locationIcon = <IconBuildingCommunity size={16} stroke={1.5} />;

const LocationLink = ({ location, activeId }: Omit<ItemProps, 'activeIds'>) => (
  <NavLink
    label={locationLabel(location)}
    leftSection={locationIcon}
    renderRoot={(props) => <Link to="/locations/$name/$id" params={{ name: locationSlug(location), id: location._id }} {...props} />}
    active={location._id === activeId}
    data-location-id={location._id}
    style={{ flex: 1, minWidth: 0 }}
  />
);

/**
 * A location that is a page and has sub-locations: its label opens its page, the chevron beside
 * it folds and unfolds the sub-locations (a folding label alone would leave the page unreachable).
 */
const OpenableBranch = ({ location, activeIds, activeId }: ItemProps) => {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(() => activeIds.has(location._id));
  const toggleLabel = `${t(opened ? 'buttons.collapse' : 'buttons.expand')} ${locationLabel(location)}`;
  return (
    <>
      <Group gap={0} wrap="nowrap">
        <LocationLink location={location} activeId={activeId} />
        <ActionIcon
          variant="subtle"
          color="gray"
          size="md"
          onClick={() => setOpened((value) => !value)}
          aria-label={toggleLabel}
          aria-expanded={opened}
          data-location-toggle={location._id}
        >
          <IconChevronRight
            size={14}
            style={{ transform: opened ? 'rotate(90deg)' : undefined, transition: 'transform 200ms ease' }}
          />
        </ActionIcon>
      </Group>
      <Collapse expanded={opened}>
        <Box pl={CHILDREN_OFFSET}>
          <LocationNavChildren location={location} activeIds={activeIds} activeId={activeId} />
        </Box>
      </Collapse>
    </>
  );
};

const LocationNavItem = ({ location, activeIds, activeId }: ItemProps) => {
  const hasChildren = location.children.length > 0;
  if (!location.clickable) {
    // Visible for the way down to allowed locations, but not a page of its own (spec 1 §6).
    const entry = { label: locationLabel(location), leftSection: locationIcon, childrenOffset: CHILDREN_OFFSET, c: 'dimmed', 'data-location-id': location._id };
    if (!hasChildren) return <NavLink {...entry} aria-disabled />;
    // Its button does unfold the way down: it is not a disabled control.
    return (
      <NavGroup {...entry} initiallyOpened={activeIds.has(location._id)}>
        <LocationNavChildren location={location} activeIds={activeIds} activeId={activeId} />
      </NavGroup>
    );
  }
  if (hasChildren) return <OpenableBranch location={location} activeIds={activeIds} activeId={activeId} />;
  return <LocationLink location={location} activeId={activeId} />;
};

/** The nested Locations entry of the navigation, labelled by denomination or name. */
export const LocationNavTree = ({ label }: { label: string }) => {
  const roots = useVisibleLocations();
  const { id: activeId } = useParams({ strict: false });
  const active = activeId ? findLocation(roots, activeId) : null;
  const activeIds = new Set([...(active?.ancestors ?? []), ...(active ? [active.location] : [])].map((node) => node._id));
  if (roots.length === 0) return null;
  return (
    <NavGroup label={label} leftSection={<IconMapPins size={18} stroke={1.6} />} childrenOffset={CHILDREN_OFFSET} initiallyOpened data-testid="menu-locations">
      {roots.map((location) => (
        <LocationNavItem key={location._id} location={location} activeIds={activeIds} activeId={activeId} />
      ))}
    </NavGroup>
  );
};
