import { authenticateRequestSchema, autoLoginRequestSchema, changeCustomerRequestSchema } from '@shared/schemas/session';
import { createHttpHandler, operation } from '../middleware/http-handler';
import { authenticate, autoLogin, changeCustomer } from '../services/session-service';
import { markNotificationsRead } from '../services/user-service';
import { requireCaller } from '../middleware/require-caller';

export const handler = createHttpHandler('users', {
  authenticate: operation({ body: authenticateRequestSchema, run: ({ body }) => authenticate(body) }),
  autoLogin: operation({ body: autoLoginRequestSchema, run: ({ body }) => autoLogin(body) }),
  changeCustomer: operation({
    body: changeCustomerRequestSchema,
    run: (request) => changeCustomer(requireCaller(request), request.body.customer),
  }),
  setLastNotificationRead: operation({ run: (request) => markNotificationsRead(requireCaller(request)) }),
});
