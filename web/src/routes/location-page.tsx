import { getRouteApi } from '@tanstack/react-router';
import { LocationPage as LocationDetails } from '../features/locations/components/location-page';

const route = getRouteApi('/_app/locations/$name/$id');

export const LocationPage = () => {
  const { entry } = route.useLoaderData();
  return <LocationDetails {...entry} />;
};
