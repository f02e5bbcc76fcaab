import { useTranslation } from 'react-i18next';
import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAdjustments, IconArrowLeft } from '@tabler/icons-react';
import type { Level } from '@shared/maplytics/levels';
import type { MaplyticsPoint, MaplyticsPoints } from '@shared/schemas/maplytics';
import { EvolutionBadge, LevelsList, Swatch, useFormat, formatDate, ValueText } from './figures';

const CHART_HEIGHT = 110;

/** The period's buckets as bars from zero; past 60 of them the bars touch (a year of days stays readable). */
const BucketsChart = ({ point }: { point: MaplyticsPoint }) => {
  const { t } = useTranslation();
  const values = point.buckets.values;
  const known = values.filter((value): value is number => value !== null);
  if (known.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="point-chart-empty">
        {t('maplytics.detail.noData')}
      </Text>
    );
  }
  const top = Math.max(0, ...known);
  const bottom = Math.min(0, ...known);
  const span = top - bottom || 1;
  const y = (value: number) => ((top - value) / span) * CHART_HEIGHT;
  const width = Math.max(values.length, 1) * 10;
  const gap = values.length > 60 ? 0 : 1.5;
  return (
    <svg viewBox={`0 0 ${width} ${CHART_HEIGHT}`} width="100%" height={CHART_HEIGHT} preserveAspectRatio="none" role="img" aria-label={t('maplytics.detail.chart')} data-testid="point-chart">
      <line x1={0} x2={width} y1={y(0)} y2={y(0)} stroke="#ced4da" strokeWidth={1} vectorEffect="non-scaling-stroke" />
      {values.map((value, index) =>
        value === null ? null : (
          <rect
            key={index}
            x={index * 10 + gap}
            width={10 - 2 * gap}
            y={Math.min(y(value), y(0))}
            height={Math.max(Math.abs(y(value) - y(0)), 0.5)}
            fill={point.default_color}
            shapeRendering="crispEdges"
          />
        ),
      )}
    </svg>
  );
};

/** The detail panel of a point (spec 2 §2): what it is, its figures over the period and the levels that colour them. */
export const PointDetail = ({
  point,
  answer,
  levels,
  onBack,
  onSettings,
}: {
  point: MaplyticsPoint;
  answer: MaplyticsPoints;
  levels: readonly Level[];
  onBack: () => void;
  onSettings: () => void;
}) => {
  const { t } = useTranslation();
  const format = useFormat();
  const { period } = answer;
  const fact = (label: string, value: string) => (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
  return (
    <Stack gap="md" data-testid="point-detail">
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <ActionIcon variant="subtle" onClick={onBack} aria-label={t('maplytics.panel.back')}>
            <IconArrowLeft size={18} />
          </ActionIcon>
          <Swatch color={point.default_color} />
          <Title order={4} lineClamp={2}>
            {point.name}
          </Title>
        </Group>
      </Group>
      <Paper withBorder p="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t(`maplytics.periods.${period.period_type}.${period.period}`)} · {t(`labels.calculations.${point.figures.calculation}`)}
            </Text>
            <ValueText point={point} levels={levels} />
            <Text size="xs" c="dimmed">
              {t('maplytics.panel.previous', { value: format(point.figures.previous, point.figures.unit) })}
            </Text>
          </Stack>
          <EvolutionBadge point={point} levels={levels} />
        </Group>
        <Text size="xs" c="dimmed" mt="xs">
          {t('maplytics.panel.periodRange', { from: formatDate(period.from, period.timezone, true), to: formatDate(period.to, period.timezone, true) })}
        </Text>
        <BucketsChart point={point} />
      </Paper>
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
        {fact(t('maplytics.detail.technicalId'), point.technical_id)}
        {fact(t('maplytics.detail.resource'), t(`labels.resources.${point.resource}`))}
        {fact(t('maplytics.detail.seriesType'), t(`labels.seriesTypes.${point.series_type}`))}
        {fact(t('maplytics.detail.unit'), point.unit || '–')}
        {fact(t('maplytics.detail.lastData'), point.last_data_date ? formatDate(point.last_data_date, period.timezone, true) : '–')}
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="xs" c="dimmed">
          {t(point.maplytics_custom_settings.levels ? 'maplytics.detail.ownLevels' : 'maplytics.detail.inheritedLevels')}
        </Text>
        <LevelsList levels={levels} />
      </Stack>
      <Button variant="light" leftSection={<IconAdjustments size={16} />} onClick={onSettings} data-testid="point-settings-open">
        {t('maplytics.panel.pointSettings')}
      </Button>
    </Stack>
  );
};
