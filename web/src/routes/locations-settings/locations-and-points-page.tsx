import { getRouteApi } from '@tanstack/react-router';
import { LocationsAndPointsScreen } from '../../features/locations-settings/components/locations-and-points-screen';

const route = getRouteApi('/_app/settings/locations_and_points');

/** The selection lives in the URL (`?location=`), so a reload or a shared link opens the same list. */
export const LocationsAndPointsPage = () => {
  const { location } = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <LocationsAndPointsScreen
      initialSelection={location}
      onSelectionChange={(selection) => void navigate({ search: { location: selection }, replace: true })}
    />
  );
};
