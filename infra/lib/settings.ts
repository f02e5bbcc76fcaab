import { execFileSync } from 'node:child_process';
import { parseAllowList } from '../../shared/src/network/outbound-rules';
import { parseAbuseLimits } from '../../shared/src/users/abuse-limits';
import { parseApiRateLimits } from '../../shared/src/customers/api-rate-limits';
import { parseConcurrencyCaps, type ConcurrencyCaps } from './concurrency-caps';
import { fromRoot } from './paths';
import { mapStyleUrlOf } from './runtime-config';
import type { Node } from 'constructs';

/**
 * Where the app goes, read from CDK context only: `environment` is `aws` (default) or `emulator`;
 * `emulatorEndpoint` is the emulator's base URL; `demo` deploys the demo-data seeding function; `webDist` is the built web app;
 * `weatherProviderUrl` is where OpenWeatherMap's API answers (its key is in the DataStack's secret, never in context);
 * `geocodingProviderUrl` is where the French address API answers (the address search of locations);
 * `mapStyleUrl` is the MapLibre style of the maplytics map's basemap (unset: OpenFreeMap's, runtime-config.ts; `none`: the
 * basemap bundled with the app alone, no outside request; the bundled one is also drawn whenever the style cannot load);
 * `mailFrom` is the sender of the product's e-mails (on AWS, an address of an SES-verified identity);
 * `appUrl` is the web app's public address, for links in e-mails and the print page (none: the functions read at run time
 * what the web stack writes in its parameter, the distribution's address; given, it wins);
 * `vendorServiceUrl` is the vendor's update and licence service (the tests' local one here).
 * `chromiumPath` (emulator only) is a Chromium on the machine for the printing of report PDFs; none: the Lambda build
 * of Chromium (@sparticuz/chromium) from its layer, the binary AWS prints with (`npm start` passes `CHROMIUM_PATH`).
 * `licensePublicKey` is the licence vendor's public key (`npm start`/`npm test` make a development one at deploy time).
 * `outboundAllowList` opens outbound destinations the policy refuses otherwise (`host:port`, `host:from-to`, `host:*`,
 * comma-separated): empty in production; the emulator's deployments name the loopback ports of the local test servers.
 * `abuseLimits` overrides the public account routes' limits per source address and account
 * (`sign_in.address=30/900,register.account=3/3600`; defaults in shared/src/users/abuse-limits.ts).
 * `apiRateLimits` overrides the signed-in API's requests per customer and window by licence
 * (`basic=1200/60,premium=3000/60`; defaults in shared/src/customers/api-rate-limits.ts).
 * `outboxFaultInjection` (tests only, `false` unless set): the outbox sender honours fault markers that
 * tests write straight into the table, to fail a send after its record is written.
 * `customerDeletionBatch` is the work one run of a customer's deletion does before it continues in a new run (default 1000;
 * the test deployment lowers it so that a small customer takes several runs).
 * `alertChunkSize` is how many alerts one job of a firing evaluates (default 25; the test deployment lowers it, so that
 * a customer's 30 alerts are several turns).
 * `accessFactsTtlMs` is how long a function instance trusts what it read of a customer and of a user (active, premium,
 * permission map, the user still there) before reading them again (default 15000; the test deployment lowers it, so
 * that a test of a deactivation or of a changed permission map waits seconds, not the production time).
 * `remoteFileSettleMs` is how long an FTP/SFTP file must keep its size and date before it is taken (default 10000; the
 * test deployment lowers it, so that a retrieval's second look comes seconds after its first).
 * `unpagedListLimitBytes` is what the unpaged call of a paged list (the point lists without `limit` and `cursor`) may
 * answer when less than Lambda's 6 MB (default: 6 MB; the test deployment lowers it, so that a test of a few hundred
 * points meets the 413 `list_too_large` a customer of 20,000 points would).
 * `operationsEmail` is the address the operations alarms topic e-mails (none: the topic has no subscription).
 * `mailIdentity` and `apiGatewayAccount` are `create` (default) or `existing`: the sender's SES domain identity, and
 * API Gateway's account-wide CloudWatch role setting, are made by the deployment or left as the account has them.
 * `reservedConcurrency` caps the background functions (`default`, `off`, or `name=N|off,…`; infra/lib/concurrency-caps.ts).
 * `rootEmail` is the address of the first root administrator, made by the deployment (with `rootLanguage`, `fr` or `en`,
 * the language of its e-mail) when no root administrator exists, and sent a set-password link (none: no root is made).
 * `edgeFirewall` puts a WAF web ACL (in us-east-1) on the distribution: on by default on AWS, off in the emulator; `false` turns it off.
 * `edgeRateLimit` is its rule's requests per viewer address in five minutes before the address is blocked (default 2000).
 * `usageSampleRate` (0 to 1) is the share of invocations that write one `usage` log line (request units, calls, duration;
 * functions/src/usage/meter.ts): 0.01 on AWS by default (a cheap sample for the operator's per-function costs), 0 in the
 * emulator unless given (the cost bench deploys with 1).
 * `domainName` and `certificateArn` (both or neither) put the site on the operator's own domain: the distribution answers
 * on it with that ACM certificate (in us-east-1, where CloudFront reads certificates), and the app's address is
 * `https://<domainName>` unless `appUrl` says otherwise. The domain's DNS points at the distribution (the `DnsTarget` output).
 */
