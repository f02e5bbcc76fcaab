import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../clients/dynamodb';
import { seriesTable } from './table';

/**
 * Whether rollup packs of the legacy layout (hours of a UTC month, days of a UTC year) may still
 * be in the series table: one item, `legacyPacks`, set before a deployment of the small packs
 * is updated (`npm run deploy` puts it when the table has rollups) and cleared by the migration
 * once every point is repacked (rollup-pack-migration.ts). While it is set, readers take a
 * stretch they find no current pack for from the legacy pack holding it, and a writer creating
 * a pack starts it from the legacy pack's buckets, so no read gives a wrong number meanwhile.
 * Absent (a new deployment, or a migration done): no legacy pack is read, nothing is paid for it.
 * Read once a minute per container.
 */
export const ROLLUP_LAYOUT_KEY = { PK: 'LAYOUT#rollups', SK: 'packs' } as const;

const CACHE_MS = 60_000;
let cached: { legacy: boolean; until: number } | null = null;

export const legacyPacksMayExist = async (now = Date.now()): Promise<boolean> => {
  if (cached && cached.until > now) return cached.legacy;
  const item = (await dynamo.send(new GetCommand({ TableName: seriesTable(), Key: ROLLUP_LAYOUT_KEY }))).Item;
  cached = { legacy: item?.legacyPacks === true, until: now + CACHE_MS };
  return cached.legacy;
};

/** Sets (a migration to come or under way) or clears (migration done) the legacy flag, with the migration's progress. */
export const setLegacyPacks = async (legacy: boolean, progress: Record<string, unknown> = {}): Promise<void> => {
  await dynamo.send(new PutCommand({ TableName: seriesTable(), Item: { ...ROLLUP_LAYOUT_KEY, legacyPacks: legacy, ...progress, updatedAt: new Date().toISOString() } }));
  cached = { legacy, until: Date.now() + CACHE_MS };
};

/** The flag item as stored (the migration's progress), or null. */
export const rollupLayoutState = async (): Promise<Record<string, unknown> | null> =>
  (await dynamo.send(new GetCommand({ TableName: seriesTable(), Key: ROLLUP_LAYOUT_KEY, ConsistentRead: true }))).Item ?? null;

/** Forgets the cached flag (tests, and the migration after it changes the flag). */
export const forgetRollupLayout = (): void => {
  cached = null;
};
