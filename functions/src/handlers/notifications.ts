import { createHttpHandler } from '../middleware/http-handler';
import { listNotificationPage, listUnreadNotifications, markDone } from '../services/notification-service';

export const handler = createHttpHandler('notifications', {
  listUnreadNotifications: ({ caller }) => listUnreadNotifications(caller),
  listNotifications: ({ caller, params }) => listNotificationPage(caller, params.skip, params.limit),
  markNotificationDone: ({ caller, body }) => markDone(caller, body._id),
});
