import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { can } from '@shared/permissions/abilities';
import { reminderQueryOptions } from '../../features/reminders/api/reminders';
import { ReminderForm } from '../../features/reminders/components/reminder-form';
import { RemindersList } from '../../features/reminders/components/reminders-list';
import { identityOf, permissionsOf, useLoginPayload } from '../../lib/session';

/** /reminders: the list; add and edit open their own routes. */
export const RemindersPage = () => {
  const navigate = useNavigate();
  const payload = useLoginPayload();
  const permissions = permissionsOf(payload);
  return (
    <RemindersList
      viewer={{ userId: payload.user._id, ...identityOf(payload) }}
      canCreate={can(permissions, 'app.reminders', 'create')}
      canEdit={can(permissions, 'app.reminders', 'edit')}
      canDelete={can(permissions, 'app.reminders', 'delete')}
      onCreate={() => void navigate({ to: '/reminders/add' })}
      onEdit={(id) => void navigate({ to: '/reminders/edit/$id', params: { id } })}
    />
  );
};

/** Creating or editing goes back to the list on success (spec 2 §2). */
export const ReminderAddPage = () => {
  const navigate = useNavigate();
  const { customer } = useLoginPayload();
  return <ReminderForm reminder={null} zone={customer.timezone} onDone={() => void navigate({ to: '/reminders' })} />;
};

const editRoute = getRouteApi('/_app/reminders/edit/$id');

export const ReminderEditPage = () => {
  const navigate = useNavigate();
  const { customer } = useLoginPayload();
  const { id } = editRoute.useParams();
  const reminder = useSuspenseQuery(reminderQueryOptions(id)).data;
  return <ReminderForm key={reminder._id} reminder={reminder} zone={customer.timezone} onDone={() => void navigate({ to: '/reminders' })} />;
};
