import { isFetchedType, type SourceFetchStatus, type SourceType } from '@shared/schemas/source';
import { deviceWindow, fetchWindow, technicalIdOf } from '@shared/sources/source-rules';
import { DestinationNotAllowedError } from '../clients/outbound-destination';
import { ProviderError } from '../clients/provider-client';
import { listLocationsOfCustomer } from '../data/location-repository';
import type { StoredValue } from '../data/raw-value-repository';
import { getSource, saveFetchStatus, type StoredSource } from '../data/source-repository';
import { AppError } from '../errors';
import { describeError, logger } from '../logger';
import { pointsForFetch } from './fetched-points';
import { fetchMailbox, MailboxError } from './mailbox-fetch-service';
import { zoneOfPoint } from './series-service';
import { pointsFedBy, storeFetchedValues, type FetchOutcome } from './source-values';
import { discoverNewPoints, providerClientOf } from './source-discovery-service';
import { fetchWeather, WeatherError } from './weather-source-fetch-service';

/**
 * Eveler and objenious: for each device, one window from the earliest last value of its points
 * (that value included) to now, then only what each point lacks is kept; the bulk path writes
 * what is new or changed, so a second fetch of the same window writes nothing.
 */
const fetchProvider = async (source: StoredSource, now: number): Promise<FetchOutcome> => {
  const hierarchy = source.config.auto_discover_devices ? (await discoverNewPoints(source)).hierarchy : source.hierarchy;
  const [points, locations] = await Promise.all([pointsForFetch(source.customer), listLocationsOfCustomer(source.customer)]);
  const fed = new Map(pointsFedBy(points, source._id).map((point) => [point.technical_id, point]));
  if (fed.size === 0) return { written: 0, unchanged: 0, files: 0 };
  const client = await providerClientOf(source);
  const values: StoredValue[] = [];
  for (const device of hierarchy.groups.flatMap((group) => group.devices)) {
    const targets = new Map(
      device.points.flatMap((entry) => {
        const point = fed.get(technicalIdOf(device, entry.key, source.config.prepend_unique_id));
        return point ? [[entry.key, { point, window: fetchWindow(point.last_data_date, now) }] as const] : [];
      }),
    );
    const window = deviceWindow([...targets.values()].map((target) => target.window));
    if (!window) continue;
    for (const found of await client.values(device, [...targets.keys()], window.since, window.until)) {
      const target = targets.get(found.key);
      if (!target || found.at < target.window.since || found.at > target.window.until) continue;
      values.push({
        pointId: target.point._id,
        customerId: source.customer,
        at: found.at,
        value: found.value,
        status: '1',
        zone: zoneOfPoint(target.point, locations),
      });
    }
  }
  return storeFetchedValues(source.customer, source._id, values, points);
};

const FETCHERS: Partial<Record<SourceType, (source: StoredSource, now: number) => Promise<FetchOutcome>>> = {
  eveler: fetchProvider,
  objenious: fetchProvider,
  email: fetchMailbox,
  weather: fetchWeather,
};

/** A failure as the list shows it: a code the web translates, and the outside server's own words when it gave some. */
const failureOf = (error: unknown): { error: string; detail: string | null } => {
  if (error instanceof DestinationNotAllowedError) return { error: 'destination_not_allowed', detail: null };
  if (error instanceof ProviderError || error instanceof MailboxError || error instanceof WeatherError) return { error: error.code, detail: error.detail };
  if (error instanceof AppError && (error.code === 'source_not_discoverable' || error.code === 'source_incomplete')) return { error: 'source_incomplete', detail: null };
  return { error: 'fetch_failed', detail: null };
};

/**
 * The scheduled fetch of one source (`{ kind: 'source', id, customerId }`): incremental and
 * idempotent, its outcome recorded on the source for the list. A deleted or inactive source does nothing.
 */
export const fetchSource = async (customerId: string, sourceId: string, now: number = Date.now()): Promise<SourceFetchStatus | null> => {
  // Without its last fetch (its own item): a fetch writes it, never reads it.
  const source = await getSource(customerId, sourceId, { withFetchStatus: false });
  const fetcher = source ? FETCHERS[source.type] : undefined;
  if (!source || !fetcher || !source.active || !source.is_configurable || !isFetchedType(source.type)) {
    logger.info('source not fetched', { customerId, sourceId, reason: source ? 'inactive or not fetched' : 'gone' });
    return null;
  }
  let status: SourceFetchStatus;
  try {
    const outcome = await fetcher(source, now);
    status = { at: new Date(now).toISOString(), ok: true, ...outcome, error: null, detail: null };
  } catch (error) {
    logger.warn('source fetch failed', { customerId, sourceId, type: source.type, ...describeError(error) });
    status = { at: new Date(now).toISOString(), ok: false, written: 0, unchanged: 0, files: 0, ...failureOf(error) };
  }
  await saveFetchStatus(customerId, sourceId, status);
  logger.info('source fetched', { customerId, sourceId, type: source.type, ...status });
  return status;
};
