import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { can } from '@shared/permissions/abilities';
import { isSuperUser } from '@shared/permissions/roles';
import type { LoginPayload } from '@shared/schemas/session';
import { alertQueryOptions } from '../../features/alerts/api/alerts';
import { AlertForm } from '../../features/alerts/components/alert-form';
import { AlertLogView } from '../../features/alerts/components/alert-log';
import { AlertsList, type AlertUser } from '../../features/alerts/components/alerts-list';
import { rememberedOwner } from '../../features/alerts/hooks/remembered-owner';
import { identityOf, permissionsOf, useLoginPayload } from '../../lib/session';

/** The customer's users by name, the signed-in user among them. */
const usersOf = (payload: LoginPayload): AlertUser[] => {
  const users = payload.customer_users.map((user) => ({ _id: user._id, name: `${user.first_name} ${user.last_name}`.trim() || user.email }));
  if (!users.some((user) => user._id === payload.user._id)) users.unshift({ _id: payload.user._id, name: `${payload.user.first_name} ${payload.user.last_name}`.trim() });
  return users;
};

/** /alerts: the list; add and edit open their own routes. */
export const AlertsPage = () => {
  const navigate = useNavigate();
  const payload = useLoginPayload();
  const permissions = permissionsOf(payload);
  return (
    <AlertsList
      viewer={{ userId: payload.user._id, ...identityOf(payload) }}
      users={usersOf(payload)}
      canCreate={can(permissions, 'app.alerts.view', 'create')}
      canEdit={can(permissions, 'app.alerts.view', 'edit')}
      canDelete={can(permissions, 'app.alerts.view', 'delete')}
      onCreate={() => void navigate({ to: '/alerts/create' })}
      onEdit={(id) => void navigate({ to: '/alerts/edit/$id', params: { id } })}
    />
  );
};

const AlertFormPage = ({ alert }: { alert: Parameters<typeof AlertForm>[0]['alert'] }) => {
  const navigate = useNavigate();
  const payload = useLoginPayload();
  const users = usersOf(payload);
  const mayChooseOwner = isSuperUser(identityOf(payload));
  return (
    <AlertForm
      key={alert?._id ?? 'new'}
      alert={alert}
      viewerId={payload.user._id}
      mayChooseOwner={mayChooseOwner}
      users={users}
      defaultOwner={
        mayChooseOwner
          ? rememberedOwner(
              payload.user._id,
              users.map((user) => user._id),
            )
          : payload.user._id
      }
      zone={payload.customer.timezone}
      onDone={() => void navigate({ to: '/alerts' })}
    />
  );
};

export const AlertCreatePage = () => <AlertFormPage alert={null} />;

const editRoute = getRouteApi('/_app/alerts/edit/$id');

export const AlertEditPage = () => {
  const { id } = editRoute.useParams();
  const alert = useSuspenseQuery(alertQueryOptions(id)).data;
  return <AlertFormPage alert={alert} />;
};

const logRoute = getRouteApi('/_app/alerts/log');

export const AlertLogPage = () => {
  const permissions = permissionsOf(useLoginPayload());
  const { alert } = logRoute.useSearch();
  return <AlertLogView mode="log" initialAlert={alert ?? null} canEdit={can(permissions, 'app.alerts.log', 'edit')} canDelete={can(permissions, 'app.alerts.log', 'delete')} />;
};

export const AlertHistoricalPage = () => <AlertLogView mode="historical" initialAlert={null} canEdit={false} canDelete={false} />;
