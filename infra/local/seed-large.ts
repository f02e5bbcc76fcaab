import { readFileSync } from 'node:fs';
import { fromRoot } from '../lib/paths';
import type { Deployment } from './deploy';
import { largeAccountOf, printProgress, seedLargeCustomerIn } from './large-customer';

/**
 * `npm run seed:large [-- --name dev --scale 1 --series-days 30 --series-share 0.1]`: adds the
 * large customer (issue 43: 1,000 sites, 20,000 points, a month of ten-minute values for a tenth of
 * them, 50 users, 200 alerts, 20 dashboard tabs) to a running `npm start` (or any deployment named
 * `--name`). Run again, it writes the same customer (nothing doubles); interrupted, it resumes.
 * `--scale 0.1` makes a tenth of it; `--series-days` shortens the month of values, `--series-share`
 * changes the share of points that have values (0.1).
 */
const option = (name: string): string | undefined => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const name = option('name') ?? 'dev';
const size = {
  ...(option('series-days') ? { seriesDays: Number(option('series-days')) } : {}),
  ...(option('series-share') ? { seriesShare: Number(option('series-share')) } : {}),
};
const deployment = JSON.parse(readFileSync(fromRoot('.local', name, 'deployment.json'), 'utf8')) as Deployment;
const account = largeAccountOf(name);
const started = performance.now();
const summary = await seedLargeCustomerIn(deployment, { scale: Number(option('scale') ?? 1), size, password: account.password }, printProgress);
const { counts, ms } = summary;
console.log(
  `Large customer "${summary.customer.name}" ready in ${((performance.now() - started) / 1000).toFixed(1)} s: ${counts.sites} sites, ${counts.points} points ` +
    `(${summary.seriesTotal} with ${summary.seriesDays} days of ten-minute values: ${summary.valuesWritten} written, ${summary.valuesUnchanged} already there), ` +
    `${counts.users} users, ${counts.alerts} alerts, ${counts.tabs} tabs (entities ${(ms.entities / 1000).toFixed(1)} s, schedules ${(ms.schedules / 1000).toFixed(1)} s, series ${(ms.series / 1000).toFixed(1)} s).`,
);
console.log(`  administrator ${account.email} ${account.password}`);
