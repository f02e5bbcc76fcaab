import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../clients/dynamodb';
import { seriesTable } from './table';

/**
 * Whether raw values of the legacy layout (one item per value) may still be in the series table:
 * one item, `legacyRaw`, set before a deployment of the hour items is updated (`npm run deploy`
 * puts it when it knows the previous series table) and cleared by the migration once every point's
 * values are packed (raw-hour-migration.ts). While it is set, readers also read the legacy items of
 * their range, under the hour items' values, and deletions delete them too. Absent (a new
 * deployment, or a migration done): nothing is read or paid for legacy items. Read once a minute
 * per container.
 */
export const RAW_LAYOUT_KEY = { PK: 'LAYOUT#raw', SK: 'hours' } as const;

const CACHE_MS = 60_000;
let cached: { legacy: boolean; until: number } | null = null;

export const legacyRawMayExist = async (now = Date.now()): Promise<boolean> => {
  if (cached && cached.until > now) return cached.legacy;
  const item = (await dynamo.send(new GetCommand({ TableName: seriesTable(), Key: RAW_LAYOUT_KEY }))).Item;
  cached = { legacy: item?.legacyRaw === true, until: now + CACHE_MS };
  return cached.legacy;
};

/** Sets (a migration to come or under way) or clears (migration done) the legacy flag, with the migration's progress. */
export const setLegacyRaw = async (legacy: boolean, progress: Record<string, unknown> = {}): Promise<void> => {
  await dynamo.send(new PutCommand({ TableName: seriesTable(), Item: { ...RAW_LAYOUT_KEY, legacyRaw: legacy, ...progress, updatedAt: new Date().toISOString() } }));
  cached = { legacy, until: Date.now() + CACHE_MS };
};

/** The flag item as stored (the migration's progress), or null. */
export const rawLayoutState = async (): Promise<Record<string, unknown> | null> =>
  (await dynamo.send(new GetCommand({ TableName: seriesTable(), Key: RAW_LAYOUT_KEY, ConsistentRead: true }))).Item ?? null;

/** Forgets the cached flag (tests, and the migration after it changes the flag). */
export const forgetRawLayout = (): void => {
  cached = null;
};
