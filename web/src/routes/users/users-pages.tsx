import { useMemo } from 'react';
import { Stack } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { can } from '@shared/permissions/abilities';
import { buildLocationTree } from '@shared/permissions/location-visibility';
import { rolesOfferedForSuperUser, rolesOfferedForUser } from '@shared/users/user-rules';
import { userQueryOptions } from '../../features/users/api/users';
import { RegistrationsList } from '../../features/users/components/registrations-list';
import { UserForm } from '../../features/users/components/user-form';
import { UsersList } from '../../features/users/components/users-list';
import { identityOf, permissionsOf, useLoginPayload } from '../../lib/session';
import { locationsInTree, visibleLocationsOf } from '../../lib/visible-locations';
import type { RightsLocation } from '../../features/users/components/location-rights-tree';

/** The customer's locations a member may be given, as the session knows them. */
const useCustomerLocations = () => useLoginPayload().locations_flattened.map(({ _id, name }) => ({ _id, name }));

/** The same as a tree, each with its address (from the visible tree) to be found by. */
const useCustomerLocationTree = (): RightsLocation[] => {
  const payload = useLoginPayload();
  return useMemo(() => {
    const addresses = new Map(locationsInTree(visibleLocationsOf(payload)).map(({ location }) => [location._id, location.address ?? null]));
    const tree = buildLocationTree(payload.locations_flattened.map((location) => ({ ...location, address: addresses.get(location._id) ?? null })));
    return tree as unknown as RightsLocation[];
  }, [payload]);
};

/** /settings/users: the current customer's users. */
export const UsersPage = () => {
  const navigate = useNavigate();
  const payload = useLoginPayload();
  const permissions = permissionsOf(payload);
  const locations = useCustomerLocations();
  return (
    <UsersList
      kind="users"
      currentUserId={payload.user._id}
      currentIsRoot={payload.user.is_root}
      locationNames={new Map(locations.map((location) => [location._id, location.name]))}
      canCreate={can(permissions, 'app.settings.users', 'create')}
      canEdit={can(permissions, 'app.settings.users', 'edit')}
      canDelete={can(permissions, 'app.settings.users', 'delete')}
      onCreate={() => void navigate({ to: '/settings/users/add' })}
      onEdit={(userId) => void navigate({ to: '/settings/users/edit/$userId', params: { userId } })}
    />
  );
};

export const UserAddPage = () => {
  const navigate = useNavigate();
  const payload = useLoginPayload();
  return <UserForm kind="users" user={null} roles={rolesOfferedForUser(identityOf(payload), false)} locations={useCustomerLocationTree()} onDone={() => void navigate({ to: '/settings/users' })} />;
};

const userEditRoute = getRouteApi('/_app/settings/users/edit/$userId');

export const UserEditPage = () => {
  const navigate = useNavigate();
  const payload = useLoginPayload();
  const { userId } = userEditRoute.useParams();
  const user = useSuspenseQuery(userQueryOptions('users', userId)).data;
  return (
    <UserForm key={user._id} kind="users" user={user} roles={rolesOfferedForUser(identityOf(payload), true)} locations={useCustomerLocationTree()} onDone={() => void navigate({ to: '/settings/users' })} />
  );
};

/** /settings/su: the super users, and the registrations waiting for acceptance. */
export const SuperUsersPage = () => {
  const navigate = useNavigate();
  const payload = useLoginPayload();
  const permissions = permissionsOf(payload);
  const locations = useCustomerLocations();
  return (
    <Stack gap="xl">
      <UsersList
        kind="su"
        currentUserId={payload.user._id}
      currentIsRoot={payload.user.is_root}
        locationNames={new Map()}
        canCreate={can(permissions, 'app.settings.su', 'create')}
        canEdit={can(permissions, 'app.settings.su', 'edit')}
        canDelete={can(permissions, 'app.settings.su', 'delete')}
        onCreate={() => void navigate({ to: '/settings/su/add' })}
        onEdit={(userId) => void navigate({ to: '/settings/su/edit/$userId', params: { userId } })}
      />
      <RegistrationsList customer={payload.customer} locations={locations} />
    </Stack>
  );
};

export const SuperUserAddPage = () => {
  const navigate = useNavigate();
  const payload = useLoginPayload();
  return <UserForm kind="su" user={null} roles={rolesOfferedForSuperUser(identityOf(payload), false)} locations={[]} onDone={() => void navigate({ to: '/settings/su' })} />;
};

const superUserEditRoute = getRouteApi('/_app/settings/su/edit/$userId');

export const SuperUserEditPage = () => {
  const navigate = useNavigate();
  const payload = useLoginPayload();
  const { userId } = superUserEditRoute.useParams();
  const user = useSuspenseQuery(userQueryOptions('su', userId)).data;
  return <UserForm key={user._id} kind="su" user={user} roles={rolesOfferedForSuperUser(identityOf(payload), true)} locations={[]} onDone={() => void navigate({ to: '/settings/su' })} />;
};
