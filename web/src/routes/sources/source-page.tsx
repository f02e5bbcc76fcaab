import { Stack } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { isProviderType, type SourceType } from '@shared/schemas/source';
import { sourceQueryOptions } from '../../features/sources/api/sources';
import { SourceDiscovery } from '../../features/sources/components/source-discovery';
import { SourceForm } from '../../features/sources/components/source-form';

const createRoute = getRouteApi('/_app/settings/sources/create/$type');
const editRoute = getRouteApi('/_app/settings/sources/edit/$type/$id');

/** `/settings/sources/create/{type}`: a new source of that type; back to the list on success. */
export const SourceCreatePage = () => {
  const { type } = createRoute.useParams();
  const navigate = useNavigate();
  const toList = () => void navigate({ to: '/settings/sources' });
  return <SourceForm key={type} type={type as SourceType} source={null} onSaved={toList} onCancel={toList} />;
};

/** `/settings/sources/edit/{type}/{id}`: the source's form, and for provider sources their discovery. */
export const SourceEditPage = () => {
  const { id } = editRoute.useParams();
  const navigate = useNavigate();
  const { data: source } = useSuspenseQuery(sourceQueryOptions(id));
  const toList = () => void navigate({ to: '/settings/sources' });
  return (
    <Stack gap="lg" maw={880}>
      <SourceForm key={source._id} type={source.type} source={source} onSaved={toList} onCancel={toList} />
      {isProviderType(source.type) && <SourceDiscovery source={source} />}
    </Stack>
  );
};
