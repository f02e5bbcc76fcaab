import { lastCompleteBucket } from '@shared/alerts/bucket';
import { evaluateGroups } from '@shared/alerts/conditions';
import { latestOccurrence } from '@shared/alerts/cron';
import { isInTimeFilter } from '@shared/alerts/time-filter';
import { alertLogItemId, type AlertCondition, type AlertLogItem } from '@shared/schemas/alert';
import type { Location } from '@shared/schemas/location';
import type { Point } from '@shared/schemas/point';
import type { SeriesQuery } from '@shared/schemas/series';
import { localIso } from '@shared/series/buckets';
import type { Period, Sampling } from '@shared/series/sampling';
import { appLink } from './account-mail';
import { getAlert, getLogCounts, markLogItemNotified, putLogItemOnce, recordAlertEvaluation, type StoredAlert } from '../data/alert-repository';
import { getLocations } from '../data/location-repository';
import { getPoints } from '../data/point-repository';
import { getUser } from '../data/user-repository';
import { listUnsentOutboxRecords, type OutboxMessage, type OutboxRecord, type OutboxSource } from '../data/outbox-repository';
import { logger, metric } from '../logger';
import { alertMessage } from './alert-message';
import { recipientsByLanguage } from './recipient-language';
import type { LanguageKey } from '@shared/constants';
import { customerReceivesEmail } from './notification-settings-service';
import { deliverOutboxRecords, flushOutboxOf, newOutboxRecord } from './outbox-service';
import { outboxSourcePrefix } from './outbox-rules';
import { querySeriesOfPoints, zoneOfPoint, type RequestedSeries } from './series-service';

/**
 * The evaluation of an alert at a due time (its schedule's job, `{ kind: 'alert', id, customerId }`).
 *
 * - The due time ("tick") is the latest occurrence of the alert's cron time at or before the run,
 *   in the alert's time zone: the schedule's target carries no time, and two runs for one
 *   occurrence find the same tick.
 * - Each condition computes its calculation over the last complete bucket of the alert's sampling
 *   in each point's local calendar (`lastCompleteBucket`: at 08:00 with hourly sampling, 07:00 to
 *   08:00 local), through the series engine (rollups, one batched read per time zone, the bucket
 *   before it read along for `evo`). A point fires when one of the OR groups has all its AND
 *   conditions true for it; the alert fires when one of its points does.
 * - A bucket without data has no value (count aside, whose 0 is a real count): its condition is
 *   undecided, never true on a fake zero. When nothing fires and data is missing, the log says so
 *   once, when the data goes missing.
 * - Only between the start and end dates, inside the time filter (days, months, periods) read in
 *   the local time of the alert's first point's location.
 * - The log entry is keyed by the tick and written only if absent, with its messages as outbox
 *   records in the same transaction: a run repeated for the same tick writes nothing new, and only
 *   sends what an earlier run left unsent (README "Outbox").
 */

export interface AlertRunOutcome {
  alert: string;
  tick: string | null;
  outcome: 'fired' | 'quiet' | 'missing_data' | 'duplicate' | 'skipped';
  reason?: 'gone' | 'inactive' | 'before_start' | 'after_end' | 'time_filter' | 'no_points';
  notified: number;
  log?: string;
  /** Messages of earlier runs (left unsent) that this run sent. */
  delivered?: number;
}

/** A period whose sampling correction leaves the alert's sampling as it is (see `correctSampling`). */
const PERIOD_OF_SAMPLING: Record<Sampling, Period> = { minute: 'day', hour: 'day', day: 'day', week: 'week', month: 'month', year: 'year' };

interface PointValues {
  point: Point;
  zone: string;
  bucket: ReturnType<typeof lastCompleteBucket>;
  values: Map<string, number | null>;
}

