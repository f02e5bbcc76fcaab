import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Box, Group, Paper } from '@mantine/core';
import { LazyTooltip } from '../../../components/lazy-tooltip';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { nextBucketStart } from '@shared/series/buckets';
import { DEFAULT_TIMEZONE } from '@shared/constants';
import type { Sampling } from '@shared/series/sampling';
import { widgetChromeOf } from '@shared/widgets/widget-chrome';
import { hasWidgetValues, needsWidgetData } from '@shared/widgets/widget-data-needs';
import { useWidgetData, type DataWidget, type WidgetDataQuery } from '../api/widget-data';
import { useWidgetCsv } from '../hooks/use-widget-csv';
import { ExportCsvButton } from './export-csv-button';
import { PeriodNavigation } from './period-navigation';
import { WidgetContent } from './widget-content';
import { WidgetEmpty } from './widget-empty';
import { WidgetError } from './widget-error';
import { WidgetLoading } from './widget-loading';
import { WidgetTitleBar } from './widget-title-bar';

export interface WidgetViewProps {
  widget: DataWidget;
  /** Edit, delete… as the page allows them: the dashboard decides permissions. */
  controls?: ReactNode;
  /** The customer's zone: period names and the picker's today. */
  timezone?: string;
  /** Where an image widget's image is read from. */
  imageUrl?: (imageId: string) => string;
  /** A click on a chart's bucket, when the widget drills down: its start and the next finer sampling. */
  onDrilldown?: (bucketStart: string, sampling: Sampling) => void;
  /** Told when the user moves to another period (the view keeps the offset itself either way). */
  onOffsetChange?: (offset: number) => void;
  /**
   * Drawn as in a document (a report): its saved period only, without period navigation, drill-down
   * or CSV button, so that the screen shows what the paper prints.
   */
  asDocument?: boolean;
  /** Where the data comes from when not from the settings (a report's print page, by the widget's place); implies `asDocument`. */
  dataQuery?: WidgetDataQuery;
}

const NOTHING_ASKED = Symbol('nothing asked');

/**
 * One widget on a page: its frame, title bar and period navigation around the component of its
 * type. The root says `data-widget-ready="true"` once its content is drawn, which reports' PDF
 * rendering waits for.
 */
export const WidgetView = ({ widget, controls, timezone = DEFAULT_TIMEZONE, imageUrl, onDrilldown, onOffsetChange, asDocument = false, dataQuery }: WidgetViewProps) => {
  const { t } = useTranslation();
  const interactive = !asDocument && dataQuery === undefined;
  const [offset, setOffset] = useState(widget.offset);
  const [settingsOffset, setSettingsOffset] = useState(widget.offset);
  if (settingsOffset !== widget.offset) {
    setSettingsOffset(widget.offset);
    setOffset(widget.offset);
  }
  // A click on a chart's bucket opens that bucket at the next finer sampling, until "back".
  const [drilled, setDrilled] = useState<{ start: string; end: string; sampling: Sampling } | null>(null);
  const drillInto = (bucketStart: string, sampling: Sampling) => {
    const start = Date.parse(bucketStart);
    const bucketSampling = drilled?.sampling ?? widget.sampling;
    setDrilled({ start: new Date(start).toISOString(), end: new Date(nextBucketStart(start, bucketSampling, timezone)).toISOString(), sampling });
    onDrilldown?.(bucketStart, sampling);
  };
  // The content is given one function for the widget's life, which drills with this render's state.
  const drillLatest = useRef(drillInto);
  useLayoutEffect(() => {
    drillLatest.current = drillInto;
  });
  const drill = useCallback((bucketStart: string, sampling: Sampling) => drillLatest.current(bucketStart, sampling), []);
  const moved: DataWidget = offset === widget.offset ? widget : { ...widget, offset };
  const shown: DataWidget = drilled
    ? { ...moved, period_type: 'dateToDate', start_date: drilled.start, end_date: drilled.end, sampling: drilled.sampling, compare_periods: false, superimpose: false }
    : moved;
  const asks = needsWidgetData(shown);
  const query = useWidgetData(shown, dataQuery);
  const data = query.data ?? null;

  // Ready means this very answer is drawn: moving to another period clears it until the new one is.
  const drawing = asks ? query.data : NOTHING_ASKED;
  const [drawn, setDrawn] = useState<unknown>(null);
  const onRendered = useCallback(() => setDrawn(drawing), [drawing]);

  const moveTo = (next: number) => {
    setOffset(next);
    onOffsetChange?.(next);
  };

  const csv = useWidgetCsv(shown, data);
  const state = asks && query.isError ? 'error' : asks && query.isPending ? 'loading' : hasWidgetValues(shown.type, data) ? 'data' : 'empty';
  const ready = drawing !== undefined && drawn === drawing && (state === 'data' || state === 'empty');

  const chrome = widgetChromeOf(widget);
  // A text without its title bar (a 50 px banner by default) flows around its tools: over it they would hide its first line.
  const toolsInText = !chrome.titleBar && widget.type === 'text';
  const tools = (
    <>
      {drilled && (
        <LazyTooltip label={t('widgets.actions.back')}>
          <ActionIcon size="sm" variant="subtle" onClick={() => setDrilled(null)} aria-label={t('widgets.actions.back')} data-testid="widget-drill-back">
            <IconArrowBackUp size={14} />
          </ActionIcon>
        </LazyTooltip>
      )}
      {!chrome.periodNavigation || drilled ? null : (
        <PeriodNavigation periodType={shown.period_type} period={shown.period} offset={offset} timezone={timezone} onOffsetChange={moveTo} readOnly={!interactive} />
      )}
      {chrome.csvExport && interactive && csv && state === 'data' && <ExportCsvButton csv={csv} />}
      {controls}
    </>
  );

  return (
    <Paper
      withBorder
      radius="md"
      h={widget.height}
      pos="relative"
      style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      data-testid="widget"
      data-widget-type={widget.type}
      data-widget-state={state}
      data-widget-ready={ready ? 'true' : 'false'}
    >
      {chrome.titleBar && <WidgetTitleBar title={widget.title} tools={tools} />}
      {!chrome.titleBar && !toolsInText && (
        <Group gap={4} wrap="nowrap" pos="absolute" top={4} right={4} style={{ zIndex: 2 }}>
          {tools}
        </Group>
      )}
      <Box style={{ flex: 1, minHeight: 0, overflow: toolsInText ? 'auto' : undefined }} p={widget.type === 'image' ? 0 : 'xs'}>
        {toolsInText && (
          <Group gap={4} wrap="nowrap" ml="xs" style={{ float: 'right' }}>
            {tools}
          </Group>
        )}
        {state === 'loading' && <WidgetLoading />}
        {state === 'error' && <WidgetError />}
        {state === 'empty' && <WidgetEmpty onRendered={onRendered} />}
        {state === 'data' && (
          <WidgetContent widget={shown} data={data} timezone={timezone} onRendered={onRendered} onDrilldown={interactive && widget.drilldown ? drill : undefined} imageUrl={imageUrl} />
        )}
      </Box>
    </Paper>
  );
};
