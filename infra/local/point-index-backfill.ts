import { readFileSync } from 'node:fs';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { fromRoot } from '../lib/paths';
import type { Deployment } from './deploy';

/**
 * `npm run backfill:points [-- --name dev --customer <id>]`: gives every point written before the
 * paged lists' order and the search index (issue 43) its place in both, through the deployment's
 * series jobs function (`{ kind: 'point_index_backfill' }`, functions/src/services/point-index-backfill-service.ts),
 * a minute of work a run, each run going on where the last one stopped. Run it once after deploying
 * this version over data written by an earlier one; running it again rewrites the same items.
 */
const option = (name: string): string | undefined => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const deployment = JSON.parse(readFileSync(fromRoot('.local', option('name') ?? 'dev', 'deployment.json'), 'utf8')) as Deployment;
const lambda = new LambdaClient({ endpoint: deployment.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
const started = performance.now();
let from: unknown = null;
let points = 0;
let reordered = 0;
do {
  const answer = await lambda.send(
    new InvokeCommand({
      FunctionName: deployment.seriesJobsFunctionName,
      Payload: new TextEncoder().encode(JSON.stringify({ kind: 'point_index_backfill', customerId: option('customer'), from, maxMs: 60_000 })),
    }),
  );
  const text = new TextDecoder().decode(answer.Payload);
  if (answer.FunctionError) throw new Error(`The backfill failed: ${text}`);
  const outcome = JSON.parse(text) as { next: unknown; points: number; reordered: number };
  points += outcome.points;
  reordered += outcome.reordered;
  from = outcome.next;
  console.log(`  ${points} points indexed (${reordered} given their list order) in ${((performance.now() - started) / 1000).toFixed(1)} s${from ? ', going on' : ''}`);
} while (from);
console.log(`Point index backfill done: ${points} points, ${reordered} of them given their list order.`);
