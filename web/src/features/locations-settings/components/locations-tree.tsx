import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Box, Divider, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconBuildingCommunity, IconChevronDown, IconChevronRight, IconEyeOff, IconListDetails, IconUnlink } from '@tabler/icons-react';
import type { LocationTreeNode } from '@shared/schemas/location';
import { locationLabel } from '@shared/permissions/location-visibility';
import { ALL_LOCATIONS, WITHOUT_LOCATION, type Selection } from '../api/locations-and-points';
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

const Node = ({
  location,
  depth,
  selection,
  onSelect,
  collapsed,
  onToggle,
}: {
  location: LocationTreeNode;
  depth: number;
  selection: Selection;
  onSelect: (selection: Selection) => void;
  collapsed: ReadonlySet<string>;
  onToggle: (id: string) => void;
}) => {
  const { t } = useTranslation();
  const children = location.children ?? [];
  const open = !collapsed.has(location._id);
  return (
    <>
      <Row
        label={locationLabel(location)}
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
          children.length > 0 ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              onClick={() => onToggle(location._id)}
              aria-label={t(open ? 'buttons.collapse' : 'buttons.expand')}
              aria-expanded={open}
            >
              {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
            </ActionIcon>
          ) : null
        }
      />
      {open &&
        children.map((child) => (
          <Node
            key={child._id}
            location={child}
            depth={depth + 1}
            selection={selection}
            onSelect={onSelect}
            collapsed={collapsed}
            onToggle={onToggle}
          />
        ))}
    </>
  );
};

/**
 * The customer's locations tree with the two special selections on top (spec 3 §2). Items are
 * not draggable: moving a location is done from its panel.
 */
export const LocationsTree = ({ roots, selection, onSelect }: TreeProps) => {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    // A labelled group of buttons (each says it is the current choice), not an ARIA tree: a tree's
    // items would be treeitems moved through with the arrow keys, where these are reached with Tab.
    <Stack gap={2} data-testid="locations-tree" role="group" aria-label={t('labels.settingsLocations.tree')}>
      <Row
        label={t('labels.settingsLocations.allLocations')}
        icon={<IconListDetails size={16} stroke={1.6} />}
        active={selection === ALL_LOCATIONS}
        depth={0}
        onClick={() => onSelect(ALL_LOCATIONS)}
        testId="selection-all"
      />
      <Row
        label={t('labels.settingsLocations.withoutLocation')}
        icon={<IconUnlink size={16} stroke={1.6} />}
        active={selection === WITHOUT_LOCATION}
        depth={0}
        onClick={() => onSelect(WITHOUT_LOCATION)}
        testId="selection-alone"
      />
      <Divider my={6} />
      {roots.length === 0 ? (
        <Text size="sm" c="dimmed" px="xs">
          {t('hints.settingsLocations.noLocations')}
        </Text>
      ) : (
        roots.map((location) => (
          <Node
            key={location._id}
            location={location}
            depth={0}
            selection={selection}
            onSelect={onSelect}
            collapsed={collapsed}
            onToggle={toggle}
          />
        ))
      )}
    </Stack>
  );
};
