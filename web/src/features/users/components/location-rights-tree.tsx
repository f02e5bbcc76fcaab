import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Box, Checkbox, Group, Input, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconChevronRight, IconSquareCheck, IconSquareMinus } from '@tabler/icons-react';
import { locationLabel } from '@shared/permissions/location-visibility';
import { LocationTreeSearch, useLocationTreeRows } from '../../../components/location-tree-search';
import { VirtualRows } from '../../../components/virtual-rows';
import { branchIds, type TreeRow } from '../../../lib/tree-rows';

/** A location a member may be given: found by its name, denomination or address. */
export interface RightsLocation {
  _id: string;
  name: string;
  denomination: string | null;
  address: string | null;
  children: RightsLocation[];
}

const ROW_HEIGHT = 34;
const TREE_MAX_HEIGHT = 408;

const RightsRow = ({
  row,
  chosen,
  onToggle,
  onOpen,
  onBranch,
  searching,
}: {
  row: TreeRow<RightsLocation>;
  searching: boolean;
  chosen: ReadonlySet<string>;
  onToggle: (id: string, checked: boolean) => void;
  onOpen: (id: string) => void;
  onBranch: (location: RightsLocation, checked: boolean) => void;
}) => {
  const { t } = useTranslation();
  const { node: location, depth, hasChildren, open, matched } = row;
  const label = locationLabel(location);
  const wholeBranch = hasChildren && branchIds(location).every((id) => chosen.has(id));
  const branchLabel = t(wholeBranch ? 'buttons.locationRights.untickBranch' : 'buttons.locationRights.tickBranch', { name: label });
  return (
    <Group gap={4} wrap="nowrap" pl={depth * 18} h={ROW_HEIGHT} data-testid="rights-row" data-location-id={location._id}>
      <Box w={26} style={{ flexShrink: 0 }}>
        {hasChildren && !searching && (
          <ActionIcon variant="subtle" color="gray" size="sm" onClick={() => onOpen(location._id)} aria-label={`${t(open ? 'buttons.collapse' : 'buttons.expand')} ${label}`} aria-expanded={open}>
            <IconChevronRight size={14} style={{ transform: open ? 'rotate(90deg)' : undefined }} />
          </ActionIcon>
        )}
      </Box>
      <Checkbox
        size="sm"
        label={label}
        checked={chosen.has(location._id)}
        onChange={(event) => onToggle(location._id, event.currentTarget.checked)}
        styles={{ label: { fontWeight: matched ? 600 : undefined, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }, body: { minWidth: 0 }, root: { minWidth: 0, flex: 1 } }}
        data-testid="rights-checkbox"
      />
      {hasChildren && (
        <Tooltip label={branchLabel} withArrow>
          <ActionIcon variant="subtle" size="sm" onClick={() => onBranch(location, !wholeBranch)} aria-label={branchLabel} data-testid="rights-branch">
            {wholeBranch ? <IconSquareMinus size={16} /> : <IconSquareCheck size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
};

/**
 * The locations a member sees (their per-location rights), as the customer's tree: each location
 * ticked on its own (a parent's right does not give its sub-locations', spec 1 §6), or a branch at
 * once. A large tree opens closed and offers a search by name or address; only open branches are
 * drawn, and of a long list only the rows in view.
 */
export const LocationRightsTree = ({ roots, value, onChange, error }: { roots: RightsLocation[]; value: string[]; onChange: (ids: string[]) => void; error?: string }) => {
  const { t } = useTranslation();
  const chosen = useMemo(() => new Set(value), [value]);
  const tree = useLocationTreeRows(roots);
  const toggle = (id: string, checked: boolean) => onChange(checked ? [...value, id] : value.filter((candidate) => candidate !== id));
  const branch = (location: RightsLocation, checked: boolean) => {
    const ids = new Set(branchIds(location));
    onChange(checked ? [...new Set([...value, ...ids])] : value.filter((id) => !ids.has(id)));
  };
  return (
    <Input.Wrapper label={t('labels.users.fields.locations')} error={error} description={t('hints.locationRights.ticked', { count: value.length, total: tree.size })}>
      <Paper withBorder p="xs" mt={6} data-testid="user-locations" role="group" aria-label={t('labels.users.fields.locations')}>
        <Stack gap={6}>
          {tree.searchable && <LocationTreeSearch query={tree.query} onChange={tree.setQuery} found={tree.found} searching={tree.searching} testId="user-locations-search" />}
          {tree.rows.length === 0 && !tree.searching ? (
            <Text size="sm" c="dimmed">
              {t('hints.settingsLocations.noLocations')}
            </Text>
          ) : (
            <VirtualRows
              rows={tree.rows}
              rowKey={(row) => row.node._id}
              rowHeight={ROW_HEIGHT}
              maxHeight={TREE_MAX_HEIGHT}
              renderRow={(row) => <RightsRow row={row} chosen={chosen} onToggle={toggle} onOpen={tree.toggle} onBranch={branch} searching={tree.searching} />}
              data-testid="user-locations-rows"
            />
          )}
        </Stack>
      </Paper>
    </Input.Wrapper>
  );
};
