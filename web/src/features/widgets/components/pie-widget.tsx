import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Flex, Group, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { VictoryLabel, VictoryPie, VictoryTooltip } from 'victory';
import { PALETTE } from '@shared/constants';
import { pieShares } from '@shared/widgets/pie-shares';
import type { Sampling } from '@shared/series/sampling';
import { bucketLabel } from '@shared/widgets/bucket-label';
import { frameRows } from '@shared/widgets/frame-rows';
import { formatValue, readableUnits } from '@shared/widgets/value-format';
import { useRenderedSignal } from '../hooks/use-rendered-signal';
import type { WidgetTypeProps } from './widget-type-props';

/** Below this width the legend goes under the pie; above, beside it, taking at most 45% of the width. */
const LEGEND_BESIDE_MIN_WIDTH = 360;

/** Each point's share of the period: the sum of its values against all points' (spec 1 §3.3). */
export const PieWidget = ({ widget, data, onRendered }: WidgetTypeProps) => {
  const { t, i18n } = useTranslation();
  const box = useElementSize();
  const { ref, width, height } = useElementSize();
  useRenderedSignal(onRendered, width > 0 && height > 0);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const slices = useMemo(() => {
    if (!data?.frame) return [];
    return pieShares(data.frame).flatMap((share, index) => {
      const point = widget.points[index]?._id === share.point ? widget.points[index] : widget.points.find((candidate) => candidate._id === share.point);
      if (point && !point.visible) return [];
      return [{ ...share, color: point?.color ?? PALETTE[index % PALETTE.length] }];
    });
  }, [data, widget.points]);
  const showLegend = !widget.hide_legend;
  const beside = box.width >= LEGEND_BESIDE_MIN_WIDTH;
  const radius = Math.max(10, Math.min(width, height) / 2 - 8);
  const locale = i18n.language;
  // Slices of one unit read in one unit, the largest's (0,54 MWh beside 1,38 MWh, not 536,3 kWh), so that they compare at a glance.
  const shownIn = readableUnits(slices.map((slice) => ({ unit: slice.unit, value: slice.total })));
  const total = (slice: (typeof slices)[number]) => formatValue(slice.total, slice.unit, locale, true, shownIn.get(slice.unit));
  const label = ({ datum }: { datum: (typeof slices)[number] }) =>
    `${t('widgets.labels.share', { name: datum.name, percent: percent.format(datum.share) })}\n${total(datum)}`;
  // Its name for a screen reader (issue 40 §1): the title and the period; each slice's share and total as its description.
  const dates = data?.frame ? frameRows(data.frame).map((row) => row.date) : [];
  const dateText = (date: string) => bucketLabel(date, (data?.frame?.sampling ?? widget.sampling) as Sampling, locale, (week, year) => t('widgets.labels.week', { week, year }));
  const period =
    dates.length === 0 ? '' : dates.length === 1 ? dateText(dates[0]) : t('widgets.labels.periodRange', { from: dateText(dates[0]), to: dateText(dates[dates.length - 1]) });
  const chartName = [widget.title || t('widgets.labels.chart'), period].filter(Boolean).join(', ');
  const summary = slices.map((slice) => t('widgets.labels.pieSlice', { name: slice.name, percent: percent.format(slice.share), value: total(slice) })).join(' ');

  // The legend is HTML so that long names wrap instead of running out of the box; the pie takes what is left.
  return (
    <Flex ref={box.ref} h="100%" direction={beside ? 'row' : 'column'} gap="xs" data-testid="pie-widget">
      <Box ref={ref} style={{ flex: 1, minWidth: 0, minHeight: 0 }}>
        {width > 0 && height > 0 && (
          <svg width={width} height={height} role="img" aria-label={chartName} data-testid="pie-chart">
            <desc>{summary}</desc>
            <VictoryPie
              standalone={false}
              width={width}
              height={height}
              radius={radius}
              padding={0}
              data={slices.filter((slice) => slice.share > 0)}
              x="name"
              y="share"
              colorScale={slices.filter((slice) => slice.share > 0).map((slice) => slice.color)}
              labels={widget.show_values_on_chart ? ({ datum }: { datum: (typeof slices)[number] }) => percent.format(datum.share) : label}
              labelRadius={widget.show_values_on_chart ? radius * 0.65 : undefined}
              style={{ labels: { fontSize: 10, fill: widget.show_values_on_chart ? '#fff' : undefined } }}
              // A tooltip label shows on hover by itself (its default events); values on the chart stay put.
              labelComponent={widget.show_values_on_chart ? <VictoryLabel /> : <VictoryTooltip style={{ fontSize: 10 }} />}
            />
          </svg>
        )}
      </Box>
      {showLegend && (
        <Stack
          component="ul"
          gap={4}
          m={0}
          p={0}
          justify="center"
          data-testid="pie-legend"
          style={{ listStyle: 'none', flexShrink: 0, overflowY: 'auto', ...(beside ? { maxWidth: '45%' } : { maxHeight: '40%' }) }}
        >
          {slices.map((slice) => (
            <Group component="li" key={slice.point} gap={6} wrap="nowrap" align="flex-start">
              <Box w={10} h={10} mt={3} bg={slice.color} style={{ flexShrink: 0, borderRadius: 2 }} />
              <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                {slice.name} {t('widgets.labels.pieShareValue', { percent: percent.format(slice.share), value: total(slice) })}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Flex>
  );
};
