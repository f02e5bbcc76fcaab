import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Group, Text } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate, useRouter } from '@tanstack/react-router';
import { can } from '@shared/permissions/abilities';
import { reportEditingOf } from '@shared/reports/editing';
import { WidgetErrorBoundary } from '../../components/widget-error-boundary';
import { imagesQueryOptions } from '../../features/images/api/images';
import { ImageGallery } from '../../features/images/components/image-gallery';
import { useImagePicker } from '../../features/images/hooks/use-image-picker';
import { reportQueryOptions } from '../../features/reports/api/reports';
import { ReportEditor } from '../../features/reports/components/report-editor';
import { ReportsList } from '../../features/reports/components/reports-list';
import { WidgetDialog } from '../../features/widget-dialog/components/widget-dialog';
import { WidgetView } from '../../features/widgets/components/widget-view';
import { identityOf, permissionsOf, useLoginPayload } from '../../lib/session';

const useViewer = () => {
  const payload = useLoginPayload();
  return { payload, viewer: { userId: payload.user._id, ...identityOf(payload) }, permissions: permissionsOf(payload) };
};

/** /reports/models: the list; a report opens in the editor on its first page. */
export const ReportModelsPage = () => {
  const navigate = useNavigate();
  const { viewer, permissions } = useViewer();
  return (
    <ReportsList
      viewer={viewer}
      canCreate={can(permissions, 'app.reports.models', 'create')}
      canDelete={can(permissions, 'app.reports.models', 'delete')}
      onOpen={(id) => void navigate({ to: '/reports/models/edit/$id/$page', params: { id, page: '0' } })}
    />
  );
};

const editRoute = getRouteApi('/_app/reports/models/edit/$id/$page');

/**
 * /reports/models/edit/{id}/{page}: the reports feature's editor drawing each widget with the
 * widgets feature (as in a document), editing them in the dashboards' widget dialog, images picked
 * from the gallery.
 */
export const ReportEditPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id, page } = editRoute.useParams();
  const { payload, viewer, permissions } = useViewer();
  const report = useSuspenseQuery(reportQueryOptions(id)).data;
  // A saved new name reaches the crumbs through the loader that names them.
  const router = useRouter();
  const crumbName = useRef(report.name);
  useEffect(() => {
    if (crumbName.current === report.name) return;
    crumbName.current = report.name;
    void router.invalidate();
  }, [report.name, router]);
  const images = useQuery(imagesQueryOptions());
  const picker = useImagePicker();
  const imageUrl = (imageId: string) => images.data?.find((image) => image._id === imageId)?.url ?? '';
  const editable = can(permissions, 'app.reports.models', 'edit') && reportEditingOf(viewer, report) === 'edit';
  const openPage = useCallback(
    (index: number, options?: { replace: boolean }) => void navigate({ to: '/reports/models/edit/$id/$page', params: { id, page: String(index) }, replace: options?.replace }),
    [navigate, id],
  );
  return (
    <>
      <ReportEditor
        key={report._id}
        report={report}
        pageIndex={/^\d+$/.test(page) ? Number(page) : Number.NaN}
        editable={editable}
        onOpenPage={openPage}
        onOpenReport={(other) => void navigate({ to: '/reports/models/edit/$id/$page', params: { id: other, page: '0' } })}
        renderWidget={(widget, controls) => (
          <WidgetErrorBoundary
            fallback={
              <Alert color="red" title={t('errors.titles.error')} h="100%">
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm">{t('errors.generic')}</Text>
                  {controls}
                </Group>
              </Alert>
            }
          >
            <WidgetView widget={{ ...widget, location: null }} controls={controls} timezone={payload.customer.timezone} imageUrl={imageUrl} asDocument />
          </WidgetErrorBoundary>
        )}
        renderDialog={(slot) => <WidgetDialog {...slot} context="report" onPickImage={() => picker.pick()} />}
      />
      <ImageGallery opened={picker.opened} onClose={picker.onClose} onPick={picker.onPick} />
    </>
  );
};