export interface DeploymentSettings {
  environment: 'aws' | 'emulator';
  emulatorEndpoint: string;
  stage: string;
  demo: boolean;
  /** The built web app uploaded on AWS. */
  webDist: string;
  /** OpenWeatherMap's API base URL, or a server speaking it (the tests' local one). */
  weatherProviderUrl: string;
  /** The French address API's base URL (IGN's Géoplateforme), or a server speaking it (the tests' local one). */
  geocodingProviderUrl: string;
  /** A MapLibre style URL for the map's basemap; null: the basemap bundled with the app alone (no outside request). */
  mapStyleUrl: string | null;
  mailFrom: string;
  appUrl: string | null;
  /** The vendor's update and licence service (check-update, releases, is_allowed). */
  vendorServiceUrl: string;
  /** What the about screen says of the build: the git commit and the time of the synthesis. */
  buildCommit: string;
  builtAt: string;
  /** The licence vendor's Ed25519 public key (its JWK `x`, base64url); none: every licence file is refused. */
  licensePublicKey: string | null;
  /** Emulator only: the machine's Chromium the printing drives; null: the Lambda build from its layer, as on AWS. */
  chromiumPath: string | null;
  /** Addresses customers may point SMTP, FTP/SFTP, IMAP and providers at beyond the public Internet; empty in production. */
  outboundAllowList: string;
  /** Overrides of the sign-in, forgot-password, register and password-link limits; empty: the defaults. */
  abuseLimits: string;
  /** Overrides of the signed-in API's rate limits per licence; empty: the defaults. */
  apiRateLimits: string;
  /** Tests only: the outbox sender fails sends a test marked to fail (never on in production). */
  outboxFaultInjection: boolean;
  /** Items, objects, schedules and connections one run of a customer's deletion removes before it continues in a new run; null: the functions' default. */
  customerDeletionBatch: number | null;
  /** Alerts one job of a firing evaluates; null: the functions' default (ALERT_CHUNK_SIZE). */
  alertChunkSize: number | null;
  /** How long a function instance trusts a customer's and a user's access facts, in ms; null: the functions' default. */
  accessFactsTtlMs: number | null;
  /** How long an FTP/SFTP file must keep its size and date before it is taken, in ms; null: the functions' default. */
  remoteFileSettleMs: number | null;
  /** What an unpaged call of a paged list may answer, in bytes, below Lambda's 6 MB; null: 6 MB. */
  unpagedListLimitBytes: number | null;
  /** Where the operations alarms are e-mailed (an SNS e-mail subscription, confirmed once from the mailbox); null: none. */
  operationsEmail: string | null;
  /** `existing`: the sender's domain is already an SES identity of the account and region (creating it again would fail). */
  mailIdentity: 'create' | 'existing';
  /** `existing`: the account's API Gateway CloudWatch role setting is left as it is (another stack or stage owns it). */
  apiGatewayAccount: 'create' | 'existing';
  /** Reserved concurrency of the background functions; empty: none reserved. */
  reservedConcurrency: ConcurrencyCaps;
  /**
   * The first root administrator's address: the deployment makes that user when no root administrator exists and
   * e-mails it a set-password link; a re-deploy, or another address later, makes no second one. Null: none is made.
   */
  rootEmail: string | null;
  /** The language of the root administrator's e-mail and of its account. */
  rootLanguage: 'fr' | 'en';
  /** A WAF web ACL with a rate-based rule on the distribution (docs/operations/edge.md). */
  edgeFirewall: boolean;
  /** Requests one viewer address may send in five minutes before the web ACL blocks it. */
  edgeRateLimit: number;
  /** The operator's own domain for the site, with its certificate; null: CloudFront's own address. */
  customDomain: CustomDomain | null;
  /** The share of invocations metered (one `usage` log line each). */
  usageSampleRate: number;
}

