import { readFileSync, writeFileSync } from 'node:fs';
import { fromRoot } from '../lib/paths';
import { buildWeb } from './build-web';
import { deployToEmulator, makeDevelopmentVendorKey, generateDemoPasswords, probePrinting, seedDemoData, seedDemoSeriesInBackground, type DemoPasswords, type PrintingState } from './deploy';
import { startDemoObjenious } from './demo-objenious';
import { DEMO_SOURCES, seedDemoSources, signInDemoAccount } from './demo-sources';
import { startEmulator } from './emulator';
import { largeAccountOf, printProgress, seedLargeCustomerIn } from './large-customer';
import { LOOPBACK_TEST_ALLOW_LIST } from './loopback-test-ports';
import { startFakeVendorService } from './fake-vendor-service';
import { startGeocodingProvider } from './geocoding-provider';
import { startWeatherProvider } from './weather-provider';
import { startWebServer } from './web-server';

const EMULATOR_PORT = Number(process.env.EMULATOR_PORT ?? 4566);
const WEB_PORT = Number(process.env.PORT ?? 8080);
/**
 * Where customers' SMTP, FTP/SFTP, IMAP and provider settings may point beyond the public Internet:
 * the test servers' loopback ports, or `OUTBOUND_ALLOW_LIST=127.0.0.1:1025 npm start` for a local relay.
 */
const OUTBOUND_ALLOW_LIST = process.env.OUTBOUND_ALLOW_LIST ?? LOOPBACK_TEST_ALLOW_LIST;
/**
 * A Chromium of the machine for report PDFs (`CHROMIUM_PATH=/usr/bin/chromium npm start`); none: the
 * Lambda build that npm installs (@sparticuz/chromium), the one AWS prints with.
 */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH?.trim() || undefined;
/**
 * `DEMO_SIZE=large npm start`: the large customer of issue 43 too (1,000 sites, 20,000 points, a
 * month of values for a tenth of them; `npm run seed:large` adds it to a running start), written
 * once the app is up, before the demo series. `LARGE_SCALE=0.1` makes a tenth of it.
 */
const DEMO_SIZE = process.env.DEMO_SIZE === 'large' ? 'large' : 'demo';
const LARGE_SCALE = Number(process.env.LARGE_SCALE ?? 1);
/** Days of ten-minute demo series (a year); written in the background once the app is up. */
const DEMO_SERIES_DAYS = Number(process.env.DEMO_SERIES_DAYS ?? 365);

const PASSWORD_OF: Record<string, keyof DemoPasswords> = {
  'root@demo.wattwise.example': 'root',
  'super@demo.wattwise.example': 'super',
  'admin@energie-plus.example': 'premiumAdministrator',
  'membre@energie-plus.example': 'premiumMember',
  'admin@montclair.example': 'basicAdministrator',
  'membre@montclair.example': 'basicMember',
};

/** Whether report PDFs print, said once at start-up. */
const printingLine = (printing: PrintingState): string =>
  printing.ready
    ? `Printing: ready (${printing.browser}, ${CHROMIUM_PATH ? `this machine's ${printing.executable}` : 'the Lambda build of @sparticuz/chromium, as on AWS'}).`
    : `Printing: not ready, report PDFs will answer 502 report_render_failed: ${printing.reason}\n` +
      `  ${CHROMIUM_PATH ? `CHROMIUM_PATH=${CHROMIUM_PATH} did not launch; without it` : 'With CHROMIUM_PATH=/path/to/chromium npm start'} the printing drives ${CHROMIUM_PATH ? 'the Lambda build of @sparticuz/chromium (x86_64 Linux)' : 'a Chromium of this machine'} instead.`;

/**
 * `npm start`: a fresh emulator (state lives in memory, so every start begins clean with new
 * passwords), the CDK app deployed into it, demo data, the web app built and served.
 */
