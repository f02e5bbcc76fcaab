import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { can } from '@shared/permissions/abilities';
import { subscriptionQueryOptions } from '../../features/subscriptions/api/subscriptions';
import { SubscriptionScreen } from '../../features/subscriptions/components/subscription-form';
import { SubscriptionsWorkspace } from '../../features/subscriptions/components/subscriptions-workspace';
import { identityOf, permissionsOf, useLoginPayload } from '../../lib/session';

/** /reports/subscriptions: the list and its side edit panel; create (and edit on phones) open their own routes. */
export const SubscriptionsPage = () => {
  const navigate = useNavigate();
  const payload = useLoginPayload();
  const permissions = permissionsOf(payload);
  return (
    <SubscriptionsWorkspace
      viewer={{ userId: payload.user._id, ...identityOf(payload) }}
      zone={payload.customer.timezone}
      canCreate={can(permissions, 'app.reports.subscriptions', 'create')}
      canEdit={can(permissions, 'app.reports.subscriptions', 'edit')}
      canDelete={can(permissions, 'app.reports.subscriptions', 'delete')}
      onOpenEditScreen={(id) => void navigate({ to: '/reports/subscriptions/edit/$id', params: { id } })}
      onCreate={() => void navigate({ to: '/reports/subscriptions/create' })}
    />
  );
};

/** Creating or editing goes back to the list on success. */
export const SubscriptionCreatePage = () => {
  const navigate = useNavigate();
  const { customer } = useLoginPayload();
  return <SubscriptionScreen subscription={null} zone={customer.timezone} onDone={() => void navigate({ to: '/reports/subscriptions' })} />;
};

const editRoute = getRouteApi('/_app/reports/subscriptions/edit/$id');

export const SubscriptionEditPage = () => {
  const navigate = useNavigate();
  const { customer } = useLoginPayload();
  const { id } = editRoute.useParams();
  const subscription = useSuspenseQuery(subscriptionQueryOptions(id)).data;
  return <SubscriptionScreen key={subscription._id} subscription={subscription} zone={customer.timezone} onDone={() => void navigate({ to: '/reports/subscriptions' })} />;
};
