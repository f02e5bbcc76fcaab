import * as z from 'zod';

/** The size of one stored table, as DynamoDB reports it (refreshed by AWS about every six hours). */
export const tableSizeSchema = z.object({ bytes: z.number().int().nonnegative(), items: z.number().int().nonnegative() });

/** What the about screen shows (spec 1 §2.4): the version and where it runs. */
export const applicationInformationSchema = z.object({
  /** The installed version: the package's at deploy time, or the one an update installed since. */
  version: z.string(),
  /** The version the code was built from (package.json). */
  build_version: z.string(),
  commit: z.string(),
  built_at: z.string(),
  /** When this code was deployed (the function's last modification). */
  deployed_at: z.string().nullable(),
  /** The last restart of every function (their `RESTARTED_AT` stamp), if any. */
  restarted_at: z.string().nullable(),
  stage: z.string(),
  region: z.string(),
  environment: z.enum(['emulator', 'aws']),
  machine_id: z.string(),
  is_locked: z.boolean(),
  can_from_server: z.boolean(),
  /** The licence's one-line summary, when a licence is installed. */
  licence: z.string().nullable(),
  sizes: z.object({ entities: tableSizeSchema, series: tableSizeSchema }),
});
export type ApplicationInformation = z.infer<typeof applicationInformationSchema>;

/** The restart under way: how many functions it stamps, and its time. */
export const restartResponseSchema = z.object({ functions: z.number().int(), restarted_at: z.string() });

export const DUMP_SCOPES = ['customer', 'all'] as const;
export const databaseDumpQuerySchema = z.object({ scope: z.enum(DUMP_SCOPES).default('customer') });
export const DUMP_STATES = ['running', 'done', 'failed'] as const;
/**
 * A dump of the database, made by its own job: started by `GET /database/download` (which answers
 * the dump under way instead of starting a second one), followed by `GET /database/dumps/{id}`.
 */
export const databaseDumpSchema = z.object({
  job: z.string(),
  scope: z.enum(DUMP_SCOPES),
  state: z.enum(DUMP_STATES),
  /** Items written so far (every item once done). */
  items: z.number().int().nonnegative(),
  /** Parts written of `total`: a customer's partition then each of its points' series; for all data, the two tables. */
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** The table being read. */
  table: z.enum(['entities', 'series']).nullable(),
  /** The name the file saves under. */
  file_name: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** Once done: a short-lived address of the gzipped JSON-lines file, made afresh at each reading. */
  url: z.string().url().nullable(),
  expires_in_seconds: z.number().int().positive().nullable(),
});
export type DatabaseDump = z.infer<typeof databaseDumpSchema>;

/** `new_version` is null when the installed version is the latest (spec 1 §7: data.new_version). */
export const updateCheckSchema = z.object({ current_version: z.string(), new_version: z.string().nullable() });
export type UpdateCheck = z.infer<typeof updateCheckSchema>;

export const updateStartedSchema = z.object({ version: z.string(), started_at: z.string() });

/** Whether the server may look for and install updates by itself (see README, "About"). */
export const backgroundAllowedSchema = z.object({
  allowed: z.boolean(),
  can_from_server: z.boolean(),
  is_allowed_to_update: z.boolean(),
  /** Where the browser asks the vendor itself when the server may not (spec 1 §7). */
  vendor_service_url: z.string().url(),
});

/**
 * What the browser reports after asking the vendor service itself (spec 1 §7, the spy call):
 * `result` is the vendor's answer relayed unchanged, with its signature; only what the vendor
 * signed takes effect, and `is_locked` / `is_allowed_to_update` must say the same.
 */
export const spyReportSchema = z.object({
  result: z.unknown().optional(),
  is_locked: z.boolean(),
  is_allowed_to_update: z.boolean(),
});
export type SpyReport = z.infer<typeof spyReportSchema>;
export const spyAnswerSchema = z.object({ is_locked: z.boolean() });

/** The audience of the vendor's signed is_allowed answers: a licence file (another audience) is never taken for one. */
export const VENDOR_ANSWER_AUDIENCE = 'wattwise-vendor-is-allowed';
/** How long after the vendor signed it an answer may be relayed (seconds), and how far ahead a clock may run. */
export const VENDOR_ANSWER_MAX_AGE_SECONDS = 600;
export const VENDOR_ANSWER_CLOCK_SKEW_SECONDS = 60;

/**
 * What the vendor signs (a JWS compact, EdDSA, with the key that signs licences) in its is_allowed
 * answer: the answer itself, the machine it is for and when (`iat`, seconds since the epoch).
 */
export const vendorAnswerClaimsSchema = z.object({
  aud: z.literal(VENDOR_ANSWER_AUDIENCE),
  machine_id: z.string().min(1),
  is_locked: z.boolean(),
  is_allowed_to_update: z.boolean(),
  iat: z.number().int().positive(),
});
export type VendorAnswerClaims = z.infer<typeof vendorAnswerClaimsSchema>;

/** The vendor service's answers (its API, spoken by tests/support/vendor-service.ts locally). */
export const vendorLatestSchema = z.object({ data: z.object({ version: z.string().min(1), released_at: z.string().optional() }) });
export const vendorReleaseSchema = z.object({
  data: z.object({ version: z.string().min(1), released_at: z.string().optional(), notes: z.string().optional() }),
});
export const vendorIsAllowedSchema = z.object({
  data: z.object({ is_locked: z.boolean(), is_allowed_to_update: z.boolean(), signature: z.string().min(1).optional() }),
});

/** One function log line as the live logs screen shows it. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export interface LogLine {
  id: string;
  time: string;
  level: LogLevel;
  /** The function's short name (`UsersEndpoints`). */
  source: string;
  message: string;
  /** The line's other fields, as JSON text. */
  fields: string;
  /** The request's (or job's) correlation id the line carries, when it carries one. */
  correlationId?: string;
}

/** The live logs screen's limits (spec 3 §9): default 100 lines, stored locally. */
export const DEFAULT_LOG_LINES = 100;
export const MAX_LOG_LINES = 2000;
