import { createHttpHandler, withMessage } from '../middleware/http-handler';
import {
  checkUpdate,
  forceUpdate,
  getApplicationInformation,
  isBackgroundAllowed,
  reportSpy,
  restartApplication,
} from '../services/application-service';
import { getDatabaseDump, startDatabaseDump } from '../services/database-dump-service';
import { getAclScreen, getDefaultAcl, updateAcl, updateDefaultAcl } from '../services/acl-service';
import { getSystemConfigSettings, updateSystemConfigSettings } from '../services/administrator-recipients';
import { logOutConnectedUser, loginAnalytics, messageConnectedUser } from '../services/connected-users-service';
import { getNotificationSettings, updateNotificationSettings } from '../services/notification-settings-service';
import { refreshUserLists } from '../services/user-service';

export const handler = createHttpHandler('application', {
  updateUsers: ({ caller }) => refreshUserLists(caller),
  getApplicationInformation: () => getApplicationInformation(),
  // 'Application is restarting' (spec 1 §8).
  forceRestart: async ({ caller }) => withMessage(await restartApplication(caller), 'application_restarting'),
  downloadDatabase: ({ caller, query }) => startDatabaseDump(caller, query.scope),
  getDatabaseDump: ({ caller, params }) => getDatabaseDump(caller, params.id),
  checkUpdate: () => checkUpdate(),
  forceUpdate: ({ caller }) => forceUpdate(caller),
  isBackgroundAllowed: () => isBackgroundAllowed(),
  reportSpy: ({ caller, body }) => reportSpy(caller, body),
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
