import { useRef, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Box } from '@mantine/core';
import type { DraggedSize } from '@shared/reports/pages';
import { REPORT_PAGE_SIZES, type ReportOrientation, type ReportWidget } from '@shared/schemas/report';
import { ResizeHandle, type ResizeDrag } from '../../../components/resize-handle';
import classes from './report-page.module.css';

/** The margin of the paper and the space between widgets, in CSS pixels (what the screen shows, the PDF prints). */
export const PAGE_MARGIN_PX = 24;
const GAP_PX = 12;

/**
 * A widget `p` % wide takes p % of the row less its share of the gaps, so that 100 / p widgets fill
 * a row (layouts 1 to 6 of spec 2 §2: the layout's exact share, not its rounded percentage); a
 * tenth of a pixel less keeps rounding from pushing the last one to the next row. Its height is its own.
 */
const widthOf = (widget: ReportWidget) => {
  const percent = widget.layout ? 100 / widget.layout : widget.width_percent;
  return `calc(${percent}% - ${(GAP_PX * (100 - percent)) / 100 + 0.1}px)`;
};

const idOf = (widget: ReportWidget) => widget._id;

interface ReportPageProps {
  orientation: ReportOrientation;
  widgets: readonly ReportWidget[];
  /** Its place in the report (0 first), on the page element as `data-report-page`. */
  pageIndex: number;
  renderWidget: (widget: ReportWidget, widgetIndex: number) => ReactNode;
  /** The key a widget is drawn under (its id unless the editor says otherwise: `useReportDraft`). */
  keyOf?: (widget: ReportWidget) => string;
  /** What an empty page says on screen (nothing on paper). */
  empty?: ReactNode;
  /** Given in the editor: each widget has a corner handle that resizes it. */
  onResize?: (widgetIndex: number, size: DraggedSize) => void;
  style?: CSSProperties;
}

/**
 * One page of a report at its exact size (spec 1 §9: portrait 770 × 1112, landscape 1102 × 783):
 * white paper, widgets side by side by `width_percent` in rows, each its own height. What does
 * not fit the paper is cut at its edge, on screen as on paper.
 */
export const ReportPage = ({ orientation, widgets, pageIndex, renderWidget, keyOf = idOf, empty, onResize, style }: ReportPageProps) => {
  const { t } = useTranslation();
  const { width, height } = REPORT_PAGE_SIZES[orientation];
  const rows = useRef<HTMLDivElement>(null);
  // The page may be drawn scaled (a narrow window): a drag's screen pixels are turned into the page's.
  const sizeOf = ({ dx, dy, sideways, start }: ResizeDrag): DraggedSize => {
    const row = rows.current!;
    const scale = row.getBoundingClientRect().width / row.offsetWidth;
    // The inverse of widthOf: a width of p % is p % of the row and its gap, less the gap.
    const widthPx = (start.width + dx) / scale;
    return {
      widthPercent: sideways ? ((widthPx + GAP_PX + 0.1) / (row.offsetWidth + GAP_PX)) * 100 : null,
      height: (start.height + dy) / scale,
      maxHeight: height - 2 * PAGE_MARGIN_PX,
    };
  };
  return (
    <Box className={classes.paper} w={width} h={height} p={PAGE_MARGIN_PX} style={style} data-report-page={pageIndex}>
      {widgets.length === 0 && empty}
      <Box ref={rows} className={classes.rows} style={{ gap: GAP_PX }}>
        {widgets.map((widget, widgetIndex) => (
          <Box
            key={keyOf(widget)}
            data-report-widget={widgetIndex}
            data-widget-id={widget._id}
            style={{ width: widthOf(widget), height: widget.height, minWidth: 0, position: onResize ? 'relative' : undefined }}
          >
            {renderWidget(widget, widgetIndex)}
            {onResize && <ResizeHandle label={t('reports.editor.resize')} onResize={(drag) => onResize(widgetIndex, sizeOf(drag))} />}
          </Box>
        ))}
      </Box>
    </Box>
  );
};
