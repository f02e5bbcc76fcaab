import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Stack } from '@mantine/core';
import { DashboardOverview } from '../../features/overview/components/dashboard-overview';
import { tabSlug } from '../../lib/visible-locations';
import { WidgetPage } from '../widget-page';

const tabRoute = getRouteApi('/_app/dashboard/$tabName/$tabId');

const Page = ({ tabId }: { tabId: string | null }) => {
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <DashboardOverview />
      <WidgetPage
        locationId={null}
        tabId={tabId}
        onOpenTab={(tab) =>
          void (tab ? navigate({ to: '/dashboard/$tabName/$tabId', params: { tabName: tabSlug(tab.name), tabId: tab._id } }) : navigate({ to: '/dashboard' }))
        }
      />
    </Stack>
  );
};

/** /dashboard: the user's dashboard and its tabs. */
export const DashboardPage = () => <Page tabId={null} />;

/** /dashboard/{tab_name}/{tab_id}. */
export const DashboardTabPage = () => {
  const { tabId } = tabRoute.useParams();
  return <Page tabId={tabId} />;
};
