import { DateTime } from 'luxon';
import { parseAlertLogItemId, type AlertLogItem, type AlertLogPeriod, type AlertLogSummary } from '@shared/schemas/alert';
import {
  acquitLogItem,
  appendLogComment,
  eraseLog,
  getLogCounts,
  getLogItem,
  getLogItems,
  listAlertsOfCustomer,
  listLogCounts,
  listLogItems,
  listOpenLogTicks,
  type LogCounts,
} from '../data/alert-repository';
import { getAlert } from '../data/alert-repository';
import { getUser } from '../data/user-repository';
import { AppError } from '../errors';
import { assertAccess } from './owned-access';
import { customerOf, viewerOf, type Caller } from './caller';

/**
 * The alert log (entries not acquitted) and historical (acquitted ones). Routes naming an alert
 * are checked by the ownership step; routes naming a log entry check the entry's alert here,
 * through the same policy (an entry's id names its alert).
 */


const nameOf = async (caller: Caller): Promise<string | null> => {
  const user = await getUser(caller.homeCustomerId, caller.userId);
  return user ? `${user.first_name} ${user.last_name}`.trim() || user.email : null;
};

/** The alert a log entry id names, once the caller may `intent` it; a malformed id or another customer's answers 404. */
const entryOfCaller = async (caller: Caller, logId: string, intent: 'read' | 'contribute') => {
  const ref = parseAlertLogItemId(logId);
  if (!ref) throw new AppError('not_found');
  await assertAccess(customerOf(caller), viewerOf(caller), 'alert', ref.alertId, intent);
  return ref;
};

/**
 * Summary rows of the alerts that have a log (log view) or acquitted entries (historical view), with
 * their alert's owner fields so that the ownership step lists them by the request view.
 */
const summaries = async (caller: Caller, keep: (counts: LogCounts) => boolean): Promise<AlertLogSummary[]> => {
  const customerId = customerOf(caller);
  const [alerts, counts] = await Promise.all([listAlertsOfCustomer(customerId), listLogCounts(customerId)]);
  return alerts.flatMap((alert) => {
    const found = counts.get(alert._id);
    if (!found || !keep(found)) return [];
    return [{ alert: { _id: alert._id, name: alert.name }, summary: [found], user: alert.user, sharing: alert.sharing }];
  });
};

export const logSummary = (caller: Caller) => summaries(caller, (counts) => counts.total_count > 0);

export const historicalSummary = (caller: Caller) => summaries(caller, (counts) => counts.total_acquitted > 0);

/** The first tick a period shows: the last day, week, month or year up to now, in the customer's calendar. */
const periodStart = (period: AlertLogPeriod, timezone: string, now: number): number =>
  period === 'all' ? 0 : DateTime.fromMillis(now, { zone: timezone }).minus({ [`${period}s`]: 1 }).toMillis();

export const logOfAlert = async (caller: Caller, period: AlertLogPeriod, alertId: string, acquitted: boolean, now: number = Date.now()) => {
  const customerId = customerOf(caller);
  const alert = await getAlert(customerId, alertId);
  if (!alert) throw new AppError('alert_not_found');
  const log = await listLogItems(customerId, alertId, periodStart(period, alert.timezone, now), acquitted);
  return { alert: { _id: alert._id, name: alert.name }, log };
};

export const logItemsById = async (caller: Caller, ids: readonly string[]) => {
  const refs = await Promise.all([...new Set(ids)].map((id) => entryOfCaller(caller, id, 'read')));
  return { log: await getLogItems(customerOf(caller), refs) };
};

/** Acquits one entry (who, when, the comment); acquitting an entry acquitted already changes nothing. */
export const acquitOne = async (caller: Caller, logId: string, comment: string | null | undefined): Promise<{ item: AlertLogItem; summary: LogCounts }> => {
  const customerId = customerOf(caller);
  const { alertId, tick } = await entryOfCaller(caller, logId, 'contribute');
  const existing = await getLogItem(customerId, alertId, tick);
  if (!existing) throw new AppError('not_found');
  await acquitLogItem(customerId, alertId, tick, { by: caller.userId, byName: await nameOf(caller), at: new Date().toISOString(), comment: comment || null });
  const [item, summary] = await Promise.all([getLogItem(customerId, alertId, tick), getLogCounts(customerId, alertId)]);
  return { item: item!, summary };
};

/** Acquits every entry of an alert not acquitted yet; `alert_acquitted` is how many this call acquitted. */
export const acquitAll = async (caller: Caller, alertId: string, comment: string | null | undefined) => {
  const customerId = customerOf(caller);
  const acquittal = { by: caller.userId, byName: await nameOf(caller), at: new Date().toISOString(), comment: comment || null };
  const ticks = await listOpenLogTicks(customerId, alertId);
  let acquitted = 0;
  for (let offset = 0; offset < ticks.length; offset += 10) {
    const done = await Promise.all(ticks.slice(offset, offset + 10).map((tick) => acquitLogItem(customerId, alertId, tick, acquittal)));
    acquitted += done.filter(Boolean).length;
  }
  return { alert_acquitted: acquitted, summary: await getLogCounts(customerId, alertId) };
};

const commentOf = async (caller: Caller, text: string) => ({ text, by: caller.userId, by_name: await nameOf(caller), at: new Date().toISOString() });

export const addMessage = async (caller: Caller, logId: string, text: string) => {
  const { alertId, tick } = await entryOfCaller(caller, logId, 'contribute');
  if (!(await appendLogComment(customerOf(caller), alertId, tick, await commentOf(caller, text)))) throw new AppError('not_found');
  return { updated: 1 };
};

/** Adds the message to every entry of the alert not acquitted yet. */
export const addMessageToAll = async (caller: Caller, alertId: string, text: string) => {
  const customerId = customerOf(caller);
  const comment = await commentOf(caller, text);
  const ticks = await listOpenLogTicks(customerId, alertId);
  const done = await Promise.all(ticks.map((tick) => appendLogComment(customerId, alertId, tick, comment)));
  return { updated: done.filter(Boolean).length };
};

export const eraseFromLog = async (caller: Caller, alertId: string) => {
  const customerId = customerOf(caller);
  const erased = await eraseLog(customerId, alertId);
  return { erased, summary: await getLogCounts(customerId, alertId) };
};
