import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isRatedPoint } from '@shared/maplytics/rating';
import type { Point } from '@shared/schemas/point';
import { dynamo } from '../clients/dynamodb';
import { logger } from '../logger';
import { keys } from './keys';
import { entitiesTable, firstKeysOfPartition, queryAll } from './table';

/**
 * Maplytics' summary of each site (issue 43): what `GET /api/v1/maplytics` needs of a site's points,
 * kept by the points' writers in a partition of the customer's own (`C#<customer>#MAPSUM`, one item
 * per site, its id as sort key), so that the map reads ~1,000 small items instead of 20,000 points.
 *
 * A site's item holds one attribute per point shown on it (attached to it, not hidden from maplytics):
 * - `p_<pointId>`: `1`, or for a rated meter (`isRatedPoint`) what the series engine reads of it
 *   (`{ t: series type, u: unit, l: its first location, whose zone its calendar follows }`);
 * - `d_<pointId>`: a rated meter's last value date (a day late at most: ingestion moves it once a
 *   UTC day), so that meters without a value in the rating's window cost no series read;
 * - `v`: a version, added to by every write, so that a rebuild never puts back what it read before a write.
 *
 * Why per-point attributes and not counters: setting or removing a point's own attribute is idempotent
 * (a retried write, or a save that writes the state it read again, changes nothing), and every save
 * of a point writes its whole present state into each site it is on, mending what an interrupted write
 * left. A `+1` retried would count twice. The count is the number of `p_` attributes; the alerts' sum
 * needs the ids anyway. The price: ~45 bytes a point in its site's item, so a site holds ~8,000 shown
 * points within DynamoDB's 400 KB an item.
 *
 * Writers: a point's save, move and deletion write their sites' summaries in the point's transaction
 * (functions/src/data/point-repository.ts); bulk puts (seeds) right after their points; ingestion the
 * dates. `rebuildMapSummaries` recomputes a customer's from its points (at deploy, and for data
 * written before the summaries).
 */

const SHOWN = 'p_';
const DATE = 'd_';
const VERSION = 'v';

/** What the map reads of a rated meter. */
export interface RatedEntry {
  /** Series type (index or counter). */
  t: Point['series_type'];
  /** Unit (one that converts to kWh). */
  u: string;
  /** Its first location: its calendar's zone. */
  l: string;
}
export type SummaryEntry = 1 | RatedEntry;

/** The facts of a point a summary depends on. */
export type Summarised = Pick<Point, '_id' | 'location' | 'resource' | 'series_type' | 'unit' | 'calculation' | 'hide_on_maplytics' | 'last_data_date'>;

/** The sites a point is shown on: its locations, none when hidden from maplytics. */
export const sitesOf = (point: Pick<Point, 'location' | 'hide_on_maplytics'>): string[] => (point.hide_on_maplytics ? [] : [...new Set(point.location)]);

export const summaryEntryOf = (point: Summarised): SummaryEntry =>
  isRatedPoint(point) ? { t: point.series_type, u: point.unit, l: point.location[0] } : 1;

/** A point's part in one site's summary: set (with its rated date, kept when the site had it rated) or removed. */
export type PointPart =
  | { point: string; remove: false; entry: SummaryEntry; date: string | null; keepDate: boolean }
  | { point: string; remove: true };

export interface SiteChange {
  site: string;
  parts: PointPart[];
}

/**
 * What a point's change does to the summaries: the sites it leaves lose it, every site it is on gets
 * its present state (even unchanged: a save mends what an interrupted write left).
 */
export const pointSummaryChanges = (before: Summarised | null, after: Summarised | null): SiteChange[] => {
  const had = before ? sitesOf(before) : [];
  const has = after ? sitesOf(after) : [];
  const changes: SiteChange[] = had.filter((site) => !has.includes(site)).map((site) => ({ site, parts: [{ point: before!._id, remove: true }] }));
  if (after) {
    const entry = summaryEntryOf(after);
    const wasRated = before !== null && summaryEntryOf(before) !== 1;
    for (const site of has) {
      changes.push({ site, parts: [{ point: after._id, remove: false, entry, date: entry === 1 ? null : after.last_data_date, keepDate: wasRated && had.includes(site) }] });
    }
  }
  return changes;
};

/** Several points' changes, one per site (a transaction may name an item once). */
export const mergeSiteChanges = (changes: readonly SiteChange[]): SiteChange[] => {
  const bySite = new Map<string, PointPart[]>();
  for (const { site, parts } of changes) bySite.set(site, [...(bySite.get(site) ?? []), ...parts]);
  return [...bySite].map(([site, parts]) => ({ site, parts }));
};

