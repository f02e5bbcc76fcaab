import { layoutFlag } from './layout-flag';

/**
 * Whether raw values of the legacy layout (one item per value) may still be in the series table:
 * one item, `legacyRaw`, set before a deployment of the hour items is updated (`npm run deploy`
 * puts it when it knows the previous series table) and cleared by the migration once every point's
 * values are packed (raw-hour-migration.ts). While it is set, readers also read the legacy items of
 * their range, under the hour items' values, and deletions delete them too. Absent (a new
 * deployment, or a migration done): nothing is read or paid for legacy items.
 */
export const RAW_LAYOUT_KEY = { PK: 'LAYOUT#raw', SK: 'hours' } as const;

const flag = layoutFlag(RAW_LAYOUT_KEY, 'legacyRaw');

export const { mayExist: legacyRawMayExist, set: setLegacyRaw, state: rawLayoutState, forget: forgetRawLayout } = flag;
