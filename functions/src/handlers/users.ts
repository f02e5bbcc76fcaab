import { createHttpHandler } from '../middleware/http-handler';
import { requestPasswordReset, setPasswordWithLink } from '../services/password-link-service';
import { acceptRegistration, listPendingRegistrations, refuseRegistration, register } from '../services/registration-service';
import { authenticate, autoLogin, changeCustomer, renewForCaller } from '../services/session-service';
import {
  createCustomerUser,
  createSuperUserAccount,
  deleteCustomerUser,
  deleteSuperUserAccount,
  getCustomerUser,
  getSuperUserAccount,
  listCustomerUsers,
  listSuperUserAccounts,
  updateCustomerUser,
  updateSuperUserAccount,
} from '../services/user-admin-service';
import { markNotificationsRead } from '../services/user-service';
import { removeProfilePicture, unlock, updateProfile, uploadProfilePicture } from '../services/profile-service';

export const handler = createHttpHandler('users', {
  authenticate: ({ body, sourceAddress }) => authenticate(body, sourceAddress),
  autoLogin: ({ body }) => autoLogin(body),
  changeCustomer: ({ caller, body }) => changeCustomer(caller, body.customer),
  setLastNotificationRead: ({ caller }) => markNotificationsRead(caller),
  listUsers: ({ caller }) => listCustomerUsers(caller),
  getUser: ({ caller, params }) => getCustomerUser(caller, params.id),
  createUser: ({ caller, body, headers }) => createCustomerUser(caller, body, headers.language),
  updateUser: ({ caller, body }) => updateCustomerUser(caller, body),
  deleteUser: ({ caller, params }) => deleteCustomerUser(caller, params.id),
  listSuperUsers: () => listSuperUserAccounts(),
  getSuperUser: ({ params }) => getSuperUserAccount(params.id),
  createSuperUser: ({ caller, body, headers }) => createSuperUserAccount(caller, body, headers.language),
  updateSuperUser: ({ caller, body }) => updateSuperUserAccount(caller, body),
  deleteSuperUser: ({ caller, params }) => deleteSuperUserAccount(caller, params.id),
  listRegistrations: () => listPendingRegistrations(),
  acceptRegistration: ({ params, body, headers }) => acceptRegistration(params.id, body, headers.language),
  refuseRegistration: ({ params }) => refuseRegistration(params.id),
  register: ({ body, sourceAddress }) => register(body, sourceAddress),
  forgotPassword: ({ body, headers, sourceAddress }) => requestPasswordReset(body, headers.language, sourceAddress),
  setPassword: ({ body, sourceAddress }) => setPasswordWithLink(body, sourceAddress),
  updateProfile: ({ caller, body }) => updateProfile(caller, body),
  uploadProfilePicture: ({ caller, body }) => uploadProfilePicture(caller, body),
  deleteProfilePicture: ({ caller }) => removeProfilePicture(caller),
  unlock: ({ caller, body }) => unlock(caller, body.password, (user) => renewForCaller(caller, user)),
});
