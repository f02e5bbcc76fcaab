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
}

export const TEST_ENVIRONMENT_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../.local/test/environment.json',
);

export const testEnvironment = (): TestEnvironment =>
  JSON.parse(readFileSync(process.env.WATTWISE_TEST_ENVIRONMENT ?? TEST_ENVIRONMENT_FILE, 'utf8')) as TestEnvironment;
