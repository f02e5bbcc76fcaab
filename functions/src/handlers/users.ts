import { createHttpHandler } from '../middleware/http-handler';
import { authenticate, autoLogin, changeCustomer, renewForCaller } from '../services/session-service';
import { markNotificationsRead } from '../services/user-service';
import { removeProfilePicture, unlock, updateProfile, uploadProfilePicture } from '../services/profile-service';

export const handler = createHttpHandler('users', {
  authenticate: ({ body }) => authenticate(body),
  autoLogin: ({ body }) => autoLogin(body),
  changeCustomer: ({ caller, body }) => changeCustomer(caller, body.customer),
  setLastNotificationRead: ({ caller }) => markNotificationsRead(caller),
  updateProfile: ({ caller, body }) => updateProfile(caller, body),
  uploadProfilePicture: ({ caller, body }) => uploadProfilePicture(caller, body),
  deleteProfilePicture: ({ caller }) => removeProfilePicture(caller),
  unlock: ({ caller, body }) => unlock(caller, body.password, (user) => renewForCaller(caller, user)),
});
