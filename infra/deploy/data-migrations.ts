import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import type { Outputs } from './sign-in';

/**
 * After the functions are updated: the data migrations of functions/src/services/list-index-migration.ts
 * (the lists of locations and users, the points' search index, maplytics' site summaries), run by the series jobs function
 * until it answers done. Each run resumes the last; over migrated data a run reads two markers and
 * answers done at once.
 */
export const runDataMigrationsAfterDeploy = async (outputs: Outputs, runs = 50): Promise<void> => {
  const functionName = outputs.WattWiseApi?.SeriesJobsFunctionName;
  if (!functionName) throw new Error('The WattWiseApi stack has no SeriesJobsFunctionName output');
  const lambda = new LambdaClient({});
  for (let run = 1; run <= runs; run += 1) {
    const answer = await lambda.send(new InvokeCommand({ FunctionName: functionName, Payload: new TextEncoder().encode(JSON.stringify({ kind: 'deploy_migrations' })) }));
    if (answer.FunctionError) throw new Error(`The data migrations failed: ${new TextDecoder().decode(answer.Payload)}`);
    const result = JSON.parse(new TextDecoder().decode(answer.Payload)) as { done: boolean; customers: number; listed: Record<string, number>; points: number; mapSites: number };
    console.log(
      `Data migrations: ${result.customers} customers' lists checked (entries written: ${Object.entries(result.listed).map(([list, count]) => `${count} ${list}`).join(', ')}), ${result.points} points indexed, ${result.mapSites} map sites summed${result.done ? ', done.' : ', going on ...'}`,
    );
    if (result.done) return;
  }
  throw new Error(`The data migrations are not done after ${runs} runs: run npm run deploy again, it resumes.`);
};
