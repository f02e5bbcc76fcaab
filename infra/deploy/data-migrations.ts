import { ConditionalCheckFailedException, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import type { Outputs } from './sign-in';

/**
 * Invokes the series jobs function with `{ kind }` until it answers done, printing each run's
 * progress: every migration it runs resumes the last run and answers done at once over migrated data.
 */
export const runSeriesJobUntilDone = async <Result extends { done: boolean }>(
  outputs: Outputs,
  kind: string,
  { label, runs, progress }: { label: string; runs: number; progress: (result: Result) => string },
): Promise<void> => {
  const functionName = outputs.WattWiseApi?.SeriesJobsFunctionName;
  if (!functionName) throw new Error('The WattWiseApi stack has no SeriesJobsFunctionName output');
  const lambda = new LambdaClient({});
  for (let run = 1; run <= runs; run += 1) {
    const answer = await lambda.send(new InvokeCommand({ FunctionName: functionName, Payload: new TextEncoder().encode(JSON.stringify({ kind })) }));
    if (answer.FunctionError) throw new Error(`${label} failed: ${new TextDecoder().decode(answer.Payload)}`);
    const result = JSON.parse(new TextDecoder().decode(answer.Payload)) as Result;
    console.log(`${progress(result)}${result.done ? ', done.' : ', going on ...'}`);
    if (result.done) return;
  }
  throw new Error(`${label} is not done after ${runs} runs: run npm run deploy again, it resumes.`);
};

/**
 * Before the functions are updated: a series layout's legacy data flagged in the series table (its
 * layout item `key` gets `flag`, unless its migration is done there already, `migratedAt`), so the
 * new functions read the legacy layout from their first request until the migration after the
 * deploy has moved it. The series table is known from the previous deploy's outputs; without them (a
 * first deploy, or outputs lost) the migration sets the flag itself when it starts.
 */
export const flagLegacyLayoutBeforeDeploy = async (
  previous: Outputs | null,
  { key, flag, message }: { key: { PK: string; SK: string }; flag: string; message: string },
): Promise<void> => {
  const table = previous?.WattWiseData?.SeriesTableName;
  if (!table) return;
  try {
    await new DynamoDBClient({}).send(
      new PutItemCommand({
        TableName: table,
        Item: { PK: { S: key.PK }, SK: { S: key.SK }, [flag]: { BOOL: true }, updatedAt: { S: new Date().toISOString() } },
        ConditionExpression: 'attribute_not_exists(migratedAt)',
      }),
    );
    console.log(message);
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
};

/**
 * Raw values of the legacy layout (one item per value) flagged (`LAYOUT#raw`), read by the new
 * functions until the data migrations' step 4 has packed them into hour items
 * (functions/src/services/raw-hour-migration.ts).
 */
export const flagLegacyRawBeforeDeploy = (previous: Outputs | null): Promise<void> =>
  flagLegacyLayoutBeforeDeploy(previous, {
    key: { PK: 'LAYOUT#raw', SK: 'hours' },
    flag: 'legacyRaw',
    message: 'Raw values: the legacy layout flagged for the migration after the deploy.',
  });

/**
 * After the functions are updated: the data migrations of functions/src/services/list-index-migration.ts
 * (the lists of locations and users, the points' search index, maplytics' site summaries, raw values
 * packed per point-hour, the alerts' schedules per cron, the sources' fetch schedules per interval, the locations' stamps, the sources' fetched dates in their own partitions), run by the series jobs function until it
 * answers done. Each run resumes the last; over migrated data a run reads its markers and answers
 * done at once.
 */
export const runDataMigrationsAfterDeploy = (outputs: Outputs, runs = 50): Promise<void> =>
  runSeriesJobUntilDone<{ done: boolean; customers: number; listed: Record<string, number>; points: number; mapSites: number; rawPacked?: number; alertSchedules: number; sourceSchedules?: number; locationStamps?: number; fetchedDates?: number }>(outputs, 'deploy_migrations', {
    label: 'The data migrations',
    runs,
    progress: (result) =>
      `Data migrations: ${result.customers} customers' lists checked (entries written: ${Object.entries(result.listed).map(([list, count]) => `${count} ${list}`).join(', ')}), ${result.points} points indexed, ${result.mapSites} map sites summed, ${result.rawPacked ?? 0} raw values packed per point-hour, ${result.alertSchedules} per-alert schedules replaced by their customers' per cron, ${result.sourceSchedules ?? 0} per-source fetch schedules replaced by their customers' per interval, ${result.locationStamps ?? 0} customers' locations stamps moved, ${result.fetchedDates ?? 0} sources' fetched dates moved to their customers' own partitions`,
  });
