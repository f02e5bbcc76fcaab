import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import type { Outputs } from './sign-in';

/**
 * The deploy's rebuild of maplytics' site summaries (functions/src/services/map-summary-rebuild.ts),
 * once the functions are updated (they keep the summaries from then on): run until it answers done,
 * each run resuming the last. Done once per summaries' version: later deploys answer at once.
 */
export const rebuildMapSummariesAfterDeploy = async (outputs: Outputs, runs = 20): Promise<void> => {
  const functionName = outputs.WattWiseApi?.SeriesJobsFunctionName;
  if (!functionName) throw new Error('The WattWiseApi stack has no SeriesJobsFunctionName output');
  const lambda = new LambdaClient({});
  for (let run = 1; run <= runs; run += 1) {
    const answer = await lambda.send(new InvokeCommand({ FunctionName: functionName, Payload: new TextEncoder().encode(JSON.stringify({ kind: 'map_summary_rebuild' })) }));
    if (answer.FunctionError) throw new Error(`The maplytics summaries' rebuild failed: ${new TextDecoder().decode(answer.Payload)}`);
    const result = JSON.parse(new TextDecoder().decode(answer.Payload)) as { done: boolean; customersDone: number; sitesWritten: number };
    console.log(`Maplytics summaries: ${result.customersDone} customers rebuilt (${result.sitesWritten} sites written)${result.done ? ', done.' : ', going on ...'}`);
    if (result.done) return;
  }
  throw new Error(`The maplytics summaries' rebuild is not done after ${runs} runs: run npm run deploy again, it resumes.`);
};
