import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Alert, Center, Group, Loader, Paper, SegmentedControl, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { IconAdjustments, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { POINTS_LOADER_DELAY_MS } from '@shared/maplytics/constants';
import { DEFAULT_LEVELS, levelsInForce, type MaplyticsSettings } from '@shared/maplytics/levels';
import { MAPLYTICS_PERIODS } from '@shared/maplytics/period-values';
import type { MapMarker, MaplyticsPoint } from '@shared/schemas/maplytics';
import { errorCodeOf } from '../../../lib/http';
import { translate } from '../../../lib/i18n';
import { notify, notifyGenericFailure } from '../../../lib/notify';
import { MAPLYTICS_KEYS, saveLocationSettings, savePointSettings, sitePointsQueryOptions, type MaplyticsPeriodChoice } from '../api/maplytics';
import { useDelayedFlag } from '../hooks/use-delayed-flag';
import { AlertsBadge, EvolutionBadge, RatingBadge, Swatch, useFormat, formatDate, ValueText } from './figures';
import { LevelsSettings } from './levels-settings';
import { PointDetail } from './point-detail';
import classes from './maplytics.module.css';

type View = { kind: 'points' } | { kind: 'detail'; pointId: string } | { kind: 'locationSettings' } | { kind: 'pointSettings'; pointId: string; from: 'points' | 'detail' };

const notifyFailure = (error: unknown) => {
  const code = errorCodeOf(error);
  if (code === 'internal_error') return notifyGenericFailure();
  notify({ kind: 'warning', title: translate('errors.titles.sorry'), message: translate(`errors.${code}`) });
};

const PointRow = ({ point, levels, onOpen, onSettings }: { point: MaplyticsPoint; levels: ReturnType<typeof levelsInForce>; onOpen: () => void; onSettings: () => void }) => {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="sm" data-testid="maplytics-point" data-point-id={point._id}>
      <Group gap={0} wrap="nowrap" align="stretch">
        <UnstyledButton className={classes.pointRow} onClick={onOpen} p="xs" style={{ flex: 1, minWidth: 0 }} aria-label={point.name}>
          <Group gap="sm" wrap="nowrap" justify="space-between">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <Swatch color={point.default_color} />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate="end">
                  {point.name}
                </Text>
                <Text size="xs" c="dimmed" truncate="end">
                  {t(`labels.resources.${point.resource}`)} · {t(`labels.calculations.${point.figures.calculation}`)}
                </Text>
              </Stack>
            </Group>
            <Stack gap={2} align="flex-end">
              <ValueText point={point} levels={levels} />
              <EvolutionBadge point={point} levels={levels} />
            </Stack>
          </Group>
        </UnstyledButton>
        <Tooltip label={t('maplytics.panel.pointSettings')} withArrow>
          <ActionIcon variant="subtle" color="gray" h="auto" w={34} radius={0} onClick={onSettings} aria-label={t('maplytics.panel.pointSettings')} data-testid="point-settings-button">
            <IconAdjustments size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
};

/**
 * The panel of the selected site (spec 2 §2): its rating and alerts, its points with their figures
 * over a sliding or calendar period; a point opens its detail; the site and each point have their
 * parameter panel (levels).
 */
export const SitePanel = ({ marker, onClose }: { marker: MapMarker; onClose: () => void }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const format = useFormat();
  const [view, setView] = useState<View>({ kind: 'points' });
  const [period, setPeriod] = useState<MaplyticsPeriodChoice>({ periodType: 'slidingPeriod', period: 'month' });
  const points = useQuery(sitePointsQueryOptions(marker.location_id, period));
  const showLoader = useDelayedFlag(points.isPending, POINTS_LOADER_DELAY_MS);

  // Another site chosen on the map: its points, from the list.
  useEffect(() => setView({ kind: 'points' }), [marker.location_id]);

  const saved = async () => {
    notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.maplytics_settings_saved') });
    await queryClient.invalidateQueries({ queryKey: MAPLYTICS_KEYS.allPoints });
    await queryClient.invalidateQueries({ queryKey: MAPLYTICS_KEYS.markers });
  };
  const saveLocation = useMutation({
    mutationFn: (settings: MaplyticsSettings) => saveLocationSettings(marker.location_id, settings),
    onSuccess: async () => {
      await saved();
      setView({ kind: 'points' });
    },
    onError: notifyFailure,
  });
  const savePoint = useMutation({
    mutationFn: ({ pointId, settings }: { pointId: string; settings: MaplyticsSettings }) => savePointSettings(pointId, settings),
    onSuccess: async (_, { pointId }) => {
      await saved();
      setView((current) => (current.kind === 'pointSettings' && current.from === 'detail' ? { kind: 'detail', pointId } : { kind: 'points' }));
    },
    onError: notifyFailure,
  });

  const answer = points.data;
  const locationLevels = answer?.location.maplytics_custom_settings.levels ?? null;
  const levelsOf = (point: MaplyticsPoint) => levelsInForce(point.maplytics_custom_settings.levels, locationLevels);
  const pointOf = (id: string) => answer?.points.find((point) => point._id === id) ?? null;

  if (view.kind === 'locationSettings' && answer) {
    return (
      <LevelsSettings
        key={`location-${marker.location_id}`}
        kind="location"
        title={marker.title}
        current={locationLevels}
        inherited={DEFAULT_LEVELS}
        saving={saveLocation.isPending}
        onSave={(settings) => saveLocation.mutate(settings)}
        onBack={() => setView({ kind: 'points' })}
      />
    );
  }
  if (view.kind === 'pointSettings' && answer && pointOf(view.pointId)) {
    const point = pointOf(view.pointId)!;
    return (
      <LevelsSettings
        key={`point-${point._id}`}
        kind="point"
        title={point.name}
        current={point.maplytics_custom_settings.levels}
        inherited={locationLevels ?? DEFAULT_LEVELS}
        saving={savePoint.isPending}
        onSave={(settings) => savePoint.mutate({ pointId: point._id, settings })}
        onBack={() => setView(view.from === 'detail' ? { kind: 'detail', pointId: point._id } : { kind: 'points' })}
      />
    );
  }
  if (view.kind === 'detail' && answer && pointOf(view.pointId)) {
    const point = pointOf(view.pointId)!;
    return (
      <PointDetail
        point={point}
        answer={answer}
        levels={levelsOf(point)}
        onBack={() => setView({ kind: 'points' })}
        onSettings={() => setView({ kind: 'pointSettings', pointId: point._id, from: 'detail' })}
      />
    );
  }

  return (
    <Stack gap="sm" data-testid="site-panel" data-location-id={marker.location_id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={4} lineClamp={2} data-testid="site-title">
          {marker.title}
        </Title>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('maplytics.panel.locationSettings')} withArrow>
            <ActionIcon variant="subtle" onClick={() => setView({ kind: 'locationSettings' })} disabled={!answer} aria-label={t('maplytics.panel.locationSettings')} data-testid="location-settings-button">
              <IconAdjustments size={18} />
            </ActionIcon>
          </Tooltip>
          <ActionIcon variant="subtle" color="gray" onClick={onClose} aria-label={t('maplytics.panel.close')} data-testid="site-panel-close">
            <IconX size={18} />
          </ActionIcon>
        </Group>
      </Group>
      <Group gap="xs">
        <RatingBadge marker={marker} />
        <AlertsBadge count={marker.alerts_found} />
      </Group>
      <Text size="xs" c="dimmed">
        {[
          marker.maplytics.surface ? t('maplytics.panel.surface', { value: format(marker.maplytics.surface, 'm²') }) : t('maplytics.panel.noSurface'),
          t('maplytics.panel.energy', {
            value: format(marker.maplytics.energy_kwh, 'kWh'),
            from: formatDate(marker.maplytics.rating_from, marker.maplytics.timezone),
            // The window ends before the 1st of the month: its last day is the one before.
            to: formatDate(new Date(Date.parse(marker.maplytics.rating_to) - 1).toISOString(), marker.maplytics.timezone),
          }),
        ].join(' · ')}
      </Text>
      <SegmentedControl
        fullWidth
        size="xs"
        value={period.periodType}
        onChange={(value) => setPeriod((current) => ({ ...current, periodType: value as MaplyticsPeriodChoice['periodType'] }))}
        data={[
          { value: 'slidingPeriod', label: t('maplytics.panel.sliding') },
          { value: 'fixedPeriod', label: t('maplytics.panel.fixed') },
        ]}
        data-testid="period-type"
      />
      <SegmentedControl
        fullWidth
        size="xs"
        value={period.period}
        onChange={(value) => setPeriod((current) => ({ ...current, period: value as MaplyticsPeriodChoice['period'] }))}
        data={MAPLYTICS_PERIODS.map((value) => ({ value, label: t(`maplytics.panel.periods.${value}`) }))}
        data-testid="period"
      />
      {answer && (
        <Text size="xs" c="dimmed" data-testid="period-range">
          {t('maplytics.panel.periodRange', { from: formatDate(answer.period.from, answer.period.timezone, true), to: formatDate(answer.period.to, answer.period.timezone, true) })}
        </Text>
      )}
      {points.isError ? (
        <Alert color="yellow" variant="light">
          {t('errors.generic')}
        </Alert>
      ) : !answer ? (
        <Center mih={120}>{showLoader && <Loader size="sm" data-testid="points-loader" />}</Center>
      ) : answer.points.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="no-points">
          {t('maplytics.panel.noPoints')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="maplytics-points">
          {answer.points.map((point) => (
            <PointRow
              key={point._id}
              point={point}
              levels={levelsOf(point)}
              onOpen={() => setView({ kind: 'detail', pointId: point._id })}
              onSettings={() => setView({ kind: 'pointSettings', pointId: point._id, from: 'points' })}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
};