/** The values of every (point, calculation) the conditions need, over the last complete bucket, zone by zone. */
const readValues = async (alert: StoredAlert, points: readonly Point[], locations: readonly Location[], tick: number, now: number): Promise<PointValues[]> => {
  const calculations = [...new Set(alert.conditions.flat().map((condition) => condition.from_calculation))];
  const byZone = new Map<string, Point[]>();
  for (const point of points) {
    const zone = zoneOfPoint(point, locations);
    byZone.set(zone, [...(byZone.get(zone) ?? []), point]);
  }
  const answers = await Promise.all(
    [...byZone].map(async ([zone, zonePoints]) => {
      const bucket = lastCompleteBucket(tick, alert.sampling, zone);
      const requested: RequestedSeries[] = zonePoints.flatMap((point) => calculations.map((calculation) => ({ point, calculation, conversion: null })));
      const query: SeriesQuery = {
        points: requested.map((entry) => ({ point: entry.point._id, calculation: entry.calculation })),
        sampling: alert.sampling,
        period_type: 'dateToDate',
        period: PERIOD_OF_SAMPLING[alert.sampling],
        offset: 0,
        start: new Date(bucket.previous).toISOString(),
        end: new Date(bucket.to).toISOString(),
      };
      const answer = await querySeriesOfPoints(requested, locations, query, now);
      return zonePoints.map((point): PointValues => {
        const values = new Map<string, number | null>();
        answer.series.forEach((series, index) => {
          if (requested[index].point._id === point._id) values.set(requested[index].calculation, series.values.at(-1) ?? null);
        });
        return { point, zone, bucket, values };
      });
    }),
  );
  return answers.flat();
};

const logLinkOf = (alertId: string): Promise<string> => appLink(`/alerts/log?alert=${encodeURIComponent(alertId)}`);

/**
 * What the alert sends: e-mail to its recipients (its owner when it names none), each in their own
 * stored language when they are users (the alert's language otherwise), or an SMS to each number.
 */
const alertMessages = async (alert: StoredAlert, item: AlertLogItem): Promise<OutboxMessage[]> => {
  const link = await logLinkOf(alert._id);
  const messageIn = (language: LanguageKey) => alertMessage(item, alert.conditions.length, language, link);
  if (alert.notifications === 'sms') {
    const message = messageIn(alert.language);
    return [...new Set(alert.sms)].map((phone) => ({ channel: 'sms', phone, text: message.sms }));
  }
  // The customer may have turned alert e-mails off (notification settings); the log still records the alert.
  if (!(await customerReceivesEmail(alert.customer, 'alerts'))) return [];
  const owner = alert.email.to.length ? null : ((await getUser(alert.customer, alert.user)) ?? (await getUser(null, alert.user)));
  const groups = owner
    ? [{ language: owner.language, to: [owner.email] }]
    : await recipientsByLanguage(alert.email.to, alert.language);
  // Copies go once, with the first recipients' message.
  return groups.map(({ language, to }, index) => {
    const message = messageIn(language);
    const copies = index === 0 ? { cc: alert.email.cc, bcc: alert.email.bcc } : { cc: [], bcc: [] };
    return { channel: 'email', to, ...copies, subject: message.subject, text: message.text, html: message.html };
  });
};

const ALERT = (alertId: string): OutboxSource => ({ kind: 'alert', id: alertId });

/** The entries whose messages have all left are notified (a tick's messages may leave over several runs). */
const markNotifiedWhenAllSent = async (customerId: string, alertId: string, sent: readonly OutboxRecord[]): Promise<void> => {
  for (const occasion of new Set(sent.map((record) => record.occasion))) {
    if ((await listUnsentOutboxRecords(customerId, outboxSourcePrefix(ALERT(alertId), occasion))).length === 0) {
      await markLogItemNotified(customerId, alertId, Date.parse(occasion));
    }
  }
};

export const evaluateAlert = async (customerId: string, alertId: string, now: number = Date.now()): Promise<AlertRunOutcome> => {
  // What an earlier run left unsent leaves first: running the job again finishes its sending.
  const earlier = await flushOutboxOf(customerId, ALERT(alertId));
  await markNotifiedWhenAllSent(customerId, alertId, earlier.sent);
  const outcome = await evaluateAt(customerId, alertId, now);
  // A refusal (the customer's SMTP server, SES, SNS) fails the job visibly; the message waits in the outbox.
  const failures = [...earlier.failures, ...outcome.failures];
  if (failures.length) throw failures[0];
  return { ...outcome.run, delivered: earlier.sent.length };
};

