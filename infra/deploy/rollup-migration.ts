import { flagLegacyLayoutBeforeDeploy, runSeriesJobUntilDone } from './data-migrations';
import type { Outputs } from './sign-in';

/**
 * The deploy's two steps of the rollup packs' migration (functions/src/services/rollup-pack-migration.ts):
 * before the functions are updated, the legacy flag is set in the series table (unless a migration
 * is done there already), so the new functions read the legacy packs from their first request;
 * after, the migration is run until it answers done (each run resumes the last). The series table
 * is known from the previous deploy's outputs; without them (a first deploy, or outputs lost) the
 * migration sets the flag itself when it starts.
 */
export const flagLegacyPacksBeforeDeploy = (previous: Outputs | null): Promise<void> =>
  flagLegacyLayoutBeforeDeploy(previous, {
    key: { PK: 'LAYOUT#rollups', SK: 'packs' },
    flag: 'legacyPacks',
    message: 'Rollup packs: legacy packs flagged for the migration after the deploy.',
  });

export const migrateRollupPacksAfterDeploy = (outputs: Outputs, runs = 20): Promise<void> =>
  runSeriesJobUntilDone<{ done: boolean; customersDone: number }>(outputs, 'rollup_pack_migration', {
    label: "The rollup packs' migration",
    runs,
    progress: (result) => `Rollup packs: ${result.customersDone} customers migrated`,
  });
