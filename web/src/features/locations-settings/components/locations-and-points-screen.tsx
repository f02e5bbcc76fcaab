import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Button, Card, Center, Grid, Group, Loader, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconPlus, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { locationLabel } from '@shared/permissions/location-visibility';
import type { Point } from '@shared/schemas/point';
import {
  ALL_LOCATIONS,
  locationTreeQueryOptions,
  pointDefinitionsQueryOptions,
  openPointQueryOptions,
  pointPagesOfSelectionQueryOptions,
  WITHOUT_LOCATION,
  type Selection,
} from '../api/locations-and-points';
import { findInTree } from '../hooks/location-tree';
import { LocationPanel, type LocationPanelTarget } from './location-panel';
import { LocationsTree } from './locations-tree';
import { PointPanel, type PointPanelTarget } from './point-panel';
import { PointsTable } from './points-table';
import classes from './locations-and-points-layout.module.css';

/**
 * /settings/locations_and_points (spec 3 §2): the locations tree with 'all locations' and
 * 'points without location' on top; a selection loads its points; a location and a point are
 * edited in collapsible panels.
 */
export const LocationsAndPointsScreen = ({
  initialSelection,
  onSelectionChange,
}: {
  initialSelection?: Selection;
  onSelectionChange?: (selection: Selection) => void;
}) => {
  const { t } = useTranslation();
  const [selection, setSelectionState] = useState<Selection>(initialSelection ?? ALL_LOCATIONS);
  const setSelection = (next: Selection) => {
    setSelectionState(next);
    onSelectionChange?.(next);
  };
  const [locationTarget, setLocationTarget] = useState<LocationPanelTarget | null>(() =>
    initialSelection && initialSelection !== ALL_LOCATIONS && initialSelection !== WITHOUT_LOCATION ? { mode: 'edit', id: initialSelection } : null,
  );
  const openLocation = useRef(locationTarget);
  openLocation.current = locationTarget;
  const [pointTarget, setPointTarget] = useState<PointPanelTarget | null>(null);
  const pointOpenings = useRef(0);
  const pointPanelRef = useRef<HTMLDivElement>(null);

  const tree = useQuery(locationTreeQueryOptions());
  const definitions = useQuery(pointDefinitionsQueryOptions());
  const [search, setSearch] = useState('');
  const [searched] = useDebouncedValue(search.trim(), 150);
  const points = useInfiniteQuery(pointPagesOfSelectionQueryOptions(selection, searched));
  const listedPoints = useMemo(() => points.data?.pages.flatMap((page) => page.data) ?? [], [points.data]);
  // The open point, asked for again by its id after a change (a save, a bulk action), to follow it or close it once gone.
  const openPointId = pointTarget?.mode === 'edit' ? pointTarget.point._id : null;
  const reread = useQuery({ ...openPointQueryOptions(openPointId ?? ''), enabled: openPointId !== null });
  const roots = tree.data ?? [];
  const selected = selection !== ALL_LOCATIONS && selection !== WITHOUT_LOCATION ? findInTree(roots, selection) : null;

  // A location deleted elsewhere (or by this screen) leaves 'all locations' selected.
  useEffect(() => {
    if (tree.data && selection !== ALL_LOCATIONS && selection !== WITHOUT_LOCATION && !selected) {
      setSelection(ALL_LOCATIONS);
      setLocationTarget((current) => (current?.mode === 'edit' ? null : current));
    }
  }, [tree.data, selection, selected]);

  // Opening a point (or a new one) brings its panel's title into view; saving it leaves the page where it is.
  const openedPointKey = pointTarget ? (pointTarget.mode === 'edit' ? pointTarget.point._id : 'new') : null;
  useEffect(() => {
    if (openedPointKey) pointPanelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [openedPointKey]);

  const select = (next: Selection) => {
    setSelection(next);
    setPointTarget(null);
    setLocationTarget(next === ALL_LOCATIONS || next === WITHOUT_LOCATION ? null : { mode: 'edit', id: next });
  };

  // The URL changed under the screen (the menu entry, back and forward): the selection follows it.
  useEffect(() => {
    const wanted = initialSelection ?? ALL_LOCATIONS;
    if (wanted !== selection) select(wanted);
    // Only a change of the URL's selection matters here.
  }, [initialSelection]);

  const selectionLabel =
    selection === ALL_LOCATIONS
      ? t('labels.settingsLocations.allLocations')
      : selection === WITHOUT_LOCATION
        ? t('labels.settingsLocations.withoutLocation')
        : selected
          ? locationLabel(selected.location)
          : '';

  // The open point follows the list after a save or a bulk change; a deleted or merged one closes.
  const listed = pointTarget?.mode === 'edit' ? (reread.data ?? null) : null;
  const openPoint = pointTarget?.mode === 'edit' ? (listed ?? pointTarget.point) : null;
  const openPointGone = pointTarget?.mode === 'edit' && reread.isSuccess && !reread.isFetching && !listed;
  useEffect(() => {
    if (openPointGone) setPointTarget(null);
  }, [openPointGone]);

  return (
    <Stack gap="md">
      <Title order={2}>{t('labels.menu.locationsAndPoints')}</Title>
      {(tree.isError || definitions.isError || points.isError) && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={t('errors.titles.sorry')}>
          {t('errors.generic')}
        </Alert>
      )}
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }} className={classes.treeColumn}>
          <Card withBorder radius="md" padding="sm">
            <Group justify="space-between" mb="xs" px={4}>
              <Text fw={600}>{t('labels.menu.locations')}</Text>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={() => setLocationTarget({ mode: 'create', parent: selected ? selected.location._id : null })}
                data-testid="add-location"
              >
                {t('buttons.addLocation')}
              </Button>
            </Group>
            {tree.isPending ? (
              <Center py="lg">
                <Loader size="sm" />
              </Center>
            ) : (
              <ScrollArea.Autosize mah="calc(100vh - 240px)" type="auto" scrollbars="y">
                <LocationsTree roots={roots} selection={selection} onSelect={select} />
              </ScrollArea.Autosize>
            )}
          </Card>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Stack gap="md">
            {locationTarget && tree.data && (
              <LocationPanel
                target={locationTarget}
                roots={roots}
                // A save that answers once another location was chosen leaves that one chosen.
                onSaved={(id) => {
                  if (openLocation.current !== locationTarget) return;
                  setSelection(id);
                  setLocationTarget({ mode: 'edit', id });
                }}
                onDeleted={(_result, parent) => {
                  setLocationTarget(parent ? { mode: 'edit', id: parent } : null);
                  setSelection(parent ?? ALL_LOCATIONS);
                  setPointTarget(null);
                }}
              />
            )}

            {pointTarget && definitions.data && (
              <div ref={pointPanelRef} className={classes.panelAnchor}>
                <PointPanel
                  target={openPoint ? { mode: 'edit', point: openPoint } : pointTarget}
                  definitions={definitions.data}
                  roots={roots}
                  // A save that answers once another point (or a new one) was opened leaves that one open.
                  onSaved={(point: Point) => setPointTarget((current) => (current === pointTarget ? { mode: 'edit', point } : current))}
                  onClose={() => setPointTarget(null)}
                />
              </div>
            )}

            <Card withBorder radius="md" padding="md">
              <Group justify="space-between" mb="sm">
                <Group gap="xs">
                  <Text fw={600}>{t('labels.settingsLocations.points')}</Text>
                  <Text c="dimmed">·</Text>
                  <Text c="dimmed" data-testid="selection-label">
                    {selectionLabel}
                  </Text>
                  {points.data && (
                    <Badge variant="light" color="gray" data-testid="points-count">
                      {points.hasNextPage ? `${listedPoints.length}+` : listedPoints.length}
                    </Badge>
                  )}
                </Group>
                {points.isFetching && <Loader size="xs" />}
              </Group>
              <TextInput
                mb="sm"
                label={t('labels.settingsLocations.searchPoints')}
                placeholder={t('pointPicker.hints.typeToSearch')}
                leftSection={<IconSearch size={16} />}
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
                type="search"
                data-testid="points-search"
              />
              <PointsTable
                key={selection}
                points={listedPoints}
                loading={points.isPending}
                hasMore={points.hasNextPage}
                onEndReached={() => {
                  if (points.hasNextPage && !points.isFetchingNextPage) void points.fetchNextPage();
                }}
                selection={selection}
                search={searched}
                roots={roots}
                activePointId={openPoint?._id ?? null}
                onOpen={(point) => setPointTarget({ mode: 'edit', point })}
                onCreate={() => setPointTarget({ mode: 'create', location: selected ? [selected.location._id] : [], opening: ++pointOpenings.current })}
              />
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
};
