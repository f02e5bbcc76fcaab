import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { can } from '@shared/permissions/abilities';
import { ftpRetrieverQueryOptions } from '../../features/ftp/api/ftp-retrievers';
import { FtpRetrieverForm } from '../../features/ftp/components/ftp-retriever-form';
import { FtpRetrieversList } from '../../features/ftp/components/ftp-retrievers-list';
import { permissionsOf, useLoginPayload } from '../../lib/session';

/** /settings/ftp: the list; create and edit open their own routes. */
export const FtpRetrieversPage = () => {
  const navigate = useNavigate();
  const permissions = permissionsOf(useLoginPayload());
  return (
    <FtpRetrieversList
      canCreate={can(permissions, 'app.settings.ftp', 'create')}
      canEdit={can(permissions, 'app.settings.ftp', 'edit')}
      canDelete={can(permissions, 'app.settings.ftp', 'delete')}
      onCreate={() => void navigate({ to: '/settings/ftp/create' })}
      onEdit={(id) => void navigate({ to: '/settings/ftp/edit/$id', params: { id } })}
    />
  );
};

/** Creating or editing returns to the list, which reloads (spec 3 §2). */
export const FtpCreatePage = () => {
  const navigate = useNavigate();
  return <FtpRetrieverForm retriever={null} onDone={() => void navigate({ to: '/settings/ftp' })} />;
};

const editRoute = getRouteApi('/_app/settings/ftp/edit/$id');

export const FtpEditPage = () => {
  const navigate = useNavigate();
  const { id } = editRoute.useParams();
  const retriever = useSuspenseQuery(ftpRetrieverQueryOptions(id)).data;
  return <FtpRetrieverForm key={retriever._id} retriever={retriever} onDone={() => void navigate({ to: '/settings/ftp' })} />;
};