/** A site's change as one update (its version added to; the item made when missing). */
export const siteUpdateOf = (customerId: string, { site, parts }: SiteChange) => {
  const names: Record<string, string> = { '#k': 'kind', '#v': VERSION };
  const values: Record<string, unknown> = { ':k': 'map-summary', ':one': 1 };
  const sets = ['#k = :k'];
  const removes: string[] = [];
  parts.forEach((part, index) => {
    names[`#p${index}`] = `${SHOWN}${part.point}`;
    names[`#d${index}`] = `${DATE}${part.point}`;
    if (part.remove) {
      removes.push(`#p${index}`, `#d${index}`);
      return;
    }
    values[`:p${index}`] = part.entry;
    sets.push(`#p${index} = :p${index}`);
    if (part.entry !== 1 && part.date) {
      values[`:d${index}`] = part.date;
      sets.push(part.keepDate ? `#d${index} = if_not_exists(#d${index}, :d${index})` : `#d${index} = :d${index}`);
    } else removes.push(`#d${index}`);
  });
  return {
    TableName: entitiesTable(),
    Key: keys.mapSummary(customerId, site),
    UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''} ADD #v :one`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
};

/** Points a single update names at most: its expression stays well under DynamoDB's 4 KB. */
export const MOST_PARTS = 60;

/** Site changes cut so that none names more than `MOST_PARTS` points. */
export const boundedSiteChanges = (changes: readonly SiteChange[]): SiteChange[] =>
  changes.flatMap(({ site, parts }) =>
    Array.from({ length: Math.ceil(parts.length / MOST_PARTS) }, (_, index) => ({ site, parts: parts.slice(index * MOST_PARTS, (index + 1) * MOST_PARTS) })),
  );

/** Writes site changes outside a point's transaction (bulk puts, what did not fit in a transaction): each idempotent. */
export const writeSiteChanges = async (customerId: string, changes: readonly SiteChange[]): Promise<void> => {
  const updates = boundedSiteChanges(mergeSiteChanges(changes));
  for (let offset = 0; offset < updates.length; offset += 10) {
    await Promise.all(updates.slice(offset, offset + 10).map((change) => dynamo.send(new UpdateCommand(siteUpdateOf(customerId, change)))));
  }
};

/** A rated meter of a site, as the map reads it. */
export interface RatedMeter {
  _id: string;
  series_type: Point['series_type'];
  unit: string;
  /** Its first location (its calendar's zone). */
  location: string;
  /** Its last value date as the summary knows it (up to a day early), null without any. */
  last_data_date: string | null;
}

export interface SiteSummary {
  site: string;
  /** The points shown on the site. */
  shown: string[];
  rated: RatedMeter[];
}

export const readSummary = (item: Record<string, unknown>): SiteSummary => {
  const shown: string[] = [];
  const rated: RatedMeter[] = [];
  for (const [name, value] of Object.entries(item)) {
    if (!name.startsWith(SHOWN)) continue;
    const id = name.slice(SHOWN.length);
    shown.push(id);
    if (value !== null && typeof value === 'object') {
      const entry = value as RatedEntry;
      const date = item[`${DATE}${id}`];
      rated.push({ _id: id, series_type: entry.t, unit: entry.u, location: entry.l, last_data_date: typeof date === 'string' ? date : null });
    }
  }
  return { site: String(item.SK), shown: shown.sort(), rated: rated.sort((a, b) => a._id.localeCompare(b._id)) };
};

/** Every site summary of a customer: one Query of its small partition (~1 KB a site), consistent (a point just saved counts). */
export const listMapSummaries = async (customerId: string): Promise<Map<string, SiteSummary>> => {
  const items = await queryAll<Record<string, unknown>>({ ConsistentRead: true, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.mapSummaries(customerId).PK } });
  return new Map(items.map(readSummary).map((summary) => [summary.site, summary]));
};

export const getMapSummary = async (customerId: string, site: string): Promise<SiteSummary> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.mapSummary(customerId, site), ConsistentRead: true }));
  return answer.Item ? readSummary(answer.Item) : { site, shown: [], rated: [] };
};

const utcDay = (iso: string | null | undefined): string => (typeof iso === 'string' ? iso.slice(0, 10) : '');