const evaluateAt = async (customerId: string, alertId: string, now: number): Promise<{ run: AlertRunOutcome; failures: unknown[] }> => {
  const run = (outcome: AlertRunOutcome) => ({ run: outcome, failures: [] });
  const skipped = (reason: AlertRunOutcome['reason'], tick: number | null = null): AlertRunOutcome => ({
    alert: alertId,
    tick: tick === null ? null : new Date(tick).toISOString(),
    outcome: 'skipped',
    reason,
    notified: 0,
  });
  const alert = await getAlert(customerId, alertId);
  if (!alert) return run(skipped('gone'));
  if (!alert.active) return run(skipped('inactive'));
  const tick = latestOccurrence(alert.cron_time, alert.timezone, now);
  if (alert.start_date && tick < Date.parse(alert.start_date)) return run(skipped('before_start', tick));
  if (alert.end_date && tick > Date.parse(alert.end_date)) return run(skipped('after_end', tick));
  // The alert's points and their locations (zones), by key: an evaluation costs its points, not the customer's.
  const byId = await getPoints(customerId, alert.points.map((entry) => entry.point));
  const points = alert.points.map((entry) => byId.get(entry.point)).filter((point): point is Point => Boolean(point));
  if (points.length === 0) return run(skipped('no_points', tick));
  const locationIds = [...new Set(points.flatMap((point) => point.location.slice(0, 1)))];
  const locations = locationIds.length ? await getLocations(customerId, locationIds) : [];
  const filterZone = zoneOfPoint(points[0], locations);
  if (!isInTimeFilter(alert.time_filter, tick, filterZone)) return run(skipped('time_filter', tick));

  const evaluated = (await readValues(alert, points, locations, tick, now)).map((entry) => {
    const outcome = evaluateGroups(alert.conditions, (condition: AlertCondition) => entry.values.get(condition.from_calculation) ?? null);
    return { ...entry, outcome };
  });
  const firing = evaluated.filter((entry) => entry.outcome.firedGroup !== null);
  const missing = evaluated.filter((entry) => entry.outcome.missing).map((entry) => entry.point._id);
  const fired = firing.length > 0;
  const wentMissing = !fired && missing.length > 0 && alert.last_evaluation?.missing !== true;
  const stillMissing = !fired && missing.length > 0;
  if (alert.last_evaluation?.missing !== stillMissing) await recordAlertEvaluation(customerId, alertId, { at: new Date(tick).toISOString(), missing: stillMissing });
  if (!fired && !wentMissing) return run({ alert: alertId, tick: new Date(tick).toISOString(), outcome: 'quiet', notified: 0 });

  const reference = evaluated[0];
  const group = fired ? Math.min(...firing.map((entry) => entry.outcome.firedGroup!)) : null;
  const item: AlertLogItem = {
    _id: alertLogItemId(alertId, tick),
    alert: alertId,
    alert_name: alert.name,
    event: fired ? 'fired' : 'missing_data',
    at: new Date(tick).toISOString(),
    local_time: localIso(tick, alert.timezone),
    timezone: alert.timezone,
    bucket_from: localIso(reference.bucket.from, reference.zone),
    bucket_to: localIso(reference.bucket.to, reference.zone),
    sampling: alert.sampling,
    group: group === null ? null : group + 1,
    points: evaluated.map((entry) => {
      const shownGroup = entry.outcome.firedGroup ?? 0;
      return {
        point: entry.point._id,
        name: entry.point.name,
        unit: entry.point.unit,
        group: entry.outcome.firedGroup === null ? null : entry.outcome.firedGroup + 1,
        conditions: entry.outcome.groups[shownGroup],
      };
    }),
    missing_points: missing,
    count: fired ? firing.length : missing.length,
    notified: false,
    acquitted: false,
    acquitted_by: null,
    acquitted_by_name: null,
    acquitted_at: null,
    acquit_comment: null,
    comments: [],
  };
  const before = alert.frequency === 'once' && fired ? await getLogCounts(customerId, alertId) : null;
  const quietBecauseOnce = before !== null && before.total_count > before.total_acquitted;
  // The entry and its messages are written together: a crash after this write loses no message.
  const records = fired && !quietBecauseOnce ? (await alertMessages(alert, item)).map((message) => newOutboxRecord(customerId, ALERT(alertId), item.at, message, now)) : [];
  if (!(await putLogItemOnce(customerId, tick, item, records))) {
    return run({ alert: alertId, tick: item.at, outcome: 'duplicate', notified: 0, log: item._id });
  }
  const delivery = await deliverOutboxRecords(records, true);
  if (records.length > 0 && delivery.sent.length === records.length) await markLogItemNotified(customerId, alertId, tick);
  const notified = delivery.sent.length;
  logger.info('alert evaluated', { alert: alertId, tick: item.at, event: item.event, notified, unsent: records.length - notified });
  metric('AlertsEvaluated', 1, { alert: alertId });
  return { run: { alert: alertId, tick: item.at, outcome: fired ? 'fired' : 'missing_data', notified, log: item._id }, failures: delivery.failures };
};
