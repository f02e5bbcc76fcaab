import { createHttpHandler } from '../middleware/http-handler';
import { listUnreadNotifications } from '../services/notification-service';

export const handler = createHttpHandler('notifications', {
  listUnreadNotifications: ({ caller }) => listUnreadNotifications(caller),
});
