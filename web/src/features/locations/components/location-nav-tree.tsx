import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Box, Group, NavLink, Stack } from '@mantine/core';
import { IconBuildingCommunity, IconChevronRight, IconMapPins } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { locationLabel } from '@shared/permissions/location-visibility';
import { LocationTreeSearch, useLocationTreeRows } from '../../../components/location-tree-search';
import { NavGroup } from '../../../components/nav-group';
import { VirtualRows } from '../../../components/virtual-rows';
import type { TreeRow } from '../../../lib/tree-rows';
import type { VisibleLocation } from '../../../lib/visible-locations';
import { findLocation, locationSlug, useVisibleLocations } from '../../../lib/visible-locations';
import classes from './location-nav-tree.module.css';

const CHILDREN_OFFSET = 14;
/** A navigation entry's height: the long list scrolls by whole entries. */
const ROW_HEIGHT = 38;
/** Past this height the open entries scroll in a box of their own, only those in view drawn. */
const TREE_MAX_HEIGHT = 456;

const locationIcon = <IconBuildingCommunity size={16} stroke={1.5} />;

const LocationLink = ({ location, activeId, onOpen }: { location: VisibleLocation; activeId?: string; onOpen: () => void }) => (
  <NavLink
    label={locationLabel(location)}
    title={locationLabel(location)}
    leftSection={locationIcon}
    renderRoot={(props) => <Link to="/locations/$name/$id" params={{ name: locationSlug(location), id: location._id }} {...props} />}
    active={location._id === activeId}
    onClick={onOpen}
    data-location-id={location._id}
    style={{ flex: 1, minWidth: 0 }}
  />
);

const Chevron = ({ open }: { open: boolean }) => (
  <IconChevronRight size={14} style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 200ms ease' }} />
);

/**
 * One entry of the tree. A location that is a page and has sub-locations: its label opens its page,
 * the chevron beside it folds and unfolds the sub-locations (a folding label alone would leave the
 * page unreachable). One visible only for the way down to allowed locations is not a page (spec 1 §6):
 * its label folds and unfolds.
 */
const LocationNavRow = ({ row, activeId, onToggle, onOpen }: { row: TreeRow<VisibleLocation>; activeId?: string; onToggle: (id: string) => void; onOpen: () => void }) => {
  const { t } = useTranslation();
  const { node: location, hasChildren, open, depth } = row;
  const label = locationLabel(location);
  let entry;
  if (!location.clickable) {
    const common = { label, leftSection: locationIcon, c: 'dimmed', 'data-location-id': location._id, style: { flex: 1, minWidth: 0 } };
    entry = hasChildren ? (
      // Its button does unfold the way down: it is not a disabled control.
      <NavLink component="button" type="button" {...common} rightSection={<Chevron open={open} />} aria-expanded={open} onClick={() => onToggle(location._id)} />
    ) : (
      <NavLink {...common} aria-disabled />
    );
  } else if (hasChildren) {
    entry = (
      <>
        <LocationLink location={location} activeId={activeId} onOpen={onOpen} />
        <ActionIcon
          variant="subtle"
          color="gray"
          size="md"
          onClick={() => onToggle(location._id)}
          aria-label={`${t(open ? 'buttons.collapse' : 'buttons.expand')} ${label}`}
          aria-expanded={open}
          data-location-toggle={location._id}
        >
          <Chevron open={open} />
        </ActionIcon>
      </>
    );
  } else entry = <LocationLink location={location} activeId={activeId} onOpen={onOpen} />;
  return (
    <Group gap={0} wrap="nowrap" pl={depth * CHILDREN_OFFSET}>
      {entry}
    </Group>
  );
};

/**
 * The nested Locations entry of the navigation, labelled by denomination or name. Its branches
 * open one by one and only the open ones are drawn; a long list draws the entries in view only; a
 * large tree offers a search by name or address.
 */
export const LocationNavTree = ({ label }: { label: string }) => {
  const roots = useVisibleLocations();
  const { id: activeId } = useParams({ strict: false });
  const active = activeId ? findLocation(roots, activeId) : null;
  const path = (active?.ancestors ?? []).map((node) => node._id);
  const tree = useLocationTreeRows(roots, { openPath: path, closed: true });
  const { reveal } = tree;
  const pathKey = path.join(',');
  // The way to the page shown is open, whether it came by a link or from a search.
  useEffect(() => {
    if (pathKey) reveal(pathKey.split(','));
  }, [pathKey]);
  if (roots.length === 0) return null;
  return (
    <NavGroup label={label} leftSection={<IconMapPins size={18} stroke={1.6} />} childrenOffset={CHILDREN_OFFSET} initiallyOpened data-testid="menu-locations">
      {tree.searchable && (
        <Stack gap={2} px={4} py={4}>
          <LocationTreeSearch query={tree.query} onChange={tree.setQuery} found={tree.found} searching={tree.searching} testId="menu-locations-search" />
        </Stack>
      )}
      <Box>
        <VirtualRows
          rows={tree.rows}
          rowKey={(row) => row.node._id}
          rowHeight={ROW_HEIGHT}
          maxHeight={TREE_MAX_HEIGHT}
          activeIndex={activeId ? tree.rows.findIndex((row) => row.node._id === activeId) : -1}
          renderRow={(row) => <LocationNavRow row={row} activeId={activeId} onToggle={tree.toggle} onOpen={() => tree.setQuery('')} />}
          className={classes.rows}
          data-testid="menu-locations-rows"
        />
      </Box>
    </NavGroup>
  );
};
