import type { CSSProperties, ReactNode } from 'react';
import { Box } from '@mantine/core';
import { REPORT_PAGE_SIZES, type ReportOrientation, type ReportWidget } from '@shared/schemas/report';
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
  style?: CSSProperties;
}

/**
 * One page of a report at its exact size (spec 1 §9: portrait 770 × 1112, landscape 1102 × 783):
 * white paper, widgets side by side by `width_percent` in rows, each its own height. What does
 * not fit the paper is cut at its edge, on screen as on paper.
 */
export const ReportPage = ({ orientation, widgets, pageIndex, renderWidget, keyOf = idOf, empty, style }: ReportPageProps) => {
  const { width, height } = REPORT_PAGE_SIZES[orientation];
  return (
    <Box className={classes.paper} w={width} h={height} p={PAGE_MARGIN_PX} style={style} data-report-page={pageIndex}>
      {widgets.length === 0 && empty}
      <Box className={classes.rows} style={{ gap: GAP_PX }}>
        {widgets.map((widget, widgetIndex) => (
          <Box key={keyOf(widget)} data-report-widget={widgetIndex} data-widget-id={widget._id} style={{ width: widthOf(widget), height: widget.height, minWidth: 0 }}>
            {renderWidget(widget, widgetIndex)}
          </Box>
        ))}
      </Box>
    </Box>
  );
};
