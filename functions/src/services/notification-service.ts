import { listNotificationsOfUser } from '../data/notification-repository';
import type { Caller } from './session-service';

/** Unread notifications of the caller in the current customer, newest first. */
export const listUnreadNotifications = async (caller: Caller) => {
  if (!caller.customerId) return { new: [] };
  const notifications = await listNotificationsOfUser(caller.customerId, caller.userId);
  return {
    new: notifications.filter((item) => item.unread).sort((a, b) => b.created_at.localeCompare(a.created_at)),
  };
};
