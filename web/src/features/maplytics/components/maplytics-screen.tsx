import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Group, Loader, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { MOBILE_BREAKPOINT_PX } from '@shared/constants';
import { MARKER_COLORS } from '@shared/maplytics/constants';
import { markerColorOf } from '@shared/maplytics/marker-colour';
import type { MapMarker } from '@shared/schemas/maplytics';
import { VirtualRows } from '../../../components/virtual-rows';
import { locationMatcher } from '../../../lib/location-search';
import { markersQueryOptions } from '../api/maplytics';
import { AlertsBadge, Swatch, useFormat } from './figures';
import { MapLegend } from './map-legend';
import { MaplyticsMap, type SiteCluster } from './maplytics-map';
import { SitePanel } from './site-panel';
import classes from './maplytics.module.css';

/** A site's entry in the list: one line, this high. */
const SITE_ROW_HEIGHT = 42;
/** Past this height the list scrolls in a box of its own, only the entries in view drawn. */
const SITE_LIST_MAX_HEIGHT = 520;

const SiteEntry = ({ marker, onSelect }: { marker: MapMarker; onSelect: (id: string) => void }) => {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <UnstyledButton className={classes.pointRow} px="xs" h={SITE_ROW_HEIGHT} onClick={() => onSelect(marker.location_id)} data-testid="site-list-entry" data-location-id={marker.location_id}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Swatch color={MARKER_COLORS[markerColorOf(marker.absolute_energy_rating)]} />
          <Text size="sm" truncate="end">
            {marker.title}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <AlertsBadge count={marker.alerts_found} compact />
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {marker.absolute_energy_rating === null ? t('maplytics.marker.noRating') : t('maplytics.marker.rating', { rating: format(marker.absolute_energy_rating, '') })}
          </Text>
        </Group>
      </Group>
    </UnstyledButton>
  );
};

/**
 * The sites as a list: the panel's content before one is chosen (under the map on a phone), the way to
 * every marker of the map with a keyboard or a screen reader, and the way in when the map cannot be drawn.
 * Choosing a site there selects it and brings it into view on the map. A search finds a site by its
 * name or address; a long list draws only the entries in view.
 */