const main = async (): Promise<void> => {
  const started = Date.now();
  const emulator = await startEmulator(EMULATOR_PORT, 'dev');
  const stop = async (): Promise<never> => {
    console.log('\nStopping ...');
    await emulator.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    const weather = await startWeatherProvider();
    // The vendor's update service stand-in: offers no newer release than this checkout's.
    const version = (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string }).version;
    const vendorKey = await makeDevelopmentVendorKey('dev');
    const vendor = await startFakeVendorService({ latest: version, is_locked: false, is_allowed_to_update: true }, vendorKey.privateKeyFile);
    const geocoder = await startGeocodingProvider();
    const objenious = await startDemoObjenious();
    console.log(
      `Emulator up on ${emulator.endpoint}, weather from ${weather.fake ? `the local OpenWeatherMap stand-in on ${weather.url}` : weather.url}; deploying the app and building the web ...`,
    );
    const [deployment] = await Promise.all([
      deployToEmulator(emulator.endpoint, 'dev', {
        weatherProviderUrl: weather.url,
        geocodingProviderUrl: geocoder.url,
        appUrl: `http://127.0.0.1:${WEB_PORT}`,
        vendorServiceUrl: vendor.url,
        vendorKey,
        outboundAllowList: OUTBOUND_ALLOW_LIST,
        chromiumPath: CHROMIUM_PATH,
      }),
      buildWeb(),
    ]);
    await weather.connect(deployment);
    const passwords = generateDemoPasswords();
    const [seeded, printing] = await Promise.all([seedDemoData(deployment, passwords), probePrinting(deployment)]);
    await startWebServer(deployment, WEB_PORT);
    const sources = await (async () => {
      const token = await signInDemoAccount(deployment.restBaseUrl, { email: 'admin@energie-plus.example', password: passwords.premiumAdministrator });
      await seedDemoSources(deployment.restBaseUrl, token, objenious);
      return (
        `Demo sources: ${DEMO_SOURCES.weather.name} (weather, every ${DEMO_SOURCES.weather.fetchInterval} min) and ${DEMO_SOURCES.objenious.name} ` +
        `(the Objenious stand-in on ${objenious.endpoint}, every ${DEMO_SOURCES.objenious.fetchInterval} min), fetched now and on their schedule.`
      );
    })().catch((error: unknown) => `Demo sources not made: ${String(error)}`);
    const accounts = seeded.accounts.map((account) => ({ ...account, password: passwords[PASSWORD_OF[account.email]] }));
    writeFileSync(fromRoot('.local/dev/demo-accounts.json'), JSON.stringify(accounts, null, 2));
    console.log(`\nWattWise is ready in ${((Date.now() - started) / 1000).toFixed(1)} s: http://127.0.0.1:${WEB_PORT}\n`);
    console.log('Demo accounts (passwords are new at every start):');
    for (const account of accounts) {
      const customer = seeded.customers.find((candidate) => candidate._id === account.customer);
      console.log(`  ${account.role.padEnd(20)} ${account.email.padEnd(30)} ${account.password}  ${customer ? `${customer.name}${customer.is_premium ? ' (premium)' : ''}` : 'all customers'}`);
    }
    console.log(`\n${printingLine(printing)}`);
    console.log(sources);
    if (DEMO_SIZE === 'large') {
      const account = largeAccountOf('dev');
      console.log(`\nSeeding the large customer (scale ${LARGE_SCALE}) ...`);
      const largeStarted = Date.now();
      const large = await seedLargeCustomerIn(deployment, { scale: LARGE_SCALE, password: account.password }, printProgress);
      console.log(`Large customer "${large.customer.name}" ready in ${((Date.now() - largeStarted) / 1000).toFixed(1)} s: ${large.counts.sites} sites, ${large.counts.points} points.`);
      console.log(`  administrator        ${account.email.padEnd(30)} ${account.password}`);
    }
    console.log('\nCtrl-C stops the web server and the emulator.');
    console.log(`\nWriting ${DEMO_SERIES_DAYS} days of ten-minute demo series in the background ...`);
    const seriesStarted = Date.now();
    await seedDemoSeriesInBackground(deployment, DEMO_SERIES_DAYS, (done, total) =>
      console.log(`  demo series: ${done}/${total} steps (${((Date.now() - seriesStarted) / 1000).toFixed(0)} s)`),
    );
    console.log(`Demo series complete in ${((Date.now() - seriesStarted) / 1000).toFixed(1)} s.`);
  } catch (error) {
    console.error(error);
    await emulator.stop();
    process.exit(1);
  }
};

await main();
