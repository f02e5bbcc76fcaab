import { ConditionalCheckFailedException, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import type { Outputs } from './sign-in';

/**
 * After the functions are updated: the data migrations of functions/src/services/list-index-migration.ts
 * (the lists of locations and users, the points' search index, maplytics' site summaries, the alerts' schedules per cron), run by the series jobs function
 * until it answers done. Each run resumes the last; over migrated data a run reads two markers and
 * answers done at once.
 */
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
 * Before the functions are updated: raw values of the legacy layout (one item per value) flagged in
 * the series table (`LAYOUT#raw`, unless their migration is done there already), so the new
 * functions read them from their first request until the data migrations' step 4 has packed them
 * into hour items (functions/src/services/raw-hour-migration.ts). The series table is known from the
 * previous deploy's outputs; without them (a first deploy, or outputs lost) the migration sets the
 * flag itself when it starts.
 */
export const flagLegacyRawBeforeDeploy = async (previous: Outputs | null): Promise<void> => {
  const table = previous?.WattWiseData?.SeriesTableName;
  if (!table) return;
  try {
    await new DynamoDBClient({}).send(
      new PutItemCommand({
        TableName: table,
        Item: { PK: { S: 'LAYOUT#raw' }, SK: { S: 'hours' }, legacyRaw: { BOOL: true }, updatedAt: { S: new Date().toISOString() } },
        ConditionExpression: 'attribute_not_exists(migratedAt)',
      }),
    );
    console.log('Raw values: the legacy layout flagged for the migration after the deploy.');
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
};

export const runDataMigrationsAfterDeploy = (outputs: Outputs, runs = 50): Promise<void> =>
  runSeriesJobUntilDone<{ done: boolean; customers: number; listed: Record<string, number>; points: number; mapSites: number; rawPacked?: number; alertSchedules: number }>(outputs, 'deploy_migrations', {
    label: 'The data migrations',
    runs,
    progress: (result) =>
      `Data migrations: ${result.customers} customers' lists checked (entries written: ${Object.entries(result.listed).map(([list, count]) => `${count} ${list}`).join(', ')}), ${result.points} points indexed, ${result.mapSites} map sites summed, ${result.rawPacked ?? 0} raw values packed per point-hour, ${result.alertSchedules} per-alert schedules replaced by their customers' per cron`,
  });