export interface CustomDomain {
  /** `energie.example.fr` */
  domainName: string;
  /** An ACM certificate in us-east-1 that covers the domain. */
  certificateArn: string;
}

export const DEFAULT_WEATHER_PROVIDER_URL = 'https://api.openweathermap.org';
export const DEFAULT_GEOCODING_PROVIDER_URL = 'https://data.geopf.fr/geocodage';
export const DEFAULT_VENDOR_SERVICE_URL = 'https://updates.wattwise.app/';
export const DEFAULT_MAIL_FROM = 'WattWise <no-reply@wattwise.app>';

/** The checked-out commit, or `unknown` outside a git work tree. */
const currentCommit = (): string => {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: fromRoot(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
};

export const readSettings = (node: Node): DeploymentSettings => {
  const environment = node.tryGetContext('environment') === 'emulator' ? 'emulator' : 'aws';
  return {
    environment,
    emulatorEndpoint: String(node.tryGetContext('emulatorEndpoint') ?? 'http://127.0.0.1:4566'),
    stage: String(node.tryGetContext('stage') ?? 'prod'),
    demo: String(node.tryGetContext('demo') ?? 'false') === 'true',
    webDist: String(node.tryGetContext('webDist') ?? fromRoot('web/dist')),
    weatherProviderUrl: new URL(String(node.tryGetContext('weatherProviderUrl') ?? DEFAULT_WEATHER_PROVIDER_URL)).toString(),
    geocodingProviderUrl: new URL(String(node.tryGetContext('geocodingProviderUrl') ?? DEFAULT_GEOCODING_PROVIDER_URL)).toString(),
    mapStyleUrl: mapStyleUrlOf(node.tryGetContext('mapStyleUrl')),
    mailFrom: String(node.tryGetContext('mailFrom') ?? DEFAULT_MAIL_FROM),
    appUrl: node.tryGetContext('appUrl') ? new URL(String(node.tryGetContext('appUrl'))).origin : null,
    vendorServiceUrl: new URL(String(node.tryGetContext('vendorServiceUrl') ?? DEFAULT_VENDOR_SERVICE_URL)).toString(),
    buildCommit: String(node.tryGetContext('buildCommit') ?? currentCommit()),
    builtAt: String(node.tryGetContext('builtAt') ?? new Date().toISOString()),
    licensePublicKey: node.tryGetContext('licensePublicKey') ? String(node.tryGetContext('licensePublicKey')) : null,
    chromiumPath: environment === 'emulator' && node.tryGetContext('chromiumPath') ? String(node.tryGetContext('chromiumPath')) : null,
    outboundAllowList: allowListOf(node.tryGetContext('outboundAllowList')),
    abuseLimits: abuseLimitsOf(node.tryGetContext('abuseLimits')),
    apiRateLimits: apiRateLimitsOf(node.tryGetContext('apiRateLimits')),
    outboxFaultInjection: String(node.tryGetContext('outboxFaultInjection') ?? 'false') === 'true',
    customerDeletionBatch: positiveIntegerOf('customerDeletionBatch', node.tryGetContext('customerDeletionBatch')),
    alertChunkSize: positiveIntegerOf('alertChunkSize', node.tryGetContext('alertChunkSize')),
    accessFactsTtlMs: positiveIntegerOf('accessFactsTtlMs', node.tryGetContext('accessFactsTtlMs')),
    remoteFileSettleMs: positiveIntegerOf('remoteFileSettleMs', node.tryGetContext('remoteFileSettleMs')),
    unpagedListLimitBytes: positiveIntegerOf('unpagedListLimitBytes', node.tryGetContext('unpagedListLimitBytes')),
    operationsEmail: emailOf('operationsEmail', node.tryGetContext('operationsEmail')),
    mailIdentity: createOrExisting('mailIdentity', node.tryGetContext('mailIdentity')),
    apiGatewayAccount: createOrExisting('apiGatewayAccount', node.tryGetContext('apiGatewayAccount')),
    reservedConcurrency: parseConcurrencyCaps(node.tryGetContext('reservedConcurrency')),
    rootEmail: emailOf('rootEmail', node.tryGetContext('rootEmail'))?.toLowerCase() ?? null,
    rootLanguage: languageOf(node.tryGetContext('rootLanguage')),
    edgeFirewall: String(node.tryGetContext('edgeFirewall') ?? (environment === 'aws')) === 'true',
    edgeRateLimit: rateLimitOf(node.tryGetContext('edgeRateLimit')),
    customDomain: customDomainOf(node.tryGetContext('domainName'), node.tryGetContext('certificateArn')),
    usageSampleRate: sampleRateOf(node.tryGetContext('usageSampleRate'), environment === 'aws' ? 0.01 : 0),
  };
};

/** A share from 0 to 1; anything else stops the synthesis. */
const sampleRateOf = (value: unknown, fallback: number): number => {
  if (value === undefined || value === null || value === '') return fallback;
  const rate = Number(value);
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) throw new Error(`Context usageSampleRate must be from 0 to 1, not ${String(value)}`);
  return rate;
};

