import { useRef, type ReactNode } from 'react';
import { Box } from '@mantine/core';
import { REPORT_PAGE_SIZES, type Report, type ReportWidget } from '@shared/schemas/report';
import { useReportReadiness } from '../hooks/use-report-readiness';
import { ReportPage } from './report-page';

export interface WidgetPlace {
  page: number;
  widget: number;
}

interface ReportDocumentProps {
  report: Report;
  renderWidget: (widget: ReportWidget, place: WidgetPlace) => ReactNode;
}

/** Space between pages on screen; on paper each page is a sheet of its own. */
const SCREEN_GAP_PX = 16;

/**
 * Every page of a report, one after another, each exactly its size and a printed sheet of its
 * own (`@page` takes the report's size, no margin). The root tells the PDF renderer when every
 * widget is drawn (`data-report-ready`), with the orientation and the number of pages.
 */
export const ReportDocument = ({ report, renderWidget }: ReportDocumentProps) => {
  const root = useRef<HTMLDivElement>(null);
  const expected = report.content.pages.reduce((count, widgets) => count + widgets.length, 0);
  const readiness = useReportReadiness(root, expected);
  const { width, height } = REPORT_PAGE_SIZES[report.orientation];
  const last = report.content.pages.length - 1;
  return (
    <Box ref={root} data-testid="report-document" data-report-ready={readiness} data-report-orientation={report.orientation} data-report-pages={report.content.pages.length}>
      <style>{`
        @page { size: ${width}px ${height}px; margin: 0; }
        html, body { background: #fff; }
        @media screen { [data-report-page] { margin: 0 auto ${SCREEN_GAP_PX}px; } }
        @media print { html, body { margin: 0; padding: 0; } }
      `}</style>
      {report.content.pages.map((widgets, page) => (
        <ReportPage
          key={page}
          orientation={report.orientation}
          widgets={widgets}
          pageIndex={page}
          style={{ breakAfter: page === last ? 'auto' : 'page', breakInside: 'avoid' }}
          renderWidget={(widget, index) => renderWidget(widget, { page, widget: index })}
        />
      ))}
    </Box>
  );
};
