import * as z from 'zod';

const configSchema = z.object({
  ENTITIES_TABLE: z.string().min(1).optional(),
  CONNECTIONS_TABLE: z.string().min(1).optional(),
  SERIES_TABLE: z.string().min(1).optional(),
  DOCUMENTS_BUCKET: z.string().min(1).optional(),
  SERIES_JOBS_FUNCTION: z.string().min(1).optional(),
  UPLOADS_BUCKET: z.string().min(1).optional(),
  FILE_IMPORTS_FUNCTION: z.string().min(1).optional(),
  SCHEDULED_JOBS_FUNCTION_ARN: z.string().min(1).optional(),
  SCHEDULER_ROLE_ARN: z.string().min(1).optional(),
  /** Where a schedule's event goes when its target could not be invoked (set beside SCHEDULER_ROLE_ARN). */
  SCHEDULES_DEAD_LETTER_ARN: z.string().min(1).optional(),
  SECRETS_KEY_ID: z.string().min(1).optional(),
  JWT_SECRET_ARN: z.string().min(1).optional(),
  WS_MANAGEMENT_ENDPOINT: z.string().url().optional(),
  /** The weather provider's base URL (OpenWeatherMap's API, or a server speaking it) and the secret holding its key. */
  WEATHER_PROVIDER_URL: z.string().url().optional(),
  WEATHER_KEY_SECRET_ARN: z.string().min(1).optional(),
  /** The address search's geocoding provider: the French address API (Géoplateforme / BAN), or a server speaking it. */
  GEOCODING_PROVIDER_URL: z.string().url().optional(),
  /** The sender of every e-mail the product sends (an address of an SES-verified identity on AWS). */
  MAIL_FROM: z.string().min(3).optional(),
  /** The web app's public address, for links in e-mails (alert log); without it links are paths. It wins over APP_URL_PARAMETER. */
  APP_URL: z.string().url().optional(),
  /**
   * The SSM parameter where the web stack writes the app's address (its distribution's, or the one
   * configured), read once per container when APP_URL is not set: a first deploy needs no second run.
   */
  APP_URL_PARAMETER: z.string().min(1).optional(),
  /**
   * Outbound destinations opened beyond the public Internet (`host:port`, `host:from-to`, `host:*`,
   * comma-separated): empty in production; the local test servers' loopback ports in the emulator.
   */
  OUTBOUND_ALLOW_LIST: z.string().default(''),
  /**
   * The edge's origin secret (Secrets Manager): a request that carries it is counted by the abuse
   * limits for the viewer address the edge sends beside it (functions/src/middleware/source-address.ts).
   */
  ORIGIN_SECRET_ARN: z.string().min(1).optional(),
  /** Overrides of the public account routes' abuse limits (`sign_in.address=30/900,…`, see shared/src/users/abuse-limits.ts). */
  ABUSE_LIMITS: z.string().default(''),
  /** Overrides of the signed-in API's rate limits per licence (`basic=1200/60,premium=3000/60`, see shared/src/customers/api-rate-limits.ts). */
  API_RATE_LIMITS: z.string().default(''),
  /**
   * Tests only (`outboxFaultInjection` deployment setting, never on in production): the outbox sender
   * then honours fault markers that tests write straight into the table (`OUTBOXFAULT#…`).
   */
  OUTBOX_FAULT_INJECTION: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  /** Set in the emulator; on AWS the SDK finds its endpoints itself. */
  AWS_ENDPOINT_URL: z.string().url().optional(),
  AWS_REGION: z.string().default('us-east-1'),
  LOCKED_PROVIDER_NAME: z.string().default('WattWise'),
  // The about screen and the update flow: what was built, where it runs, the vendor's service.
  APP_VERSION: z.string().default('0.0.0'),
  APP_COMMIT: z.string().default('unknown'),
  APP_BUILT_AT: z.string().default(''),
  APP_STAGE: z.string().default('prod'),
  APP_ENVIRONMENT: z.enum(['aws', 'emulator']).default('aws'),
  /** Name prefixes of the app's functions (its stacks' names): what a restart stamps. */
  APP_FUNCTION_PREFIXES: z.string().optional(),
  /** Stamped on every function by a restart, so that warm instances are replaced. */
  RESTARTED_AT: z.string().optional(),
  VENDOR_SERVICE_URL: z.string().url().optional(),
  APPLICATION_UPDATE_FUNCTION: z.string().min(1).optional(),
  /** The licence vendor's Ed25519 public key (the `x` of its JWK, base64url): licence files are checked against it. */
  LICENSE_PUBLIC_KEY: z.string().min(40).optional(),
  /** The Chromium function that prints reports to PDF, and (in the emulator) the machine's Chromium it drives. */
  REPORT_PDF_FUNCTION: z.string().min(1).optional(),
  CHROMIUM_PATH: z.string().min(1).optional(),
  /** The function that deletes a customer's data, started by DELETE /customers/{id}. */
  CUSTOMER_DELETION_FUNCTION: z.string().min(1).optional(),
  /**
   * The work one run of a customer's deletion does before it saves its checkpoint and continues in
   * a new run (items, objects, schedules, connections removed): the CDK context `customerDeletionBatch`.
   */
  /** The function that writes database dumps, started by GET /database/download. */
  DATABASE_DUMP_FUNCTION: z.string().min(1).optional(),
  CUSTOMER_DELETION_BATCH: z.coerce.number().int().positive().default(1000),
  /** Alerts one job of a firing evaluates, when not the default ALERT_CHUNK_SIZE: the CDK context `alertChunkSize` (the test deployment lowers it). */
  ALERT_CHUNK_SIZE: z.coerce.number().int().positive().optional(),
  /**
   * How long a function instance trusts what it read of a customer (active, premium, permission map)
   * and whether a user still exists: the CDK context `accessFactsTtlMs` (the test deployment lowers it).
   */
  ACCESS_FACTS_TTL_MS: z.coerce.number().int().positive().default(15_000),
  /** How long an FTP/SFTP file must keep its size and date before it is taken: the CDK context `remoteFileSettleMs`. */
  REMOTE_FILE_SETTLE_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * What the unpaged call of a paged list may answer, in bytes, when less than Lambda's 6 MB: the CDK
   * context `unpagedListLimitBytes` (the test deployment lowers it; functions/src/middleware/http-handler.ts).
   */
  UNPAGED_LIST_LIMIT_BYTES: z.coerce.number().int().positive().optional(),
});

export type Config = z.infer<typeof configSchema>;

/** Parsed once per container; a missing setting fails the first invocation loudly. */
export const config: Config = configSchema.parse(process.env);

export const requireSetting = <K extends keyof Config>(key: K): NonNullable<Config[K]> => {
  const value = config[key];
  if (value === undefined || value === null) throw new Error(`Missing setting ${String(key)}`);
  return value as NonNullable<Config[K]>;
};
