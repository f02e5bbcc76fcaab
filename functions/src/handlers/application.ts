import { createHttpHandler } from '../middleware/http-handler';
import { getAclScreen, getDefaultAcl, updateAcl, updateDefaultAcl } from '../services/acl-service';
import { getSystemConfigSettings, updateSystemConfigSettings } from '../services/administrator-recipients';
import { logOutConnectedUser, loginAnalytics, messageConnectedUser } from '../services/connected-users-service';
import { getNotificationSettings, updateNotificationSettings } from '../services/notification-settings-service';
import { refreshUserLists } from '../services/user-service';

export const handler = createHttpHandler('application', {
  updateUsers: ({ caller }) => refreshUserLists(caller),
  getAcl: ({ caller }) => getAclScreen(caller),
  updateAcl: ({ caller, body }) => updateAcl(caller, body),
  getDefaultAcl: () => getDefaultAcl(),
  updateDefaultAcl: ({ body }) => updateDefaultAcl(body),
  getNotificationSettings: ({ caller }) => getNotificationSettings(caller),
  updateNotificationSettings: ({ caller, body }) => updateNotificationSettings(caller, body),
  getSystemConfig: () => getSystemConfigSettings(),
  updateSystemConfig: ({ body }) => updateSystemConfigSettings(body),
  loginAnalytics: ({ caller }) => loginAnalytics(caller),
  messageConnectedUser: ({ caller, params, body }) => messageConnectedUser(caller, params.id, body),
  logOutConnectedUser: ({ caller, params }) => logOutConnectedUser(caller, params.id),
});
