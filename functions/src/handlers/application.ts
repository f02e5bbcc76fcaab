import { createHttpHandler, withMessage } from '../middleware/http-handler';
import {
  checkUpdate,
  forceUpdate,
  getApplicationInformation,
  isBackgroundAllowed,
  reportSpy,
  restartApplication,
} from '../services/application-service';
import { dumpDatabase } from '../services/database-dump-service';
import { refreshUserLists } from '../services/user-service';

export const handler = createHttpHandler('application', {
  updateUsers: ({ caller }) => refreshUserLists(caller),
  getApplicationInformation: () => getApplicationInformation(),
  // 'Application is restarting' (spec 1 §8).
  forceRestart: async ({ caller }) => withMessage(await restartApplication(caller), 'application_restarting'),
  downloadDatabase: ({ caller, query }) => dumpDatabase(caller, query.scope),
  checkUpdate: () => checkUpdate(),
  forceUpdate: ({ caller }) => forceUpdate(caller),
  isBackgroundAllowed: () => isBackgroundAllowed(),
  reportSpy: ({ caller, body }) => reportSpy(caller, body),
});
