import { useTranslation } from 'react-i18next';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { dateText, dateTimeText } from '@shared/date-text';
import { LEVEL_COLORS, MARKER_COLORS } from '@shared/maplytics/constants';
import { levelOf, type Level } from '@shared/maplytics/levels';
import { markerColorOf } from '@shared/maplytics/marker-colour';
import type { MapMarker, MaplyticsPoint } from '@shared/schemas/maplytics';
import { formatValue } from '@shared/widgets/value-format';
import classes from './maplytics.module.css';

/** A value with its unit in the interface's language, or a dash. */
export const useFormat = () => {
  const { i18n } = useTranslation();
  return (value: number | null, unit: string) => (value === null ? '–' : formatValue(value, unit, i18n.language));
};

/** A date of the API (`2026-03-01T00:00:00.000+01:00`) as the site's calendar reads it. */
export const formatDate = (iso: string, timezone: string, withTime = false): string => (withTime ? dateTimeText(iso, timezone) : dateText(iso, timezone));

/** The site's rating in its band's colour, or 'not rated' in blue. */
export const RatingBadge = ({ marker }: { marker: MapMarker }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const band = markerColorOf(marker.absolute_energy_rating);
  return (
    <Badge color={MARKER_COLORS[band]} variant="filled" tt="none" data-testid="site-rating" data-color={band} autoContrast>
      {marker.absolute_energy_rating === null ? t('maplytics.marker.noRating') : t('maplytics.marker.rating', { rating: format(marker.absolute_energy_rating, '') })}
    </Badge>
  );
};

/** The open alerts of a site: said in full, or as their count alone where room is short (a list). */
export const AlertsBadge = ({ count, compact = false }: { count: number; compact?: boolean }) => {
  const { t } = useTranslation();
  if (count <= 0) return null;
  const text = t('maplytics.marker.alerts', { count });
  return (
    <Badge color={MARKER_COLORS.violet} variant="filled" tt="none" circle={compact} title={text} aria-label={text} data-testid="site-alerts">
      {compact ? count : text}
    </Badge>
  );
};

/**
 * A point's change from the previous period, coloured by its levels (spec 2 §4: only percent
 * values are levelled; a value in another unit stays grey).
 */
export const EvolutionBadge = ({ point, levels }: { point: MaplyticsPoint; levels: readonly Level[] }) => {
  const format = useFormat();
  const { evolution } = point.figures;
  const level = levelOf(evolution, '%', levels);
  const text = evolution === null ? '–' : `${evolution > 0 ? '+' : ''}${format(evolution, '%')}`;
  return (
    <Badge color={LEVEL_COLORS[level]} variant={level === 'neutral' ? 'light' : 'filled'} tt="none" data-testid="point-evolution" data-level={level} autoContrast>
      {text}
    </Badge>
  );
};

/** A point's figure for the period, in its level's colour when it is itself a percentage. */
export const ValueText = ({ point, levels }: { point: MaplyticsPoint; levels: readonly Level[] }) => {
  const format = useFormat();
  const level = levelOf(point.figures.value, point.figures.unit, levels);
  return (
    <Text fw={700} size="sm" c={level === 'neutral' ? undefined : LEVEL_COLORS[level]} data-testid="point-value" data-level={level} style={{ whiteSpace: 'nowrap' }}>
      {format(point.figures.value, point.figures.unit)}
    </Text>
  );
};

export const Swatch = ({ color }: { color: string }) => <span className={classes.swatch} style={{ backgroundColor: color }} />;

/** Levels in the order they are evaluated, each with its colour, as a site or a point applies them. */
export const LevelsList = ({ levels, testId }: { levels: readonly Level[]; testId?: string }) => {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid={testId}>
      {levels.map((level, index) => (
        <Group key={index} gap="xs">
          <Swatch color={LEVEL_COLORS[level.level]} />
          <Text size="sm">
            {t(`maplytics.settings.levelNames.${level.level}`)} {t(`maplytics.settings.operations.${level.operation}`)} {level.value} %
          </Text>
        </Group>
      ))}
    </Stack>
  );
};