const SiteList = ({ markers, onSelect }: { markers: readonly MapMarker[] | null; onSelect: (id: string) => void }) => {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  // One collator for the whole sort (a localeCompare per comparison builds one each time: ~10,000 at 1,000 sites).
  const sorted = useMemo(() => {
    const { compare } = new Intl.Collator(i18n.language);
    return [...(markers ?? [])].sort((a, b) => compare(a.title, b.title));
  }, [markers, i18n.language]);
  const shown = useMemo(() => {
    if (!deferredQuery.trim()) return sorted;
    const matches = locationMatcher(deferredQuery);
    return sorted.filter((marker) => matches({ name: marker.title, address: marker.maplytics.address }));
  }, [sorted, deferredQuery]);
  const searching = deferredQuery.trim().length > 0;
  if (!markers) {
    // The map is drawn meanwhile (on the sea); the list comes with the sites.
    return (
      <Stack gap="xs" data-testid="site-list" data-loading="true">
        <Text size="sm" c="dimmed">
          {t('maplytics.panel.chooseSite')}
        </Text>
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="xs" c="dimmed">
            {t('maplytics.list.loading')}
          </Text>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="xs" data-testid="site-list">
      <Text size="sm" c="dimmed">
        {t('maplytics.panel.chooseSite')}
      </Text>
      <TextInput
        size="xs"
        aria-label={t('maplytics.list.search')}
        placeholder={t('maplytics.list.searchPlaceholder')}
        leftSection={<IconSearch size={14} />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        data-testid="site-list-search"
      />
      <Text size="xs" c="dimmed" aria-live="polite" data-testid="site-list-count" data-count={shown.length} data-total={markers.length}>
        {searching
          ? shown.length === 0
            ? t('maplytics.list.noResult', { query: query.trim() })
            : t('maplytics.list.found', { found: shown.length, total: markers.length })
          : t('maplytics.list.count', { count: markers.length })}
      </Text>
      <VirtualRows
        rows={shown}
        rowKey={(marker) => marker.location_id}
        rowHeight={SITE_ROW_HEIGHT}
        maxHeight={SITE_LIST_MAX_HEIGHT}
        renderRow={(marker) => <SiteEntry marker={marker} onSelect={onSelect} />}
        aria-label={t('maplytics.list.count', { count: shown.length })}
        data-testid="site-list-rows"
      />
    </Stack>
  );
};

const NO_MARKERS: readonly MapMarker[] = [];

/** About how much of the map the phone's sheet covers (its height is at most 62dvh, the map's 62dvh from under the header). */
const PHONE_SHEET_COVER = 0.6;

/**
 * /maplytics (spec 2 §2): the customer's sites on a map, coloured by their energy rating and
 * blinking on alerts; the chosen site's panel on the right, or in a drawer from the bottom on a phone.
 */
export const MaplyticsScreen = ({ styleUrl, selected, onSelect }: { styleUrl: string | null; selected: string | null; onSelect: (id: string | null) => void }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const phone = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, false, { getInitialValueInEffect: false }) ?? false;
  // The map and the screen's frame are drawn while the markers load (the map's creation overlaps the call); failing to
  // load them is the route's error to show (a refresh that fails keeps the markers shown, as a suspended query did).
  const { data: answer } = useQuery({ ...markersQueryOptions(), throwOnError: (_error, query) => query.state.data === undefined });
  const markers = answer?.markers ?? null;
  const bounds = answer?.bounds ?? null;
  const [mapFailed, setMapFailed] = useState(false);
  const chosen = markers?.find((marker) => marker.location_id === selected) ?? null;

  const describe = useCallback(
    (marker: MapMarker) =>
      [
        marker.title,
        marker.absolute_energy_rating === null ? t('maplytics.marker.noRating') : t('maplytics.marker.rating', { rating: format(marker.absolute_energy_rating, '') }),
        ...(marker.alerts_found > 0 ? [t('maplytics.marker.alerts', { count: marker.alerts_found })] : []),
      ].join(' — '),
    [t, format],
  );
  const describeCluster = useCallback(
    ({ count, worst, alerts }: SiteCluster) => {
      const text = worst === null ? t('maplytics.cluster.labelUnrated', { count }) : t('maplytics.cluster.label', { count, rating: t('maplytics.marker.rating', { rating: format(worst, '') }) });
      return alerts > 0 ? t('maplytics.cluster.withAlerts', { text, count: alerts }) : text;
    },
    [t, format],
  );
  const clusterUnit = useCallback((count: number) => t('maplytics.cluster.unit', { count }), [t]);

  if (markers?.length === 0) {
    return (
      <Alert color="blue" variant="light" data-testid="maplytics-empty">
        {t('maplytics.empty')}
      </Alert>
    );
  }

  const panel = chosen ? <SitePanel marker={chosen} onClose={() => onSelect(null)} /> : <SiteList markers={markers} onSelect={onSelect} />;

  return (
    <Stack gap="sm" data-testid="maplytics-screen">
      {mapFailed && (
        <Alert color="yellow" variant="light" data-testid="map-unavailable">
          {t('maplytics.mapUnavailable')}
        </Alert>
      )}
      <Group align="stretch" gap="md" wrap="nowrap">
        {!mapFailed && (
          <Box className={classes.frame} data-phone={phone}>
            <MaplyticsMap
              markers={markers ?? NO_MARKERS}
              bounds={bounds}
              selected={selected}
              onSelect={onSelect}
              styleUrl={styleUrl}
              describe={describe}
              describeCluster={describeCluster}
              clusterUnit={clusterUnit}
              coveredBelow={phone ? PHONE_SHEET_COVER : 0}
              onUnavailable={(error) => {
                console.error('The map cannot be drawn', error);
                setMapFailed(true);
              }}
            />
            <MapLegend compact={phone} />
          </Box>
        )}
        {!phone && (
          <Paper withBorder p="md" className={classes.panel} data-testid="maplytics-panel">
            {panel}
          </Paper>
        )}
      </Group>
      {/* On a phone the list is under the map: every site of the map is reached from it, as beside the map on a wide screen. */}
      {phone && <SiteList markers={markers} onSelect={onSelect} />}
      {phone && chosen && (
        // On a phone the site's panel rises from the bottom over the map, which stays usable above it.
        <Paper className={classes.sheet} shadow="xl" p="md" data-testid="maplytics-sheet">
          {panel}
        </Paper>
      )}
    </Stack>
  );
};
