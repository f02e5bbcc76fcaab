import { getRouteApi } from '@tanstack/react-router';
import { MaplyticsScreen } from '../../features/maplytics/components/maplytics-screen';
import { config } from '../../config';

const route = getRouteApi('/_app/maplytics');

export const MaplyticsPage = () => {
  const { location } = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <MaplyticsScreen
      styleUrl={config().mapStyleUrl}
      selected={location ?? null}
      onSelect={(id) => void navigate({ search: id ? { location: id } : {}, replace: true })}
    />
  );
};
