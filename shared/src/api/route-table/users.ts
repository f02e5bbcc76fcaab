import * as z from 'zod';
import { authenticateRequestSchema, autoLoginRequestSchema, changeCustomerRequestSchema, loginPayloadSchema, renewedPayloadSchema } from '../../schemas/session';
import { profilePictureUploadSchema, profileUpdateSchema, unlockRequestSchema } from '../../schemas/profile';
import { idSchema } from '../../schemas/common';
import { userSchema } from '../../schemas/user';
import {
  acknowledgedSchema,
  forgotPasswordRequestSchema,
  registrationAcceptSchema,
  registrationRequestSchema,
  registrationSchema,
  setPasswordRequestSchema,
  superUserInputSchema,
  superUserUpdateSchema,
  userInputSchema,
  userUpdateSchema,
} from '../../schemas/user-admin';
import { notificationsReadResponseSchema } from '../responses';
import { route, publicRoute, ANY_SIGNED_IN_USER, byId, type GroupRoutes } from '../define-route';

const USERS = { permission: 'app.settings.users' } as const;
const SUPER_USERS = { permission: 'app.settings.su' } as const;
const PROFILE = { permission: 'app.settings.profile' } as const;

/** The routes the `users` function serves. */
export const usersRoutes = {
  authenticate: publicRoute('POST', '/api/v1/users/authenticate', 'users', { body: authenticateRequestSchema, response: loginPayloadSchema }),
  autoLogin: publicRoute('POST', '/api/v1/users/auto_login', 'users', { body: autoLoginRequestSchema, response: renewedPayloadSchema }),
  changeCustomer: route('POST', '/api/v1/users/change-customer', 'users', {
    permission: 'app.show_all_customers',
    body: changeCustomerRequestSchema,
    response: loginPayloadSchema,
  }),
  setLastNotificationRead: route('GET', '/api/v1/users/set_last_notification_read', 'users', {
    permission: ANY_SIGNED_IN_USER,
    response: notificationsReadResponseSchema,
  }),
  // Customer users (spec 3 §7 "Users"): administrators of the customer, super users and root.
  listUsers: route('GET', '/api/v1/users', 'users', { ...USERS, response: z.array(userSchema) }),
  getUser: route('GET', '/api/v1/users/{id}', 'users', { ...USERS, params: byId, response: userSchema }),
  createUser: route('POST', '/api/v1/users', 'users', { ...USERS, action: 'create', body: userInputSchema, response: userSchema }),
  updateUser: route('PUT', '/api/v1/users', 'users', { ...USERS, action: 'edit', body: userUpdateSchema, response: userSchema }),
  deleteUser: route('DELETE', '/api/v1/users/{id}', 'users', { ...USERS, action: 'delete', params: byId, response: z.object({ deleted: idSchema }) }),
  // Super users (spec 3 §7 lists the reads; the writes are ours): super users and root.
  listSuperUsers: route('GET', '/api/v1/su', 'users', { ...SUPER_USERS, response: z.array(userSchema) }),
  getSuperUser: route('GET', '/api/v1/su/{id}', 'users', { ...SUPER_USERS, params: byId, response: userSchema }),
  createSuperUser: route('POST', '/api/v1/su', 'users', { ...SUPER_USERS, action: 'create', body: superUserInputSchema, response: userSchema }),
  updateSuperUser: route('PUT', '/api/v1/su', 'users', { ...SUPER_USERS, action: 'edit', body: superUserUpdateSchema, response: userSchema }),
  deleteSuperUser: route('DELETE', '/api/v1/su/{id}', 'users', { ...SUPER_USERS, action: 'delete', params: byId, response: z.object({ deleted: idSchema }) }),
  // Registrations wait for root or a super user to accept them into a customer (or refuse them).
  listRegistrations: route('GET', '/api/v1/registrations', 'users', { ...SUPER_USERS, response: z.array(registrationSchema) }),
  acceptRegistration: route('POST', '/api/v1/registrations/{id}/accept', 'users', {
    ...SUPER_USERS,
    action: 'create',
    params: byId,
    body: registrationAcceptSchema,
    response: userSchema,
  }),
  refuseRegistration: route('DELETE', '/api/v1/registrations/{id}', 'users', { ...SUPER_USERS, action: 'delete', params: byId, response: z.object({ deleted: idSchema }) }),
  // Public account screens: their answers never tell whether an e-mail is known.
  register: publicRoute('POST', '/api/v1/users/register', 'users', { body: registrationRequestSchema, response: acknowledgedSchema }),
  forgotPassword: publicRoute('POST', '/api/v1/users/forgot-password', 'users', { body: forgotPasswordRequestSchema, response: acknowledgedSchema }),
  setPassword: publicRoute('POST', '/api/v1/users/set-password', 'users', { body: setPasswordRequestSchema, response: z.object({ email: z.string() }) }),
  // Profile (spec 3 §5): every user edits their own; the lock screen unlocks with the password (spec 1 §2.1).
  updateProfile: route('PUT', '/api/v1/users/profile', 'users', { ...PROFILE, action: 'edit', body: profileUpdateSchema, response: userSchema }),
  uploadProfilePicture: route('POST', '/api/v1/users/profile/picture', 'users', {
    ...PROFILE,
    action: 'edit',
    body: profilePictureUploadSchema,
    response: userSchema,
  }),
  deleteProfilePicture: route('DELETE', '/api/v1/users/profile/picture', 'users', { ...PROFILE, action: 'edit', response: userSchema }),
  unlock: route('POST', '/api/v1/users/unlock', 'users', { permission: ANY_SIGNED_IN_USER, body: unlockRequestSchema, response: loginPayloadSchema }),
} satisfies GroupRoutes<'users'>;
