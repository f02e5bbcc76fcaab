import { toSchedulerExpression } from '@shared/alerts/cron';
import { isSuperUser } from '@shared/permissions/roles';
import { missingSubscriptionFields, type ParsedSubscriptionInput, type Subscription } from '@shared/schemas/subscription';
import { deleteSubscription, getSubscription, listSubscriptionsOfCustomer, putNewSubscription, saveSubscription } from '../data/subscription-repository';
import { AppError } from '../errors';
import { customerOf, viewerOf, type Caller } from './caller';
import { zoneOfCustomer } from './customer-zone';
import { newId } from './new-id';
import { assertAccess, ownerOfNewObject } from './owned-access';
import { putSchedule, removeSchedule, type ScheduledTarget } from './schedule-service';

/**
 * Report subscriptions (spec 2 §3, §5): a report e-mailed as a PDF on a cron time, each with one
 * EventBridge Scheduler schedule named by its id, read in the customer's time zone, enabled while
 * the subscription is active. Who may see, change or delete one is the ownership step's to decide
 * (route table `owned` rules); the report it names must be one the caller may read.
 */

export const subscriptionTarget = (customerId: string, subscriptionId: string): ScheduledTarget => ({ kind: 'subscription', id: subscriptionId, customerId });

const requireSubscription = async (customerId: string, subscriptionId: string): Promise<Subscription> => {
  const found = await getSubscription(customerId, subscriptionId);
  if (!found) throw new AppError('subscription_not_found');
  return found;
};

/**
 * 'Fields name, report and to (email) are required', then the report: another customer's, or
 * someone else's that is not shared, answers `report_not_found` like the report's own routes do.
 */
const assertValid = async (caller: Caller, customerId: string, input: ParsedSubscriptionInput): Promise<{ name: string; report: string }> => {
  if (missingSubscriptionFields(input).length > 0 || !input.report) throw new AppError('subscription_fields_required');
  await assertAccess(customerId, viewerOf(caller), 'report', input.report, 'read');
  return { name: input.name.trim(), report: input.report };
};

const settingsOf = (input: ParsedSubscriptionInput) => ({
  type: input.type,
  cron_time: input.cron_time,
  active: input.active,
  email: input.email,
  sharing: input.sharing,
});

/** The schedule of a subscription as it is now: an inactive one keeps a disabled schedule. */
export const syncSubscriptionSchedule = (subscription: Subscription): Promise<void> =>
  putSchedule(subscriptionTarget(subscription.customer, subscription._id), {
    expression: toSchedulerExpression(subscription.cron_time),
    timezone: subscription.timezone,
    enabled: subscription.active,
  });

export const listSubscriptions = (caller: Caller): Promise<Subscription[]> => listSubscriptionsOfCustomer(customerOf(caller));

export const getSubscriptionOf = (caller: Caller, subscriptionId: string): Promise<Subscription> => requireSubscription(customerOf(caller), subscriptionId);

/** A new subscription and its schedule; without a schedule there is no subscription (a failure removes it again). */
export const createSubscription = async (caller: Caller, input: ParsedSubscriptionInput): Promise<Subscription> => {
  const customerId = customerOf(caller);
  const { name, report } = await assertValid(caller, customerId, input);
  const now = new Date().toISOString();
  const subscription: Subscription = {
    _id: newId('subscription'),
    customer: customerId,
    user: await ownerOfNewObject(caller, customerId, input.user),
    name,
    report,
    ...settingsOf(input),
    timezone: await zoneOfCustomer(customerId),
    created_at: now,
    updated_at: now,
  };
  await putNewSubscription(subscription);
  try {
    await syncSubscriptionSchedule(subscription);
  } catch (error) {
    await deleteSubscription(customerId, subscription._id);
    throw error;
  }
  return subscription;
};

/** Saves a subscription and brings its schedule in step. The owner stays, unless a super user hands it to another user. */
export const updateSubscriptionOf = async (caller: Caller, input: ParsedSubscriptionInput & { _id: string }): Promise<Subscription> => {
  const customerId = customerOf(caller);
  const existing = await requireSubscription(customerId, input._id);
  const { name, report } = await assertValid(caller, customerId, input);
  const owner = input.user && input.user !== existing.user && isSuperUser(caller) ? await ownerOfNewObject(caller, customerId, input.user) : existing.user;
  const updated: Subscription = {
    ...existing,
    ...settingsOf(input),
    name,
    report,
    user: owner,
    timezone: await zoneOfCustomer(customerId),
    updated_at: new Date().toISOString(),
  };
  await saveSubscription(updated);
  await syncSubscriptionSchedule(updated);
  return updated;
};

/** The schedule goes first (nothing is sent after), then the subscription. */
export const deleteSubscriptionOf = async (caller: Caller, subscriptionId: string) => {
  const customerId = customerOf(caller);
  await requireSubscription(customerId, subscriptionId);
  await removeSchedule(subscriptionTarget(customerId, subscriptionId));
  await deleteSubscription(customerId, subscriptionId);
  return { deleted: subscriptionId };
};
