import { ConditionalCheckFailedException, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { runSeriesJobUntilDone } from './data-migrations';
import type { Outputs } from './sign-in';

/**
 * The deploy's two steps of the rollup packs' migration (functions/src/services/rollup-pack-migration.ts):
 * before the functions are updated, the legacy flag is set in the series table (unless a migration
 * is done there already), so the new functions read the legacy packs from their first request;
 * after, the migration is run until it answers done (each run resumes the last). The series table
 * is known from the previous deploy's outputs; without them (a first deploy, or outputs lost) the
 * migration sets the flag itself when it starts.
 */
const LAYOUT_KEY = { PK: { S: 'LAYOUT#rollups' }, SK: { S: 'packs' } };

export const flagLegacyPacksBeforeDeploy = async (previous: Outputs | null): Promise<void> => {
  const table = previous?.WattWiseData?.SeriesTableName;
  if (!table) return;
  try {
    await new DynamoDBClient({}).send(
      new PutItemCommand({
        TableName: table,
        Item: { ...LAYOUT_KEY, legacyPacks: { BOOL: true }, updatedAt: { S: new Date().toISOString() } },
        ConditionExpression: 'attribute_not_exists(migratedAt)',
      }),
    );
    console.log('Rollup packs: legacy packs flagged for the migration after the deploy.');
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
};

export const migrateRollupPacksAfterDeploy = (outputs: Outputs, runs = 20): Promise<void> =>
  runSeriesJobUntilDone<{ done: boolean; customersDone: number }>(outputs, 'rollup_pack_migration', {
    label: "The rollup packs' migration",
    runs,
    progress: (result) => `Rollup packs: ${result.customersDone} customers migrated`,
  });
