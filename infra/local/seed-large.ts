import { readFileSync } from 'node:fs';
import { argument } from '../../tests/bench/bench-api';
import { fromRoot } from '../lib/paths';
import type { Deployment } from './deploy';
import { largeAccountOf, progressPrinter, saveLargeAccount, seedLargeCustomerIn } from './large-customer';

/**
 * `npm run seed:large [-- --name dev --scale 1 --series-days 30 --series-share 0.1]`: adds the large customer
 * (issue 43: 1,000 sites, 20,000 points, a month of ten-minute values for a tenth of them, 50
 * users, 200 alerts, 20 dashboard tabs) to a running `npm start` (or any deployment named
 * `--name`). Run again, it writes the same customer (nothing doubles); interrupted, it resumes.
 * `--scale 0.1` makes a tenth of it; `--series-days` shortens the month of values, `--series-share`
 * changes the share of points that have values (0.1).
 */
const name = argument('name', 'dev');
const scale = Number(argument('scale', '1'));
const size = {
  ...(process.argv.includes('--series-days') ? { seriesDays: Number(argument('series-days', '30')) } : {}),
  ...(process.argv.includes('--series-share') ? { seriesShare: Number(argument('series-share', '0.1')) } : {}),
};
const deployment = JSON.parse(readFileSync(fromRoot('.local', name, 'deployment.json'), 'utf8')) as Deployment;
const account = largeAccountOf(name);
const started = performance.now();
const outcome = await seedLargeCustomerIn(deployment, { scale, size, password: account.password, onProgress: progressPrinter() });
saveLargeAccount(name, account);
const { plan, ms } = outcome;
console.log(
  `Large customer "${plan.customer.name}" ready in ${((performance.now() - started) / 1000).toFixed(1)} s: ${plan.locations.length} sites, ${plan.points.length} points ` +
    `(${plan.points.filter((point) => point.withSeries).length} with ${plan.size.seriesDays} days of ten-minute values: ${outcome.valuesWritten} written, ${outcome.valuesUnchanged} already there), ` +
    `${plan.users.length} users, ${plan.alerts.length} alerts, ${plan.tabs.length} tabs (entities ${(ms.entities / 1000).toFixed(1)} s, schedules ${(ms.schedules / 1000).toFixed(1)} s, series ${(ms.series / 1000).toFixed(1)} s).`,
);
console.log(`  administrator ${account.email} ${account.password}`);
