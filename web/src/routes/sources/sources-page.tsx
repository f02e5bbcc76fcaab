import { getRouteApi } from '@tanstack/react-router';
import { SourcesList } from '../../features/sources/components/sources-list';

const route = getRouteApi('/_app/settings/sources');

export const SourcesPage = () => {
  const navigate = route.useNavigate();
  return (
    <SourcesList
      onCreate={(type) => void navigate({ to: '/settings/sources/create/$type', params: { type } })}
      onEdit={(source) => void navigate({ to: '/settings/sources/edit/$type/$id', params: { type: source.type, id: source._id } })}
    />
  );
};
