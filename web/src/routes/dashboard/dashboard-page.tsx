import { useMatch, useNavigate } from '@tanstack/react-router';
import { Stack } from '@mantine/core';
import { DashboardOverview } from '../../features/overview/components/dashboard-overview';
import { tabSlug } from '../../lib/visible-locations';
import { WidgetPage } from '../widget-page';

/** /dashboard[/{tab_name}/{tab_id}]: the user's dashboard and its tabs. */
export const DashboardPage = () => {
  const navigate = useNavigate();
  const tabMatch = useMatch({ from: '/_app/dashboard/$tabName/$tabId', shouldThrow: false });
  return (
    <Stack gap="lg">
      <DashboardOverview />
      <WidgetPage
        locationId={null}
        tabId={tabMatch?.params.tabId ?? null}
        onOpenTab={(tab) =>
          void (tab ? navigate({ to: '/dashboard/$tabName/$tabId', params: { tabName: tabSlug(tab.name), tabId: tab._id } }) : navigate({ to: '/dashboard' }))
        }
      />
    </Stack>
  );
};
