import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { VictoryLabel, VictoryLegend, VictoryPie, VictoryTooltip } from 'victory';
import { PALETTE } from '@shared/constants';
import { pieShares } from '@shared/widgets/pie-shares';
import { formatValue } from '@shared/widgets/value-format';
import { useRenderedSignal } from '../hooks/use-rendered-signal';
import type { WidgetTypeProps } from './widget-type-props';

const LEGEND_WIDTH = 150;

/** Each point's share of the period: the sum of its values against all points' (spec 1 §3.3). */
export const PieWidget = ({ widget, data, onRendered }: WidgetTypeProps) => {
  const { t, i18n } = useTranslation();
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
  const pieWidth = showLegend ? Math.max(0, width - LEGEND_WIDTH) : width;
  const radius = Math.max(10, Math.min(pieWidth, height) / 2 - 12);
  const label = ({ datum }: { datum: (typeof slices)[number] }) =>
    `${t('widgets.labels.share', { name: datum.name, percent: percent.format(datum.share) })}\n${formatValue(datum.total, datum.unit, i18n.language)}`;

  return (
    <Box ref={ref} h="100%" data-testid="pie-widget">
      {width > 0 && height > 0 && (
        <svg width={width} height={height} role="img">
          <VictoryPie
            standalone={false}
            width={pieWidth}
            height={height}
            radius={radius}
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
          {showLegend && (
            <VictoryLegend
              standalone={false}
              x={pieWidth + 8}
              y={12}
              data={slices.map((slice) => ({ name: `${slice.name} ${percent.format(slice.share)}`, symbol: { fill: slice.color } }))}
              style={{ labels: { fontSize: 10 } }}
            />
          )}
        </svg>
      )}
    </Box>
  );
};