/** The allow-list as the functions read it; a malformed entry stops the synthesis rather than open more than meant. */
const allowListOf = (value: unknown): string => {
  const setting = value === undefined || value === null ? '' : String(value).trim();
  parseAllowList(setting);
  return setting;
};

/** The limits' overrides as the functions read them; a malformed one stops the synthesis. */
const abuseLimitsOf = (value: unknown): string => {
  const setting = value === undefined || value === null ? '' : String(value).trim();
  parseAbuseLimits(setting);
  return setting;
};

/** The API rate limits' overrides as the functions read them; a malformed one stops the synthesis. */
const apiRateLimitsOf = (value: unknown): string => {
  const setting = value === undefined || value === null ? '' : String(value).trim();
  parseApiRateLimits(setting);
  return setting;
};

/** A whole number above zero, or null when not given; anything else stops the synthesis. */
const positiveIntegerOf = (name: string, value: unknown): number | null => {
  if (value === undefined || value === null || value === '') return null;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`Context ${name} must be a whole number above zero, not ${String(value)}`);
  return number;
};

/** WAF's rate-based limit (10 to 2,000,000,000 requests in the window); anything else stops the synthesis. */
const rateLimitOf = (value: unknown): number => {
  const limit = positiveIntegerOf('edgeRateLimit', value) ?? 2000;
  if (limit < 10 || limit > 2_000_000_000) throw new Error(`Context edgeRateLimit must be from 10 to 2000000000, not ${limit}`);
  return limit;
};

/** An address setting; a value that is not an e-mail address stops the synthesis rather than write to nobody. */
const emailOf = (name: string, value: unknown): string | null => {
  const setting = value === undefined || value === null ? '' : String(value).trim();
  if (!setting) return null;
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(setting)) throw new Error(`${name} is not an e-mail address: ${setting}`);
  return setting;
};

/** Whether the deployment makes an account-level thing or uses the one the account has; anything else stops the synthesis. */
const createOrExisting = (name: string, value: unknown): 'create' | 'existing' => {
  const setting = value === undefined || value === null || value === '' ? 'create' : String(value).trim();
  if (setting !== 'create' && setting !== 'existing') throw new Error(`Context ${name} must be create or existing, not ${setting}`);
  return setting;
};

const given = (value: unknown): string | null => (value === undefined || value === null || String(value).trim() === '' ? null : String(value).trim());

/** The site's own domain: both settings or neither; the certificate in us-east-1, the only region CloudFront takes one from. */
export const customDomainOf = (domain: unknown, certificate: unknown): CustomDomain | null => {
  const [domainName, certificateArn] = [given(domain), given(certificate)];
  if (!domainName && !certificateArn) return null;
  if (!domainName || !certificateArn) throw new Error('Context domainName and certificateArn go together: the distribution answers on the domain with that certificate');
  if (!/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i.test(domainName)) throw new Error(`Context domainName must be a host name (energie.example.fr), not ${domainName}`);
  if (!/^arn:aws[\w-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(certificateArn)) {
    throw new Error(`Context certificateArn must be an ACM certificate in us-east-1 (CloudFront reads certificates there), not ${certificateArn}`);
  }
  return { domainName: domainName.toLowerCase(), certificateArn };
};

const languageOf = (value: unknown): 'fr' | 'en' => {
  const setting = value === undefined || value === null || value === '' ? 'fr' : String(value).trim();
  if (setting !== 'fr' && setting !== 'en') throw new Error(`rootLanguage must be fr or en, not ${setting}`);
  return setting;
};

/**
 * The SSM parameter where the web stack writes the app's public address and the functions read it
 * at run time (the functions' stack is deployed before the web stack, so it cannot be a reference).
 * Named by the stage: two stages of one account keep apart.
 */
export const appUrlParameterName = (settings: Pick<DeploymentSettings, 'stage'>): string => `/wattwise/${settings.stage}/app-url`;

/** The domain of the sender's address (`WattWise <no-reply@wattwise.app>` → `wattwise.app`). */
export const mailDomainOf = (mailFrom: string): string => {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return address.slice(address.lastIndexOf('@') + 1).trim().toLowerCase();
};
