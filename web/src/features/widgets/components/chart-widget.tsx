import { useMemo, useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import {
  VictoryArea,
  VictoryAxis,
  VictoryBar,
  VictoryChart,
  VictoryLabel,
  VictoryLine,
  VictoryScatter,
  VictoryStack,
  VictoryTooltip,
  VictoryVoronoiContainer,
} from 'victory';
import type { Sampling } from '@shared/series/sampling';
import { axisTickPositions } from '@shared/widgets/axis-ticks';
import { bucketLabel } from '@shared/widgets/bucket-label';
import { chartModelOf, type ChartSeries } from '@shared/widgets/chart-model';
import { finerSampling } from '@shared/widgets/drilldown';
import { displayUnit } from '@shared/series/rounding';
import { seriesExtremes, valueAxesOf, type ValueAxes } from '@shared/widgets/value-axes';
import { formatAxisTick, formatValue } from '@shared/widgets/value-format';
import { useRenderedSignal } from '../hooks/use-rendered-signal';
import type { WidgetTypeProps } from './widget-type-props';

const INTERPOLATION = { line: 'linear', spline: 'monotoneX', on_off: 'stepAfter', area: 'monotoneX' } as const;

interface Datum {
  x: number;
  /** Where it is drawn: on the left axis's scale. */
  y: number | null;
  /** Where its bar or area starts, when not at the left axis's zero. */
  y0?: number;
  /** Its value in its unit, for tooltips and labels. */
  value: number | null;
  name: string;
  unit: string;
}

/** With a right axis, its bars and areas stand on its own zero, wherever that falls on the left axis's scale. */
const dataOf = (series: ChartSeries, axes: ValueAxes, keepNulls: boolean): Datum[] =>
  series.values
    .filter((value) => keepNulls || value.y !== null)
    .map((value) => ({
      x: value.x,
      y: value.y === null ? null : axes.place(series.unit, value.y),
      ...(axes.right ? { y0: axes.place(series.unit, 0) } : {}),
      value: value.y,
      name: series.name,
      unit: series.unit,
    }));

/** The names of an axis's units, as its label shows them. */
const unitsText = (units: string[], shownIn: string): string => (units.length === 1 ? displayUnit(shownIn) : units.filter(Boolean).map(displayUnit).join(' · '));

/** The width of a time label at the axis's font size (9 px), with room around it. */
const labelWidth = (label: string): number => label.length * 5.4 + 14;

/** A chart of the widget's points (spec 1 §3.3): per-point style, stacks, compared and superimposed periods, drilldown, auto-tooltip. */
export const ChartWidget = ({ widget, data, onRendered, onDrilldown }: WidgetTypeProps) => {
  const { t, i18n } = useTranslation();
  const { ref, width, height } = useElementSize();
  const activePosition = useRef<number | null>(null);
  useRenderedSignal(onRendered, width > 0 && height > 0);

  const model = useMemo(
    () => (data ? chartModelOf(widget, data, (name) => t('widgets.labels.previous', { name })) : { dates: [], series: [] }),
    [widget, data, t],
  );
  const sampling: Sampling = widget.superimpose ? (widget.sampling === 'day' ? 'day' : 'month') : widget.sampling;
  const locale = i18n.language;
  const weekText = (week: number, year: number) => t('widgets.labels.week', { week, year });
  const axisLabel = (position: number) => {
    const date = model.dates[position - 1];
    if (!date) return '';
    const label = bucketLabel(date, sampling, locale, weekText);
    // Superimposed years share positions: the year is in the legend, not on the axis.
    return widget.superimpose ? label.replace(/[ /]\d{4}$/, '') : label;
  };
  const horizontal = model.series.some((series) => series.style === 'bar');
  const axes = useMemo(() => valueAxesOf(model.series, !widget.stacked && !horizontal), [model.series, widget.stacked, horizontal]);
  const value = (datum: Datum) => (datum.value === null ? '-' : formatValue(datum.value, datum.unit, locale, true, axes.shownInOf(datum.unit)));
  const leftUnits = unitsText(axes.left.units, axes.left.shownIn);
  const rightUnits = axes.right && unitsText(axes.right.units, axes.right.shownIn);
  const bars = model.series.filter((series) => series.style === 'column' || series.style === 'bar');
  const areas = model.series.filter((series) => series.style === 'area');
  const lines = model.series.filter((series) => series.style === 'line' || series.style === 'spline' || series.style === 'on_off');
  const valueDomain = axes.left.domain;
  const showLegend = !widget.hide_legend && model.series.length > 0;
  const barWidth = Math.max(2, Math.min(30, ((horizontal ? height : width) * 0.7) / Math.max(1, model.dates.length) / (widget.stacked ? 1 : Math.max(1, bars.length))));
  // Horizontal bars stack their labels down the height; otherwise they stand side by side along the width.
  const timeTicks = horizontal
    ? axisTickPositions(model.dates.length, sampling, height - 46, 16)
    : axisTickPositions(model.dates.length, sampling, width - 68, Math.max(0, ...model.dates.slice(0, 3).map((_, index) => labelWidth(axisLabel(index + 1)))));
  const valueLabels = widget.show_values_on_chart ? ({ datum }: { datum: Datum }) => value(datum) : undefined;
  const drill = widget.drilldown && onDrilldown ? finerSampling(widget.sampling) : null;

  /** Side by side bars are moved off their bucket by a share of it (VictoryGroup would draw them all in the first one's style). */
  const barOf = (series: ChartSeries, shift = 0) => (
    <VictoryBar
      key={series.key}
      data={dataOf(series, axes, false).map((datum) => ({ ...datum, x: datum.x + shift }))}
      barWidth={barWidth}
      labels={valueLabels}
      labelComponent={<VictoryLabel style={{ fontSize: 9 }} />}
      style={{ data: { fill: series.previous ? `${series.color}66` : series.color } }}
    />
  );
  const areaOf = (series: ChartSeries) => (
    <VictoryArea
      key={series.key}
      data={dataOf(series, axes, true)}
      interpolation={INTERPOLATION.area}
      labels={valueLabels}
      style={{ data: { fill: series.color, fillOpacity: series.previous ? 0.2 : 0.5, stroke: series.color } }}
    />
  );
  const lineOf = (series: ChartSeries) => (
    <VictoryLine
      key={series.key}
      data={dataOf(series, axes, true)}
      interpolation={INTERPOLATION[series.style as keyof typeof INTERPOLATION]}
      labels={valueLabels}
      style={{ data: { stroke: series.color, strokeWidth: 2, opacity: series.previous ? 0.45 : 1, strokeDasharray: series.previous ? '4,3' : undefined } }}
    />
  );

  const layers: ReactElement[] = [];
  if (bars.length > 0) {
    if (widget.stacked) layers.push(<VictoryStack key="bars">{bars.filter((series) => !series.previous).map((series) => barOf(series))}</VictoryStack>);
    const grouped = widget.stacked ? bars.filter((series) => series.previous) : bars;
    const share = 0.8 / Math.max(1, grouped.length);
    layers.push(...grouped.map((series, index) => barOf(series, grouped.length > 1 ? (index - (grouped.length - 1) / 2) * share : 0)));
  }
  if (areas.length > 0) layers.push(...(widget.stacked ? [<VictoryStack key="areas">{areas.map(areaOf)}</VictoryStack>] : areas.map(areaOf)));
  layers.push(...lines.map(lineOf));

  const tooltipPosition = widget.auto_tooltip_offset + 1;
  const autoTooltip = widget.auto_tooltip
    ? model.series.flatMap((series) => dataOf(series, axes, false).filter((datum) => datum.x === tooltipPosition))
    : [];

  // The legend is drawn in HTML, above the chart: it wraps long point names, and React 19 no longer
  // gives Victory's legend the default props it reads when it is a child of the chart.
  const legend = showLegend && (
    <Group gap="md" px={4} pb={2} data-testid="chart-legend">
      {model.series.map((series) => (
        <Group key={series.key} gap={4} wrap="nowrap">
          <Box w={10} h={10} style={{ borderRadius: 2, background: series.color, opacity: series.previous ? 0.45 : 1 }} />
          <Text size="xs" c="dimmed">
            {series.unit ? `${series.name} (${displayUnit(axes.shownInOf(series.unit))})` : series.name}
          </Text>
        </Group>
      ))}
    </Group>
  );

  // What a screen reader hears of the chart (issue 40 §1): its title and period, then each series' range.
  const first = model.dates[0];
  const last = model.dates[model.dates.length - 1];
  const period = widget.superimpose
    ? model.series.length > 0 &&
      (model.series.length === 1 ? model.series[0].name : t('widgets.labels.yearRange', { from: model.series[0].name, to: model.series[model.series.length - 1].name }))
    : first && (first === last ? bucketLabel(first, sampling, locale, weekText) : t('widgets.labels.periodRange', { from: bucketLabel(first, sampling, locale, weekText), to: bucketLabel(last, sampling, locale, weekText) }));
  const chartName = [widget.title || t('widgets.labels.chart'), period].filter(Boolean).join(', ');
  const summary = model.series
    .flatMap((series) => {
      const extremes = seriesExtremes(series);
      if (!extremes) return [t('widgets.labels.seriesEmpty', { name: series.name })];
      const shownIn = axes.shownInOf(series.unit);
      return [t('widgets.labels.seriesRange', { name: series.name, lowest: formatValue(extremes.lowest, series.unit, locale, true, shownIn), highest: formatValue(extremes.highest, series.unit, locale, true, shownIn) })];
    })
    .join(' ');
  const padding = {
    top: widget.hide_y_axis || horizontal ? 10 : 22,
    // Horizontal bars name their unit under the value axis, at the bottom.
    bottom: (widget.hide_x_axis ? 10 : 36) + (horizontal && !widget.hide_y_axis ? 8 : 0),
    left: widget.hide_y_axis ? 10 : 52,
    right: axes.right && !widget.hide_y_axis ? 52 : 16,
  };
  const unitLabelStyle = { fontSize: 9, fill: '#495057' };

  return (
    <Box h="100%" style={{ display: 'flex', flexDirection: 'column' }}>
      {legend}
    <Box
      ref={ref}
      style={{ flex: 1, minHeight: 0, cursor: drill ? 'pointer' : undefined }}
      data-testid="chart-widget"
      onClick={() => {
        const position = activePosition.current;
        const bucket = position === null ? undefined : model.dates[position - 1];
        if (drill && bucket && onDrilldown) onDrilldown(bucket, drill);
      }}
    >
      {width > 0 && height > 0 && (
        <VictoryChart
          width={width}
          height={height}
          horizontal={horizontal}
          domain={valueDomain && { y: valueDomain }}
          domainPadding={{ x: Math.max(12, barWidth * Math.max(1, bars.length)) }}
          padding={padding}
          containerComponent={
            <VictoryVoronoiContainer
              // A name rather than an SVG title, which the browser would show as a tooltip over the chart's own.
              aria-label={chartName}
              desc={summary}
              voronoiDimension="x"
              labels={({ datum }: { datum: Datum }) => t('widgets.labels.tooltip', { name: datum.name, value: value(datum) })}
              labelComponent={<VictoryTooltip constrainToVisibleArea style={{ fontSize: 10 }} />}
              onActivated={(points: { x?: number }[]) => {
                activePosition.current = points[0]?.x ?? null;
              }}
            />
          }
        >
          <VictoryAxis
            tickValues={timeTicks}
            tickFormat={(position: number) => axisLabel(position)}
            style={{ tickLabels: { fontSize: 9, padding: 4 }, axis: widget.hide_x_axis ? { stroke: 'transparent' } : undefined }}
            tickLabelComponent={widget.hide_x_axis ? <VictoryLabel text="" /> : undefined}
          />
          <VictoryAxis
            dependentAxis
            tickFormat={(tick: number) => (axes.left.units.length === 1 ? formatAxisTick(tick, axes.left.units[0], axes.left.shownIn, locale) : formatAxisTick(tick, '', '', locale))}
            style={{ tickLabels: { fontSize: 9, padding: 3 }, grid: { stroke: '#e9ecef' }, axis: widget.hide_y_axis ? { stroke: 'transparent' } : undefined }}
            tickLabelComponent={widget.hide_y_axis ? <VictoryLabel text="" /> : undefined}
          />
          {axes.right && !widget.hide_y_axis && (
            <VictoryAxis
              dependentAxis
              orientation="right"
              tickValues={axes.right.ticks.map((tick) => tick.at)}
              tickFormat={(_tick: number, index: number) => {
                const right = axes.right!;
                return formatAxisTick(right.ticks[index]?.value ?? 0, right.units[0], right.shownIn, locale);
              }}
              style={{ tickLabels: { fontSize: 9, padding: 3 } }}
            />
          )}
          {!widget.hide_y_axis &&
            leftUnits &&
            (horizontal ? (
              <VictoryLabel x={width - padding.right} y={height - 8} textAnchor="end" text={leftUnits} style={unitLabelStyle} />
            ) : (
              <VictoryLabel x={4} y={8} textAnchor="start" text={leftUnits} style={unitLabelStyle} />
            ))}
          {!widget.hide_y_axis && rightUnits && <VictoryLabel x={width - 4} y={8} textAnchor="end" text={rightUnits} style={unitLabelStyle} />}
          {layers}
          {autoTooltip.length > 0 && (
            <VictoryScatter
              data={autoTooltip}
              size={3}
              labels={({ datum }: { datum: Datum }) => t('widgets.labels.tooltip', { name: datum.name, value: value(datum) })}
              labelComponent={<VictoryTooltip active style={{ fontSize: 10 }} />}
            />
          )}
        </VictoryChart>
      )}
    </Box>
    </Box>
  );
};
