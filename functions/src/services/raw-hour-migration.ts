import { listCustomers } from '../data/customer-repository';
import { listLocationsOfCustomer } from '../data/location-repository';
import { listPointsOfCustomer } from '../data/point-repository';
import { forgetRawLayout, rawLayoutState, setLegacyRaw } from '../data/raw-layout';
import { listLegacyRawItems, listRawMonths, packLegacyRaw } from '../data/raw-value-repository';
import { seriesOfPoint, type SeriesRef } from '../data/series-keys';
import { logger } from '../logger';
import { zoneOfPoint } from './series-service';

/**
 * The migration of raw values from the legacy layout (one item per value) to hour items (issue 41,
 * docs/architecture/series.md "Raw values packed per point-hour"), step 4 of the deploy's data
 * migrations. Per point and raw month partition: the legacy items are packed into their hour
 * items under the values those hold (`packLegacyRaw`: an hour item's value is newer), then
 * deleted. Running it again packs nothing more; its progress (the customers done) is kept in the
 * layout item, so a run stopped by its deadline is resumed by the next. While it runs, readers read
 * both layouts (raw-layout.ts). Once every customer is done the flag is cleared with `migratedAt`.
 */
export const packSeries = async (series: SeriesRef, zone: string): Promise<{ legacy: number; hours: number }> => {
  const outcome = { legacy: 0, hours: 0 };
  for (const month of await listRawMonths(series)) {
    const legacy = await listLegacyRawItems(series, month);
    if (legacy.length === 0) continue;
    outcome.legacy += legacy.length;
    outcome.hours += await packLegacyRaw(series, legacy, zone);
  }
  return outcome;
};

const packCustomer = async (customerId: string): Promise<{ points: number; legacy: number; hours: number }> => {
  const [points, locations] = await Promise.all([listPointsOfCustomer(customerId), listLocationsOfCustomer(customerId)]);
  const outcome = { points: points.length, legacy: 0, hours: 0 };
  for (const point of points) {
    const { legacy, hours } = await packSeries(seriesOfPoint(point), zoneOfPoint(point, locations));
    outcome.legacy += legacy;
    outcome.hours += hours;
  }
  return outcome;
};

/**
 * Runs the migration until it is done or `deadline` (epoch ms) is near, customer after customer,
 * noting each customer done. Answers whether every customer is done (then the flag is cleared) and
 * the legacy values packed in this run. Over a migrated table it reads one item and answers done.
 */
export const packLegacyRawValues = async (deadline: number, now: () => number = Date.now): Promise<{ done: boolean; customersDone: number; packed: number }> => {
  const state = await rawLayoutState();
  if (typeof state?.migratedAt === 'string') return { done: true, customersDone: Array.isArray(state.customersDone) ? state.customersDone.length : 0, packed: 0 };
  const done = new Set<string>(Array.isArray(state?.customersDone) ? (state!.customersDone as string[]) : []);
  if (state?.legacyRaw !== true) await setLegacyRaw(true, { customersDone: [...done] });
  let packed = 0;
  for (const customer of await listCustomers()) {
    if (done.has(customer._id)) continue;
    if (now() > deadline) {
      logger.info('raw values packing paused', { customersDone: done.size, packed });
      return { done: false, customersDone: done.size, packed };
    }
    const outcome = await packCustomer(customer._id);
    packed += outcome.legacy;
    done.add(customer._id);
    await setLegacyRaw(true, { customersDone: [...done] });
    logger.info('raw values packed per point-hour', { customer: customer._id, ...outcome });
  }
  await setLegacyRaw(false, { customersDone: [...done], migratedAt: new Date().toISOString() });
  forgetRawLayout();
  return { done: true, customersDone: done.size, packed };
};
