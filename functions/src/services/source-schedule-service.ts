import { listSourcesOfCustomerConsistently } from '../data/source-repository';
import {
  putRecurringSchedule,
  removeScheduleNamed,
  replaceLegacySchedules,
  scheduleName,
  scheduleNamesStartingWith,
  sourceSchedulesPrefix,
  type ScheduledTarget,
} from './schedule-service';
import { intervalOfScheduleName, sourceScheduleChanges, sourceScheduleIntervals } from './source-schedules';

/**
 * The sources' fetch schedules: one per customer and fetch interval (services/source-schedules.ts
 * for the rules). Every save or deletion of a source sets the customer's whole set right
 * (`syncSourceSchedules`), so a failure half-way is repaired by the next save; a schedule left with
 * no source removes itself at its next firing (`fetchSourcesOfInterval`, source-fetch-service.ts); the deploy replaces the per-source schedules of
 * older versions (`migrateSourceSchedules`).
 */

export const sourceIntervalTarget = (customerId: string, interval: number): ScheduledTarget => ({ kind: 'sources', id: String(interval), customerId });

/**
 * Creates the schedules the customer's sources need (one per interval of an active fetched source)
 * and removes the others; one that exists is kept as it is (its next firing does not move).
 * Idempotent. A save meeting this one may give an interval removed here a source again: the
 * sources are read once more after a removal, and what they need is put back. `targetArn`: the
 * function the schedules invoke, for a caller whose settings cannot name it (the jobs functions
 * read it off an existing schedule).
 */
export const syncSourceSchedules = async (customerId: string, { targetArn }: { targetArn?: string } = {}): Promise<{ created: number; removed: number }> => {
  const prefix = sourceSchedulesPrefix(customerId);
  const nameOf = (interval: number) => scheduleName(sourceIntervalTarget(customerId, interval));
  const wanted = sourceScheduleIntervals(await listSourcesOfCustomerConsistently(customerId));
  const existing = (await scheduleNamesStartingWith(prefix)).filter((name) => intervalOfScheduleName(prefix, name) !== null);
  const changes = sourceScheduleChanges(wanted, existing, nameOf);
  for (const interval of changes.create) await putRecurringSchedule(sourceIntervalTarget(customerId, interval), interval, true, { targetArn });
  for (const name of changes.remove) await removeScheduleNamed(name);
  let restored = 0;
  if (changes.remove.length > 0) {
    const removed = new Set(changes.remove);
    for (const interval of sourceScheduleIntervals(await listSourcesOfCustomerConsistently(customerId))) {
      if (!removed.has(nameOf(interval))) continue;
      await putRecurringSchedule(sourceIntervalTarget(customerId, interval), interval, true, { targetArn });
      restored += 1;
    }
  }
  return { created: changes.create.length + restored, removed: changes.remove.length - restored };
};

/** The per-source schedules older versions made (`source-<source id>`; a customer's interval is `sources-…`). */
const PER_SOURCE_PREFIX = 'source-';

/**
 * The deploy's step 6 (list-index-migration.ts): the per-source schedules of older versions replaced
 * by their customers' schedules per interval (`replaceLegacySchedules`), each customer's set
 * invoking what the old one invoked. `namePrefix` narrows it to some schedules (a test's own, beside
 * other files' at the same time).
 */
export const migrateSourceSchedules = (deadline: number, now: () => number = Date.now, namePrefix = PER_SOURCE_PREFIX): Promise<{ done: boolean; replaced: number }> =>
  replaceLegacySchedules(namePrefix, (customerId, target) => syncSourceSchedules(customerId, { targetArn: target.arn }), deadline, now);