/**
 * After ingestion moved a point's last value date to `at` (`before`: the point as it was): its rated
 * entries take the date when it falls on a later UTC day than the one before (one write a day and
 * meter at most), never moving one back, and only where the site still shows it.
 */
export const noteLastDataDate = async (customerId: string, before: Summarised, at: string): Promise<void> => {
  if (!isRatedPoint(before) || utcDay(before.last_data_date) >= utcDay(at)) return;
  await Promise.all(
    sitesOf(before).map(async (site) => {
      try {
        await dynamo.send(
          new UpdateCommand({
            TableName: entitiesTable(),
            Key: keys.mapSummary(customerId, site),
            UpdateExpression: 'SET #d = :at ADD #v :one',
            ConditionExpression: 'attribute_exists(#p) AND (attribute_not_exists(#d) OR #d < :at)',
            ExpressionAttributeNames: { '#p': `${SHOWN}${before._id}`, '#d': `${DATE}${before._id}`, '#v': VERSION },
            ExpressionAttributeValues: { ':at': at, ':one': 1 },
          }),
        );
      } catch (error) {
        // The site no longer shows it, or a later date is there already.
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }),
  );
};

/** The summary items of a customer's sites computed from its points, by site (without keys or version). */
export const summaryAttributesOf = (points: readonly Summarised[]): Map<string, Record<string, unknown>> => {
  const bySite = new Map<string, Record<string, unknown>>();
  for (const point of points) {
    const entry = summaryEntryOf(point);
    for (const site of sitesOf(point)) {
      const attributes = bySite.get(site) ?? {};
      attributes[`${SHOWN}${point._id}`] = entry;
      if (entry !== 1 && point.last_data_date) attributes[`${DATE}${point._id}`] = point.last_data_date;
      bySite.set(site, attributes);
    }
  }
  return bySite;
};

const entriesOf = (item: Record<string, unknown>): string =>
  JSON.stringify(
    Object.entries(item)
      .filter(([name]) => name.startsWith(SHOWN) || name.startsWith(DATE))
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/**
 * Recomputes a customer's summaries from its points: the versions are read first, then the points,
 * and each site whose summary differs is put whole only if its version is still the one read (a write
 * between the two readings makes the put fail and the site is done again). Idempotent: a rerun writes
 * nothing. Answers how many sites were written.
 */
export const rebuildCustomerSummaries = async (customerId: string, readPoints: (customerId: string) => Promise<readonly Summarised[]>): Promise<number> => {
  let written = 0;
  let pending: Set<string> | null = null;
  for (let attempt = 0; attempt < 5 && (pending === null || pending.size > 0); attempt += 1) {
    const stored = new Map(
      (await queryAll<Record<string, unknown>>({ ConsistentRead: true, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.mapSummaries(customerId).PK } })).map((item) => [String(item.SK), item]),
    );
    const computed = summaryAttributesOf(await readPoints(customerId));
    const sites = [...new Set([...stored.keys(), ...computed.keys()])].filter((site) => pending === null || pending.has(site));
    const failed = new Set<string>();
    for (const site of sites) {
      const before = stored.get(site);
      const attributes = computed.get(site) ?? {};
      if (before && entriesOf(before) === entriesOf(attributes)) continue;
      const version = before ? Number(before[VERSION] ?? 0) : null;
      try {
        await dynamo.send(
          new PutCommand({
            TableName: entitiesTable(),
            Item: { ...keys.mapSummary(customerId, site), kind: 'map-summary', ...attributes, [VERSION]: (version ?? 0) + 1 },
            ConditionExpression: version === null ? 'attribute_not_exists(PK)' : before![VERSION] === undefined ? 'attribute_not_exists(#v)' : '#v = :v',
            ...(version === null ? {} : { ExpressionAttributeNames: { '#v': VERSION } }),
            ...(version === null || before![VERSION] === undefined ? {} : { ExpressionAttributeValues: { ':v': version } }),
          }),
        );
        written += 1;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) failed.add(site);
        else if ((error as { name?: string }).name === 'ValidationException') logger.error('map summary too large for one item', { customerId, site });
        else throw error;
      }
    }
    pending = failed;
  }
  if (pending && pending.size > 0) logger.error('map summaries still written to while rebuilt', { customerId, sites: [...pending] });
  return written;
};

/** Up to `limit` keys of a customer's summaries (for its deletion): the partition's first ones. */
export const pageOfMapSummaryKeys = (customerId: string, limit: number): Promise<{ PK: string; SK: string }[]> => firstKeysOfPartition(keys.mapSummaries(customerId).PK, limit);
