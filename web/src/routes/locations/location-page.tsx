import { Stack } from '@mantine/core';
import { getRouteApi, useMatch, useNavigate } from '@tanstack/react-router';
import { LocationPage as LocationDetails } from '../../features/locations/components/location-page';
import { locationSlug, tabSlug } from '../../lib/visible-locations';
import { WidgetPage } from '../widget-page';

const route = getRouteApi('/_app/locations/$name/$id');

/** /locations/{name}/{id}[/{tab_name}/{tab_id}]: the location, then its widgets and tabs. */
export const LocationPage = () => {
  const { entry } = route.useLoaderData();
  const navigate = useNavigate();
  const tabMatch = useMatch({ from: '/_app/locations/$name/$id/$tabName/$tabId', shouldThrow: false });
  const { location } = entry;
  const page = { name: locationSlug(location), id: location._id };
  return (
    <Stack gap="lg">
      <LocationDetails {...entry} />
      <WidgetPage
        locationId={location._id}
        tabId={tabMatch?.params.tabId ?? null}
        onOpenTab={(tab) =>
          void (tab
            ? navigate({ to: '/locations/$name/$id/$tabName/$tabId', params: { ...page, tabName: tabSlug(tab.name), tabId: tab._id } })
            : navigate({ to: '/locations/$name/$id', params: page }))
        }
      />
    </Stack>
  );
};
