import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../clients/dynamodb';
import { seriesTable } from './table';

/** How long a container trusts the flag it read before reading it again. */
const CACHE_MS = 60_000;

/** A layout flag's operations: the flag read (cached a minute per container), set with a migration's progress, read whole, forgotten. */
export interface LayoutFlag {
  /** Whether items of the legacy layout may still be in the series table. */
  mayExist: (now?: number) => Promise<boolean>;
  /** Sets (a migration to come or under way) or clears (migration done) the flag, with the migration's progress. */
  set: (legacy: boolean, progress?: Record<string, unknown>) => Promise<void>;
  /** The flag item as stored (the migration's progress), or null. */
  state: () => Promise<Record<string, unknown> | null>;
  /** Forgets the cached flag (tests, and the migration after it changes the flag). */
  forget: () => void;
}

/**
 * One item of the series table that says whether a legacy layout may still be there: set before a
 * deployment of the new layout is updated (`npm run deploy`, infra/deploy/data-migrations.ts),
 * cleared by the migration once every point is rewritten. Readers and writers pay for the legacy
 * layout only while it is set. `attribute` is the item's boolean naming the layout.
 */
export const layoutFlag = (key: { PK: string; SK: string }, attribute: string): LayoutFlag => {
  let cached: { legacy: boolean; until: number } | null = null;
  return {
    mayExist: async (now = Date.now()) => {
      if (cached && cached.until > now) return cached.legacy;
      const item = (await dynamo.send(new GetCommand({ TableName: seriesTable(), Key: key }))).Item;
      cached = { legacy: item?.[attribute] === true, until: now + CACHE_MS };
      return cached.legacy;
    },
    set: async (legacy, progress = {}) => {
      await dynamo.send(new PutCommand({ TableName: seriesTable(), Item: { ...key, [attribute]: legacy, ...progress, updatedAt: new Date().toISOString() } }));
      cached = { legacy, until: Date.now() + CACHE_MS };
    },
    state: async () => (await dynamo.send(new GetCommand({ TableName: seriesTable(), Key: key, ConsistentRead: true }))).Item ?? null,
    forget: () => {
      cached = null;
    },
  };
};
