import { toSchedulerExpression } from '@shared/alerts/cron';
import { changesDaysOrMonths } from '@shared/alerts/cron-fields';
import { DEFAULT_TIMEZONE, type LanguageKey } from '@shared/constants';
import { ownerOnCreate } from '@shared/permissions/ownership';
import type { Alert, ParsedAlertInput } from '@shared/schemas/alert';
import { deleteAlert, eraseLog, getAlert, listAlertsOfCustomer, putNewAlert, updateAlertSettings, type StoredAlert } from '../data/alert-repository';
import { getCustomer } from '../data/customer-repository';
import { listUsersOfCustomer } from '../data/user-repository';
import { AppError } from '../errors';
import { customerOf, viewerOf, type Caller } from './caller';
import { newId } from './new-id';
import { visiblePointsByIds } from './point-service';
import { syncAlertSchedules } from './alert-schedule-service';

/**
 * Alerts (spec 2 §3): stored under their customer, on their cron time read in the customer's time
 * zone. The customer's alerts of one cron share one EventBridge Scheduler schedule, which exists
 * while one of them is active and not ended (services/alert-schedule-service.ts): every save sets
 * the customer's schedules right. Who may see, change or delete an alert is the ownership step's to
 * decide (route table `owned` rules).
 */

const shown = (alert: StoredAlert): Alert => {
  const { last_evaluation: _evaluation, ...rest } = alert;
  return rest;
};

const requireAlert = async (customerId: string, alertId: string): Promise<StoredAlert> => {
  const alert = await getAlert(customerId, alertId);
  if (!alert) throw new AppError('alert_not_found');
  return alert;
};

const timezoneOf = async (customerId: string): Promise<string> => (await getCustomer(customerId))?.timezone ?? DEFAULT_TIMEZONE;

/** The points of an alert must be points the caller sees; the owner must be a user of the customer. */
const assertReferences = async (caller: Caller, customerId: string, input: ParsedAlertInput, owner: string): Promise<void> => {
  const named = input.points.map((entry) => entry.point);
  const visible = new Set((await visiblePointsByIds(caller, named)).points.map((point) => point._id));
  const unknown = named.filter((id) => !visible.has(id));
  if (unknown.length) throw new AppError('validation_failed', { details: { points: unknown } });
  if (owner !== caller.userId && !(await listUsersOfCustomer(customerId)).some((user) => user._id === owner)) {
    throw new AppError('validation_failed', { details: { user: owner } });
  }
};

const settingsOf = (input: ParsedAlertInput) => {
  const { _id: _ignored, user: _owner, ...settings } = input as ParsedAlertInput & { _id?: string };
  return settings;
};

export const listAlerts = async (caller: Caller): Promise<Alert[]> => (await listAlertsOfCustomer(customerOf(caller))).map(shown);

export const getAlertOf = async (caller: Caller, alertId: string): Promise<Alert> => shown(await requireAlert(customerOf(caller), alertId));

/** A new alert and its schedule; without a schedule there is no alert (a failure removes the record again). */
export const createAlert = async (caller: Caller, input: ParsedAlertInput, language: LanguageKey): Promise<Alert> => {
  const customerId = customerOf(caller);
  const owner = ownerOnCreate(viewerOf(caller), input.user);
  await assertReferences(caller, customerId, input, owner);
  const now = new Date().toISOString();
  const alert: Alert = {
    ...settingsOf(input),
    _id: newId('alert'),
    customer: customerId,
    user: owner,
    created_at: now,
    updated_at: now,
    schedule_expression: toSchedulerExpression(input.cron_time),
    timezone: await timezoneOf(customerId),
    language,
  };
  await putNewAlert(alert);
  try {
    await syncAlertSchedules(customerId);
  } catch (error) {
    await deleteAlert(customerId, alert._id);
    throw error;
  }
  return alert;
};

/**
 * Saves an alert and brings its schedule in step. The owner stays (a super user may hand it to
 * another user of the customer); the language of its messages is the owner's when the owner saves.
 */
export const updateAlertOf = async (caller: Caller, input: ParsedAlertInput & { _id: string }, language: LanguageKey): Promise<Alert> => {
  const customerId = customerOf(caller);
  const existing = await requireAlert(customerId, input._id);
  if (caller.userId !== existing.user && changesDaysOrMonths(existing.cron_time, input.cron_time)) throw new AppError('alert_days_owner_only');
  const owner = input.user && input.user !== existing.user ? ownerOnCreate(viewerOf(caller), input.user) : existing.user;
  await assertReferences(caller, customerId, input, owner);
  const alert: Alert = {
    ...shown(existing),
    ...settingsOf(input),
    _id: existing._id,
    user: owner,
    updated_at: new Date().toISOString(),
    schedule_expression: toSchedulerExpression(input.cron_time),
    timezone: await timezoneOf(customerId),
    language: caller.userId === owner ? language : existing.language,
  };
  // A non-owner's save must not carry back days the owner changed meanwhile: it holds only while the cron time is the one read.
  await updateAlertSettings(alert, caller.userId === existing.user ? null : existing.cron_time);
  await syncAlertSchedules(customerId);
  return alert;
};

/**
 * The alert goes first (an evaluation started after finds it gone and does nothing), then its
 * cron's schedule when it was the last alert of it, then its log (no screen shows a log without its
 * alert). A schedule left by a failure here removes itself at its next firing.
 */
export const deleteAlertOf = async (caller: Caller, alertId: string) => {
  const customerId = customerOf(caller);
  await requireAlert(customerId, alertId);
  await deleteAlert(customerId, alertId);
  await syncAlertSchedules(customerId);
  await eraseLog(customerId, alertId);
  return { deleted: alertId };
};
