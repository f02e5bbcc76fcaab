import { createHttpHandler } from '../middleware/http-handler';
import { authenticate, autoLogin, changeCustomer } from '../services/session-service';
import { markNotificationsRead } from '../services/user-service';

export const handler = createHttpHandler('users', {
  authenticate: ({ body }) => authenticate(body),
  autoLogin: ({ body }) => autoLogin(body),
  changeCustomer: ({ caller, body }) => changeCustomer(caller, body.customer),
  setLastNotificationRead: ({ caller }) => markNotificationsRead(caller),
});
