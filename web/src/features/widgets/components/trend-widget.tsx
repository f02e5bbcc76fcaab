import { useTranslation } from 'react-i18next';
import { DateTime } from 'luxon';
import { Center, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from '@tabler/icons-react';
import { trendOf } from '@shared/widgets/trend-tone';
import { formatValue } from '@shared/widgets/value-format';
import { useRenderedSignal } from '../hooks/use-rendered-signal';
import type { WidgetTypeProps } from './widget-type-props';

const TONE_COLOUR = { good: 'green', bad: 'red', neutral: 'gray' } as const;
const ARROW = { up: IconArrowUpRight, down: IconArrowDownRight, flat: IconArrowRight } as const;

/** This period's value, its change against the previous one and an arrow coloured by whether a rise is good news. */
export const TrendWidget = ({ widget, data, onRendered }: WidgetTypeProps) => {
  const { t, i18n } = useTranslation();
  useRenderedSignal(onRendered);
  const trend = data?.trend;
  if (!trend) return null;
  /** A local time of the point's zone as it was sent (its own offset), in the user's language. */
  const localTime = (iso: string) => DateTime.fromISO(iso, { setZone: true }).setLocale(i18n.language).toLocaleString(DateTime.DATETIME_SHORT);
  const { direction, tone } = trendOf(trend.change_percent, widget.trend.type);
  const Arrow = ARROW[direction];
  const change =
    trend.change_percent === null
      ? '-'
      : new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(trend.change_percent / 100);
  return (
    <Center h="100%" data-testid="trend-widget" data-trend-direction={direction} data-trend-tone={tone}>
      <Stack gap={4} align="center">
        <Text fz={28} fw={700} data-testid="trend-current">
          {trend.current === null ? '-' : formatValue(trend.current, trend.unit, i18n.language)}
        </Text>
        <Group gap={6}>
          <ThemeIcon variant="light" color={TONE_COLOUR[tone]} radius="xl" size="md">
            <Arrow size={18} />
          </ThemeIcon>
          <Text fw={600} c={TONE_COLOUR[tone]} data-testid="trend-change">
            {change}
          </Text>
        </Group>
        {/* A period under way is compared with the previous one up to the same moment: the exact span in the title. */}
        <Text size="xs" c="dimmed" ta="center" title={trend.previous_to ? `${localTime(trend.previous_from)} → ${localTime(trend.previous_to)}` : undefined} data-testid="trend-previous">
          {t(trend.previous_to ? 'widgets.labels.previousPeriodToDate' : 'widgets.labels.previousPeriod', {
            value: trend.previous === null ? '-' : formatValue(trend.previous, trend.unit, i18n.language),
          })}
        </Text>
      </Stack>
    </Center>
  );
};
