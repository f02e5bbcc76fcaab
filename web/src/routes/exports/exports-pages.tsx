import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { can } from '@shared/permissions/abilities';
import { decideOwnedAccess } from '@shared/permissions/ownership';
import { exportViewQueryOptions } from '../../features/exports/api/exports';
import { ExportEditor } from '../../features/exports/components/export-editor';
import { ExportReader } from '../../features/exports/components/export-reader';
import { ExportsList } from '../../features/exports/components/exports-list';
import { identityOf, permissionsOf, useLoginPayload } from '../../lib/session';

const useViewer = () => {
  const payload = useLoginPayload();
  return { payload, viewer: { userId: payload.user._id, ...identityOf(payload) }, permissions: permissionsOf(payload) };
};

/** /exports: the list; create, edit and the read view open their own routes. */
export const ExportsPage = () => {
  const navigate = useNavigate();
  const { viewer, permissions } = useViewer();
  return (
    <ExportsList
      viewer={viewer}
      canCreate={can(permissions, 'app.exports', 'create')}
      canEdit={can(permissions, 'app.exports', 'edit')}
      canDelete={can(permissions, 'app.exports', 'delete')}
      onCreate={() => void navigate({ to: '/exports/create' })}
      onShow={(id) => void navigate({ to: '/exports/show/$id', params: { id } })}
      onEdit={(id) => void navigate({ to: '/exports/edit/$id', params: { id } })}
    />
  );
};

export const ExportCreatePage = () => {
  const navigate = useNavigate();
  const { payload } = useViewer();
  return <ExportEditor existing={null} zone={payload.customer.timezone} onDone={() => void navigate({ to: '/exports' })} />;
};

const editRoute = getRouteApi('/_app/exports/edit/$id');

export const ExportEditPage = () => {
  const navigate = useNavigate();
  const { payload } = useViewer();
  const { id } = editRoute.useParams();
  const found = useSuspenseQuery(exportViewQueryOptions(id)).data;
  return <ExportEditor key={found._id} existing={found} zone={payload.customer.timezone} onDone={() => void navigate({ to: '/exports' })} />;
};

const showRoute = getRouteApi('/_app/exports/show/$id');

export const ExportShowPage = () => {
  const navigate = useNavigate();
  const { payload, viewer, permissions } = useViewer();
  const { id } = showRoute.useParams();
  const found = useSuspenseQuery(exportViewQueryOptions(id)).data;
  const mayModify = can(permissions, 'app.exports', 'edit') && decideOwnedAccess(viewer, found, 'modify') === 'allowed';
  return <ExportReader exportId={id} zone={payload.customer.timezone} mayModify={mayModify} onEdit={() => void navigate({ to: '/exports/edit/$id', params: { id } })} />;
};
