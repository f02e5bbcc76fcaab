import { layoutFlag } from './layout-flag';

/**
 * Whether rollup packs of the legacy layout (hours of a UTC month, days of a UTC year) may still
 * be in the series table: one item, `legacyPacks`, set before a deployment of the small packs
 * is updated (`npm run deploy` puts it when the table has rollups) and cleared by the migration
 * once every point is repacked (rollup-pack-migration.ts). While it is set, readers take a
 * stretch they find no current pack for from the legacy pack holding it, and a writer creating
 * a pack starts it from the legacy pack's buckets, so no read gives a wrong number meanwhile.
 * Absent (a new deployment, or a migration done): no legacy pack is read, nothing is paid for it.
 */
export const ROLLUP_LAYOUT_KEY = { PK: 'LAYOUT#rollups', SK: 'packs' } as const;

const flag = layoutFlag(ROLLUP_LAYOUT_KEY, 'legacyPacks');

export const { mayExist: legacyPacksMayExist, set: setLegacyPacks, state: rollupLayoutState, forget: forgetRollupLayout } = flag;
