import * as z from 'zod';
import { notificationDoneSchema, notificationPageParamsSchema, notificationPageSchema, notificationSchema } from '../../schemas/notification';
import { route, type GroupRoutes } from '../define-route';

const NOTIFICATIONS = { permission: 'app.notifications' } as const;

/** The routes the `notifications` function serves. */
export const notificationsRoutes = {
  // Notifications (spec 2 §7): not premium.
  listUnreadNotifications: route('GET', '/api/v1/notifications/unread', 'notifications', {
    ...NOTIFICATIONS,
    response: z.object({ new: z.array(notificationSchema) }),
  }),
  listNotifications: route('GET', '/api/v1/notifications/{skip}/{limit}', 'notifications', {
    ...NOTIFICATIONS,
    params: notificationPageParamsSchema,
    response: notificationPageSchema,
  }),
  markNotificationDone: route('PUT', '/api/v1/notifications/done', 'notifications', {
    ...NOTIFICATIONS,
    action: 'edit',
    body: notificationDoneSchema,
    response: notificationSchema,
  }),
} satisfies GroupRoutes<'notifications'>;
