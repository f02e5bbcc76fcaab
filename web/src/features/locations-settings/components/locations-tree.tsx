import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Box, Divider, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconBuildingCommunity, IconChevronDown, IconChevronRight, IconEyeOff, IconListDetails, IconUnlink } from '@tabler/icons-react';
import type { LocationTreeNode } from '@shared/schemas/location';
import { locationLabel } from '@shared/permissions/location-visibility';
import { ALL_LOCATIONS, WITHOUT_LOCATION, type Selection } from '../api/locations-and-points';
import { LocationTreeSearch, useLocationTreeRows } from '../../../components/location-tree-search';
import { VirtualRows } from '../../../components/virtual-rows';
import type { TreeRow } from '../../../lib/tree-rows';
import { findInTree } from '../hooks/location-tree';
import classes from './locations-tree.module.css';

interface TreeProps {
  roots: LocationTreeNode[];
  selection: Selection;
  onSelect: (selection: Selection) => void;
}

const Row = ({
  label,
  icon,
  active,
  depth,
  dimmed,
  onClick,
  toggle,
  testId,
  locationId,
  suffix,
}: {
  label: string;
  icon: React.ReactNode;
  active: boolean;
  depth: number;
  dimmed?: boolean;
  onClick: () => void;
  toggle?: React.ReactNode;
  testId?: string;
  locationId?: string;
  suffix?: React.ReactNode;
}) => (
  <Group gap={2} wrap="nowrap" pl={depth * 16} className={classes.row} data-active={active || undefined}>
    <Box w={22} style={{ flexShrink: 0 }}>
      {toggle}
    </Box>
    <UnstyledButton
      onClick={onClick}
      className={classes.label}
      data-testid={testId}
      data-location-id={locationId}
      aria-current={active ? 'true' : undefined}
    >
      <Group gap={6} wrap="nowrap">
        <Box c={dimmed ? 'gray.5' : active ? 'blue.7' : 'gray.7'} style={{ display: 'flex', flexShrink: 0 }}>
          {icon}
        </Box>
        <Text size="sm" truncate="end" c={dimmed ? 'dimmed' : undefined} fw={active ? 600 : 400} fs={dimmed ? 'italic' : undefined}>
          {label}
        </Text>
        {suffix}
      </Group>
    </UnstyledButton>
  </Group>
);

/** The tree's rows are this high, the gap under each included: the long list scrolls by whole rows. */
const ROW_HEIGHT = 32;
/** Past this height the tree scrolls in a box of its own and draws only the rows in view. */
const TREE_MAX_HEIGHT = 400;

const LocationRow = ({
  row,
  selection,
  onSelect,
  onToggle,
}: {
  row: TreeRow<LocationTreeNode>;
  selection: Selection;
  onSelect: (selection: Selection) => void;
  onToggle: (id: string) => void;
}) => {
  const { t } = useTranslation();
  const { node: location, depth, hasChildren, open } = row;
  const label = locationLabel(location);
  return (
    <Row
      label={label}
      icon={<IconBuildingCommunity size={16} stroke={1.6} />}
      active={selection === location._id}
      depth={depth}
      dimmed={location.hidden}
      onClick={() => onSelect(location._id)}
      locationId={location._id}
      suffix={
        location.hidden ? (
          <Tooltip label={t('labels.settingsLocations.hiddenLocation')} withArrow>
            <IconEyeOff size={14} color="var(--mantine-color-gray-5)" aria-label={t('labels.settingsLocations.hiddenLocation')} />
          </Tooltip>
        ) : null
      }
      toggle={
        hasChildren ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            onClick={() => onToggle(location._id)}
            aria-label={`${t(open ? 'buttons.collapse' : 'buttons.expand')} ${label}`}
            aria-expanded={open}
            data-location-toggle={location._id}
          >
            {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          </ActionIcon>
        ) : null
      }
    />
  );
};

/**
 * The customer's locations tree with the two special selections on top (spec 3 §2). Items are
 * not draggable: moving a location is done from its panel. Only open branches are drawn, and a long
 * list only the rows in view; a large tree opens closed and offers a search by name or address.
 */
export const LocationsTree = ({ roots, selection, onSelect }: TreeProps) => {
  const { t } = useTranslation();
  const tree = useLocationTreeRows(roots);
  const { reveal } = tree;
  const selected = selection !== ALL_LOCATIONS && selection !== WITHOUT_LOCATION ? findInTree(roots, selection) : null;
  const path = selected?.ancestors.join(',') ?? '';
  // The selected location's branch is open, whether it was chosen by a link or from a search.
  useEffect(() => {
    if (path) reveal(path.split(','));
  }, [path]);
  const choose = (next: Selection) => {
    onSelect(next);
    tree.setQuery('');
  };
  const activeIndex = tree.rows.findIndex((row) => row.node._id === selection);
  return (
    // A labelled group of buttons (each says it is the current choice), not an ARIA tree: a tree's
    // items would be treeitems moved through with the arrow keys, where these are reached with Tab.
    <Stack gap={2} data-testid="locations-tree" role="group" aria-label={t('labels.settingsLocations.tree')} data-size={tree.size}>
      <Row
        label={t('labels.settingsLocations.allLocations')}
        icon={<IconListDetails size={16} stroke={1.6} />}
        active={selection === ALL_LOCATIONS}
        depth={0}
        onClick={() => choose(ALL_LOCATIONS)}
        testId="selection-all"
      />
      <Row
        label={t('labels.settingsLocations.withoutLocation')}
        icon={<IconUnlink size={16} stroke={1.6} />}
        active={selection === WITHOUT_LOCATION}
        depth={0}
        onClick={() => choose(WITHOUT_LOCATION)}
        testId="selection-alone"
      />
      <Divider my={6} />
      {tree.searchable && <LocationTreeSearch query={tree.query} onChange={tree.setQuery} found={tree.found} searching={tree.searching} testId="locations-tree-search" />}
      {roots.length === 0 ? (
        <Text size="sm" c="dimmed" px="xs">
          {t('hints.settingsLocations.noLocations')}
        </Text>
      ) : (
        <VirtualRows
          rows={tree.rows}
          rowKey={(row) => row.node._id}
          rowHeight={ROW_HEIGHT}
          maxHeight={TREE_MAX_HEIGHT}
          activeIndex={activeIndex}
          renderRow={(row) => <LocationRow row={row} selection={selection} onSelect={choose} onToggle={tree.toggle} />}
          data-testid="locations-tree-rows"
        />
      )}
    </Stack>
  );
};
