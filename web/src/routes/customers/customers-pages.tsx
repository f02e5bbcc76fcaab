import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { can } from '@shared/permissions/abilities';
import { customerQueryOptions } from '../../features/customers/api/customers';
import { CustomerForm } from '../../features/customers/components/customer-form';
import { CustomersList } from '../../features/customers/components/customers-list';
import { permissionsOf, useLoginPayload } from '../../lib/session';
import { timezonesQueryOptions } from '../../lib/timezones';

const LIST = '/settings/system/customers';

/** /settings/system/customers: the list; add and edit open their own routes. */
export const CustomersPage = () => {
  const navigate = useNavigate();
  const payload = useLoginPayload();
  const permissions = permissionsOf(payload);
  return (
    <CustomersList
      currentCustomerId={payload.customer._id}
      canCreate={can(permissions, 'app.settings.system.customers', 'create')}
      canEdit={can(permissions, 'app.settings.system.customers', 'edit')}
      canDelete={can(permissions, 'app.settings.system.customers', 'delete')}
      canRestore={payload.user.is_root}
      onCreate={() => void navigate({ to: '/settings/system/customers/add' })}
      onEdit={(id) => void navigate({ to: '/settings/system/customers/edit/$id', params: { id } })}
    />
  );
};

/** Creating or editing returns to the list, which reloads (spec 3 §2). */
export const CustomerAddPage = () => {
  const navigate = useNavigate();
  const timezones = useSuspenseQuery(timezonesQueryOptions()).data;
  return <CustomerForm customer={null} timezones={timezones} onDone={() => void navigate({ to: LIST })} />;
};

const editRoute = getRouteApi('/_app/settings/system/customers/edit/$id');

export const CustomerEditPage = () => {
  const navigate = useNavigate();
  const { id } = editRoute.useParams();
  const customer = useSuspenseQuery(customerQueryOptions(id)).data;
  const timezones = useSuspenseQuery(timezonesQueryOptions()).data;
  return <CustomerForm key={customer._id} customer={customer} timezones={timezones} onDone={() => void navigate({ to: LIST })} />;
};
