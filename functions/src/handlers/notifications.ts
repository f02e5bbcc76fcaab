import { createHttpHandler, operation } from '../middleware/http-handler';
import { requireCaller } from '../middleware/require-caller';
import { listUnreadNotifications } from '../services/notification-service';

export const handler = createHttpHandler('notifications', {
  listUnreadNotifications: operation({ run: (request) => listUnreadNotifications(requireCaller(request)) }),
});
