import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What `npm test` deployed, written before the integration and browser suites start. */
export interface TestEnvironment {
  /** REST API base in the emulator; paths start with /api/... */
  restBaseUrl: string;
  socketUrl: string;
  /** The local web server (CloudFront's stand-in) serving the built app. */
  webUrl: string;
  endpoint: string;
  entitiesTable: string;
  seriesTable: string;
  connectionsTable: string;
  uploadsBucket: string;
  /** Images, exports and reports. */
  documentsBucket: string;
  /** Started by EventBridge Scheduler (`{ kind, id, customerId }`); tests invoke it directly. */
  scheduledJobsFunctionName: string;
  fileImportsFunctionName: string;
  /** Started by DELETE /customers/{id}; tests invoke it directly to resume a deletion. */
  customerDeletionFunctionName: string;
  /** Makes the first root administrator (`{ email }`); the deployment's custom resource called it with `rootEmail`. */
  firstRootFunctionName: string;
  /** The address the deployment made its first root administrator for. */
  rootEmail: string | null;
  /** The development licence vendor's private key (JWK) made at deploy time (see tests/support/license.ts). */
  licenseVendorKeyFile: string;
  accounts: Record<
    'root' | 'super' | 'premiumAdministrator' | 'premiumMember' | 'basicAdministrator' | 'basicMember',
    { email: string; password: string; customer: string | null }
  >;
  customers: { premium: string; basic: string };
  /** The weather provider the functions call: the local stand-in (`fake`, its calls countable) or the operator's. */
  weatherProvider: { url: string; fake: boolean } | null;
  /** The local vendor update service (its answers set by tests/support/vendor-service.ts). */
  vendorService?: { url: string } | null;
  /** The address search's geocoding provider: the local stand-in (`fake`, its calls readable) or the operator's. */
  geocodingProvider?: { url: string; fake: boolean } | null;
  applicationUpdateFunctionName?: string;
  /**
   * The demo accounts of browser lanes 2, 3 … (same customers, roles and passwords; `+w2` in their
   * e-mails), seeded before the browser files, which run in two lanes side by side: see `testEnvironment`.
   */
  workerAccounts?: Record<string, TestEnvironment['accounts']>;
}

export const TEST_ENVIRONMENT_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../.local/test/environment.json',
);

/**
 * What `npm test` deployed. Its `accounts` are those of the browser lane the files run in
 * (`WATTWISE_ACCOUNTS_WORKER`, set by infra/local/test.ts; 1 when unset): the first lane signs in
 * as the demo accounts, the others as their copies, so that no user is signed in from two browsers
 * at once (which the app answers with "already connected elsewhere").
 */
export const testEnvironment = (): TestEnvironment => {
  const environment = JSON.parse(readFileSync(process.env.WATTWISE_TEST_ENVIRONMENT ?? TEST_ENVIRONMENT_FILE, 'utf8')) as TestEnvironment;
  const worker = process.env.WATTWISE_ACCOUNTS_WORKER || '1';
  if (worker === '1') return environment;
  const accounts = environment.workerAccounts?.[worker];
  if (!accounts) throw new Error(`No demo accounts for test worker ${worker}: npm test seeds them for the browser files (infra/local/test.ts)`);
  return { ...environment, accounts };
};
