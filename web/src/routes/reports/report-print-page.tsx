import { useTranslation } from 'react-i18next';
import { Box, Center, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { WidgetErrorBoundary } from '../../components/widget-error-boundary';
import { printedImagesQueryOptions, printedReportQueryOptions, printedWidgetDataQuery } from '../../features/reports/api/printed-report';
import { ReportDocument } from '../../features/reports/components/report-document';
import { WidgetView } from '../../features/widgets/components/widget-view';

const printRoute = getRouteApi('/reports/phantom/edit/$id/$token');

/**
 * The print page: every page of the report, its widgets' data read by their place with the print
 * token of the address. A report that cannot be read says `data-report-ready="error"` at once, so
 * that the PDF renderer fails rather than print a spinner.
 */
export const ReportPrintPage = () => {
  const { t } = useTranslation();
  const { id, token } = printRoute.useParams();
  const { tz } = printRoute.useSearch();
  const access = { reportId: id, token };
  const report = useQuery(printedReportQueryOptions(access));
  // Image widgets draw once their image's address is known: the document waits for the list.
  const images = useQuery(printedImagesQueryOptions(access));
  const imageUrl = (imageId: string) => images.data?.find((image) => image._id === imageId)?.url ?? '';
  if (report.isError || images.isError)
    return (
      <Box data-testid="report-document" data-report-ready="error" p="xl" role="alert">
        <Text c="red">{t('reports.print.failed')}</Text>
      </Box>
    );
  if (!report.data || !images.data)
    return (
      <Center h="100vh">
        <Loader />
      </Center>
    );
  return (
    <ReportDocument
      report={report.data}
      renderWidget={(widget, place) => (
        <WidgetErrorBoundary fallback={<Box h="100%" data-widget-state="error" data-widget-ready="false" />}>
          <WidgetView widget={{ ...widget, location: null }} timezone={tz} imageUrl={imageUrl} dataQuery={printedWidgetDataQuery(access, place.page, place.widget)} />
        </WidgetErrorBoundary>
      )}
    />
  );
};
