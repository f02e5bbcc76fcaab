import { fromRoot } from '../lib/paths';
import { deployToEmulator, generateDemoPasswords, probePrinting, seedDemoData, seedDemoSeries, writeTestEnvironment } from './deploy';
import { startEmulator } from './emulator';
import { LOOPBACK_TEST_ALLOW_LIST } from './loopback-test-ports';
import { TEST_ACCESS_FACTS_TTL_MS, TEST_ALERT_CHUNK_SIZE, TEST_CUSTOMER_DELETION_BATCH, TEST_REMOTE_FILE_SETTLE_MS, TEST_UNPAGED_LIST_LIMIT_BYTES } from './test-deployment-settings';
import { startGeocodingProvider } from './geocoding-provider';
import { startWeatherProvider } from './weather-provider';

/**
 * A long-lived test stack for working on the API: `npx tsx infra/local/stack.ts [port]` starts a
 * fresh emulator, deploys, seeds two days of series and writes `.local/stack-<port>/environment.json`;
 * then `WATTWISE_TEST_ENVIRONMENT=<that file> npx vitest run --config tests/vitest.config.ts
 * --project integration`. Ctrl-C stops it.
 */
const port = Number(process.argv[2] ?? 4598);
const name = `stack-${port}`;
const emulator = await startEmulator(port, name);
const stop = async () => {
  await emulator.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
const weather = await startWeatherProvider();
const geocoder = await startGeocodingProvider();
const deployment = await deployToEmulator(emulator.endpoint, name, { weatherProviderUrl: weather.url, geocodingProviderUrl: geocoder.url, outboundAllowList: LOOPBACK_TEST_ALLOW_LIST, customerDeletionBatch: TEST_CUSTOMER_DELETION_BATCH, alertChunkSize: TEST_ALERT_CHUNK_SIZE, accessFactsTtlMs: TEST_ACCESS_FACTS_TTL_MS, remoteFileSettleMs: TEST_REMOTE_FILE_SETTLE_MS, unpagedListLimitBytes: TEST_UNPAGED_LIST_LIMIT_BYTES });
await weather.connect(deployment);
const passwords = generateDemoPasswords();
const [seeded] = await Promise.all([seedDemoData(deployment, passwords), probePrinting(deployment)]);
await seedDemoSeries(deployment, 2);
const file = fromRoot('.local', name, 'environment.json');
writeTestEnvironment(deployment, seeded, passwords, 'http://127.0.0.1:8080', file, { url: weather.url, fake: weather.fake }, null, { url: geocoder.url, fake: geocoder.fake });
console.log(`Stack ready on ${emulator.endpoint}; test environment: ${file}`);
