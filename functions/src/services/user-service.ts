import type { UserSummary } from '@shared/schemas/user';
import { listSuperUsers, listUsersOfCustomer, setLastNotificationRead } from '../data/user-repository';
import { type Caller } from './caller';

export const markNotificationsRead = async (caller: Caller, now: Date = new Date()) => {
  const at = now.toISOString();
  await setLastNotificationRead(caller.homeCustomerId, caller.userId, at);
  return { last_notification_read: at };
};

const summary = ({ _id, first_name, last_name, email, type }: UserSummary): UserSummary => ({
  _id,
  first_name,
  last_name,
  email,
  type,
});

/** The customer-user and super-user lists (only root may refresh them: a root-only route, spec 1 §6). */
export const refreshUserLists = async (caller: Caller) => {
  const [customerUsers, superUsers] = await Promise.all([
    caller.customerId ? listUsersOfCustomer(caller.customerId) : Promise.resolve([]),
    listSuperUsers(),
  ]);
  return { customer_users: customerUsers.map(summary), super_users: superUsers.map(summary) };
};
