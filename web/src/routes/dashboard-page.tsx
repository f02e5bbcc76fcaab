import { AccessibleLocations } from '../features/locations/components/accessible-locations';
import { DashboardOverview } from '../features/overview/components/dashboard-overview';

export const DashboardPage = () => (
  <DashboardOverview>
    <AccessibleLocations />
  </DashboardOverview>
);
