import type { NotificationItem } from '@shared/schemas/notification';
import { listNotificationsOfUser, markNotificationDone } from '../data/notification-repository';
import { customerOf, type Caller } from './caller';

const newestFirst = (a: NotificationItem, b: NotificationItem) => b.created_at.localeCompare(a.created_at) || b._id.localeCompare(a._id);

/** Unread notifications of the caller in the current customer, newest first. */
export const listUnreadNotifications = async (caller: Caller) => {
  if (!caller.customerId) return { new: [] };
  const notifications = await listNotificationsOfUser(caller.customerId, caller.userId);
  return { new: notifications.filter((item) => item.unread).sort(newestFirst) };
};

/**
 * A page of the caller's notifications (spec 2 §2 "Notifications", §9: page size 20, skip grows by
 * the limit): the list is new (unread) entries first, then old ones, each newest first; the page
 * is split back into `new` and `old`.
 */
export const listNotificationPage = async (caller: Caller, skip: number, limit: number) => {
  if (!caller.customerId) return { new: [], old: [] };
  const notifications = await listNotificationsOfUser(caller.customerId, caller.userId);
  const unread = notifications.filter((item) => item.unread).sort(newestFirst);
  const done = notifications.filter((item) => !item.unread).sort(newestFirst);
  const page = [...unread, ...done].slice(skip, skip + limit);
  return { new: page.filter((item) => item.unread), old: page.filter((item) => !item.unread) };
};

/** Marks one of the caller's notifications done; someone else's answers 404. */
export const markDone = (caller: Caller, notificationId: string): Promise<NotificationItem> =>
  markNotificationDone(customerOf(caller), caller.userId, notificationId, new Date().toISOString());
