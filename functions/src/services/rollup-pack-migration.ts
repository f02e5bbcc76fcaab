import { listCustomers } from '../data/customer-repository';
import { listLocationsOfCustomer } from '../data/location-repository';
import { listPointsOfCustomer } from '../data/point-repository';
import { listRawEntriesOfMonth, listRawMonths } from '../data/raw-value-repository';
import { forgetRollupLayout, rollupLayoutState, setLegacyPacks } from '../data/rollup-layout';
import { deleteLegacyPacks, repackLegacyPacks } from '../data/rollup-repository';
import { seriesOfPoint, type SeriesRef } from '../data/series-keys';
import { logger } from '../logger';
import { storeValuesInBulk } from './series-write-service';
import { zoneOfPoint } from './series-service';

/**
 * The migration of rollups from the legacy packs (hours of a UTC month, days of a UTC year) to the
 * small ones (hours of a UTC day, days of a UTC month; months unchanged). Per point:
 * 1. every legacy pack is repacked into the current packs it covers, each created only where no
 *    current pack exists (a writer that created one started it from the legacy buckets);
 * 2. the rollups are recomputed from the raw values by the bulk path (`storeValuesInBulk`: equal
 *    values are not written, every bucket that differs from its pack is mended) — the one
 *    recompute the imports use, so a legacy pack written by an old container during the update
 *    is corrected too;
 * 3. the legacy packs are deleted.
 * Each step can run again with the same result, so the migration is idempotent; its progress (the
 * customers done) is kept in the layout item, so a run stopped by its deadline is resumed by the
 * next. While it runs, reads take a stretch with no current pack from its legacy pack (see
 * rollup-layout.ts): no read gives a wrong number. Once every customer is done, the flag is cleared.
 */
export const migrateSeries = async (series: SeriesRef, mend: (values: { at: number; value: number; status: string }[]) => Promise<void>): Promise<{ created: number; deleted: number }> => {
  let created = 0;
  for (const level of ['hour', 'day'] as const) created += await repackLegacyPacks(series, level);
  for (const month of await listRawMonths(series)) {
    const values = await listRawEntriesOfMonth(series, month);
    if (values.length) await mend(values);
  }
  let deleted = 0;
  for (const level of ['hour', 'day'] as const) deleted += await deleteLegacyPacks(series, level);
  return { created, deleted };
};

const migrateCustomer = async (customerId: string): Promise<{ points: number; created: number; deleted: number }> => {
  const [points, locations] = await Promise.all([listPointsOfCustomer(customerId), listLocationsOfCustomer(customerId)]);
  const byId = new Map(points.map((point) => [point._id, point]));
  const outcome = { points: points.length, created: 0, deleted: 0 };
  for (const point of points) {
    const zone = zoneOfPoint(point, locations);
    const { created, deleted } = await migrateSeries(seriesOfPoint(point), async (values) => {
      const stored = values.map((value) => ({ ...value, status: value.status as never, pointId: point._id, customerId, zone }));
      await storeValuesInBulk(customerId, stored, byId, { announce: false, noteDates: false });
    });
    outcome.created += created;
    outcome.deleted += deleted;
  }
  return outcome;
};

/**
 * Runs the migration until it is done or `deadline` (epoch ms) is near, customer after customer,
 * noting each customer done. Answers whether every customer is done (then the flag is cleared).
 */
export const migrateRollupPacks = async (deadline: number): Promise<{ done: boolean; customersDone: number }> => {
  const state = await rollupLayoutState();
  const done = new Set<string>(Array.isArray(state?.customersDone) ? (state!.customersDone as string[]) : []);
  if (state?.legacyPacks !== true) await setLegacyPacks(true, { customersDone: [...done] });
  for (const customer of await listCustomers()) {
    if (done.has(customer._id)) continue;
    if (Date.now() > deadline) {
      logger.info('rollup packs migration paused', { customersDone: done.size });
      return { done: false, customersDone: done.size };
    }
    const outcome = await migrateCustomer(customer._id);
    done.add(customer._id);
    await setLegacyPacks(true, { customersDone: [...done] });
    logger.info('rollup packs migrated', { customer: customer._id, ...outcome });
  }
  await setLegacyPacks(false, { customersDone: [...done], migratedAt: new Date().toISOString() });
  forgetRollupLayout();
  return { done: true, customersDone: done.size };
};
