import { isFetchedType, type SourceFetchStatus, type SourceType } from '@shared/schemas/source';
import { deviceWindow, fetchWindow, technicalIdOf } from '@shared/sources/source-rules';
import { DestinationNotAllowedError } from '../clients/outbound-destination';
import { ProviderError } from '../clients/provider-client';
import type { Location } from '@shared/schemas/location';
import { listLocationsOfCustomer } from '../data/location-repository';
import type { StoredValue } from '../data/raw-value-repository';
import { getSource, listSourcesOfCustomer, saveFetchStatus, type StoredSource } from '../data/source-repository';
import { AppError } from '../errors';
import { describeError, logger } from '../logger';
import { pointsForFetch } from './fetched-points';
import { fetchMailbox, MailboxError } from './mailbox-fetch-service';
import { zoneOfPoint } from './series-service';
import { pointsFedBy, storeFetchedValues, type FetchOutcome } from './source-values';
import { discoverNewPoints, providerClientOf } from './source-discovery-service';
import { fetchWeather, WeatherError } from './weather-source-fetch-service';
import { scheduleName, scheduleTargetOf, type ScheduledTarget } from './schedule-service';
import { syncSourceSchedules } from './source-schedule-service';
import { runFetches, sourcesOfInterval } from './source-schedules';

/**
 * Eveler and objenious: for each device, one window from the earliest last value of its points
 * (that value included) to now, then only what each point lacks is kept; the bulk path writes
 * what is new or changed, so a second fetch of the same window writes nothing.
 */
const fetchProvider = async (source: StoredSource, now: number, reads: FetchReads): Promise<FetchOutcome> => {
  const hierarchy = source.config.auto_discover_devices ? (await discoverNewPoints(source)).hierarchy : source.hierarchy;
  const [points, locations] = await Promise.all([pointsForFetch(source.customer), reads.locations(source.customer)]);
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

/**
 * What fetches may share: the customer's locations (their zones), read once by a firing of several
 * sources (services/source-schedule-service) and once per fetch otherwise.
 */
export interface FetchReads {
  locations: (customerId: string) => Promise<Location[]>;
}

/** Each read done by the fetch itself. */
export const OWN_READS: FetchReads = { locations: listLocationsOfCustomer };

/** Reads shared by the fetches of one firing: each read once, when the first fetch needs it. */
export const sharedReads = (): FetchReads => {
  const locations = new Map<string, Promise<Location[]>>();
  return {
    locations: (customerId) => {
      let read = locations.get(customerId);
      if (!read) {
        read = listLocationsOfCustomer(customerId);
        // A failed read is not kept: the next fetch reads again.
        read.catch(() => locations.delete(customerId));
        locations.set(customerId, read);
      }
      return read;
    },
  };
};

const FETCHERS: Partial<Record<SourceType, (source: StoredSource, now: number, reads: FetchReads) => Promise<FetchOutcome>>> = {
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
 * The fetch of one source (`{ kind: 'source', id, customerId }`: "fetch now", and the schedules of
 * one source that older versions made): incremental and idempotent, its outcome recorded on the
 * source for the list. A deleted or inactive source does nothing.
 */
export const fetchSource = async (customerId: string, sourceId: string, now: number = Date.now()): Promise<SourceFetchStatus | null> => {
  // Without its last fetch (its own item): a fetch writes it, never reads it.
  const source = await getSource(customerId, sourceId, { withFetchStatus: false });
  if (!source) {
    logger.info('source not fetched', { customerId, sourceId, reason: 'gone' });
    return null;
  }
  return fetchStoredSource(source, now);
};

/**
 * The fetch of a source already read (a firing of its customer's schedule reads them all in one
 * Query): what `fetchSource` does once it has the source. A provider's or mailbox's failure is
 * recorded on the source (the list shows it), not thrown.
 */
export const fetchStoredSource = async (source: StoredSource, now: number = Date.now(), reads: FetchReads = OWN_READS): Promise<SourceFetchStatus | null> => {
  const { customer: customerId, _id: sourceId } = source;
  const fetcher = FETCHERS[source.type];
  if (!fetcher || !source.active || !source.is_configurable || !isFetchedType(source.type)) {
    logger.info('source not fetched', { customerId, sourceId, reason: 'inactive or not fetched' });
    return null;
  }
  let status: SourceFetchStatus;
  try {
    const outcome = await fetcher(source, now, reads);
    status = { at: new Date(now).toISOString(), ok: true, ...outcome, error: null, detail: null };
  } catch (error) {
    logger.warn('source fetch failed', { customerId, sourceId, type: source.type, ...describeError(error) });
    status = { at: new Date(now).toISOString(), ok: false, written: 0, unchanged: 0, files: 0, ...failureOf(error) };
  }
  await saveFetchStatus(customerId, sourceId, status);
  logger.info('source fetched', { customerId, sourceId, type: source.type, ...status });
  return status;
};

/** What one firing of a customer's interval did. */
export interface SourcesFiring {
  /** The sources of the interval it found (active, fetched). */
  sources: number;
  /** Fetched, their outcome recorded as a success. */
  fetched: number;
  /** Their failure recorded on the source (a provider's, a mailbox's) or thrown (logged). */
  failed: number;
  /** Found inactive or gone when their turn came, or not started before the time limit (the next firing fetches them). */
  skipped: number;
  ms: number;
}

/**
 * One firing of a customer's interval (`{ kind: 'sources', id: <minutes>, customerId }`): its
 * sources read in one Query of the customer's list on GSI1 (a source saved a moment ago may wait for
 * the next firing), then each fetched as its own schedule fetched it (`fetchStoredSource`:
 * incremental, idempotent, its outcome recorded beside it), up to FETCHES_AT_ONCE at once so that a
 * slow fetch holds back none of the others; one that fails is logged and the others go on. The
 * fetches share the customer's locations, read once. A firing that finds none of its sources (the
 * last was paused or deleted and that save's removal failed) sets the customer's schedules right.
 */
export const fetchSourcesOfInterval = async (target: ScheduledTarget, deadline: number = Date.now() + 15 * 60_000): Promise<SourcesFiring> => {
  const started = Date.now();
  const interval = Number(target.id);
  const sources = sourcesOfInterval(await listSourcesOfCustomer(target.customerId), interval);
  const firing: SourcesFiring = { sources: sources.length, fetched: 0, failed: 0, skipped: 0, ms: 0 };
  if (sources.length === 0) {
    logger.info("sources' schedule without sources: the customer's schedules are set again", { customer: target.customerId, interval: target.id });
    // The function cannot name itself in its settings: its own schedule says what the customer's schedules invoke.
    const own = await scheduleTargetOf(scheduleName(target));
    if (own) await syncSourceSchedules(target.customerId, { targetArn: own.arn });
    return { ...firing, ms: Date.now() - started };
  }
  const reads = sharedReads();
  const run = await runFetches(sources, (source) => fetchStoredSource(source, Date.now(), reads), {
    deadline,
    onError: (source, error) => logger.error('source fetch failed', { customerId: source.customer, sourceId: source._id, ...describeError(error) }),
    onLate: (source) => logger.warn('source not fetched: the firing is out of time', { customerId: source.customer, sourceId: source._id }),
  });
  firing.fetched = run.fetched;
  firing.failed = run.failed;
  firing.skipped = run.skipped;
  firing.ms = Date.now() - started;
  logger.info('sources of an interval fetched', { customer: target.customerId, interval, ...firing });
  return firing;
};
