import { queryOptions } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import type { RegistrationAccept, SuperUserInput, UserInput } from '@shared/schemas/user-admin';
import { callApi } from '../../../lib/http';

/** Customer users (`users`) and super users (`su`) share the screens; their calls differ. */
export type UserListKind = 'users' | 'su';

export const USER_KEYS = {
  all: (kind: UserListKind) => [kind] as const,
  one: (kind: UserListKind, id: string) => [kind, id] as const,
  registrations: ['registrations'] as const,
};

export const usersQueryOptions = (kind: UserListKind) =>
  queryOptions({ queryKey: USER_KEYS.all(kind), queryFn: () => (kind === 'users' ? callApi(API.listUsers, {}) : callApi(API.listSuperUsers, {})) });

export const userQueryOptions = (kind: UserListKind, id: string) =>
  queryOptions({
    queryKey: USER_KEYS.one(kind, id),
    queryFn: () => (kind === 'users' ? callApi(API.getUser, { params: { id } }) : callApi(API.getSuperUser, { params: { id } })),
  });

export const createUser = (input: UserInput) => callApi(API.createUser, { body: input });
export const updateUser = (id: string, input: UserInput) => callApi(API.updateUser, { body: { ...input, _id: id } });
export const createSuperUser = (input: SuperUserInput) => callApi(API.createSuperUser, { body: input });
export const updateSuperUser = (id: string, input: SuperUserInput) => callApi(API.updateSuperUser, { body: { ...input, _id: id } });

export const deleteUserOf = (kind: UserListKind, id: string) =>
  kind === 'users' ? callApi(API.deleteUser, { params: { id } }) : callApi(API.deleteSuperUser, { params: { id } });

export const registrationsQueryOptions = () => queryOptions({ queryKey: USER_KEYS.registrations, queryFn: () => callApi(API.listRegistrations, {}) });

export const acceptRegistration = (id: string, choice: RegistrationAccept) => callApi(API.acceptRegistration, { params: { id }, body: choice });

export const refuseRegistration = (id: string) => callApi(API.refuseRegistration, { params: { id } });
