import * as z from 'zod';
import { idSchema } from './common';

/**
 * FTP and SFTP retrievers (spec 3 §3 "FTP retriever", §5 "FTP create and edit", §9): a server of
 * the customer that meter files are taken from, every `timeInterval` minutes.
 */
export const FTP_INTERVALS = [1, 2, 3, 4, 5, 10, 15, 30] as const;
export type FtpInterval = (typeof FTP_INTERVALS)[number];
export const DEFAULT_FTP_INTERVAL: FtpInterval = 15;
export const DEFAULT_FTP_PORT = 21;
export const DEFAULT_SFTP_PORT = 22;
export const DEFAULT_FTP_PATH = '/';

/** What the create form starts with (spec 3 §9: port 21, path /, active, every 15 minutes). */
export const FTP_FORM_DEFAULTS = {
  host: '',
  port: DEFAULT_FTP_PORT,
  user: '',
  password: '',
  path: DEFAULT_FTP_PATH,
  active: true,
  timeInterval: DEFAULT_FTP_INTERVAL,
  isSftp: false,
} as const;

/** The fields without which a retriever cannot connect: missing one answers 'All fields are mandatory'. */
export const FTP_MANDATORY_FIELDS = ['host', 'port', 'user', 'password', 'path'] as const;
export type FtpMandatoryField = (typeof FTP_MANDATORY_FIELDS)[number];

const noControlCharacters = (text: string) => !/[\u0000-\u001f\u007f]/.test(text);

/**
 * `POST /api/v1/ftp` and `PUT /api/v1/ftp/{id}`. Mandatory fields may arrive empty: the service
 * answers them with `ftp_fields_mandatory`, the spec's own message, rather than a generic refusal.
 * On an edit an empty password keeps the stored one.
 */
export const ftpRetrieverInputSchema = z.object({
  host: z
    .string()
    .trim()
    .max(253)
    .regex(/^[^\s/@]*$/, 'host_invalid')
    .optional(),
  port: z.number().int().min(1).max(65_535).nullable().optional(),
  user: z.string().trim().max(200).refine(noControlCharacters).optional(),
  password: z.string().max(500).refine(noControlCharacters).optional(),
  path: z.string().trim().max(1000).refine(noControlCharacters).optional(),
  active: z.boolean().default(true),
  timeInterval: z.literal(FTP_INTERVALS).default(DEFAULT_FTP_INTERVAL),
  isSftp: z.boolean().default(false),
});
export type FtpRetrieverInput = z.input<typeof ftpRetrieverInputSchema>;

/** How a retrieval failed, for the list to say it in the user's language (the server's own words follow in `last_error`). */
export const FTP_FAILURES = ['connection_refused', 'login_incorrect', 'host_not_found', 'timeout', 'path_not_found', 'file_failed', 'destination_not_allowed', 'other'] as const;
export type FtpFailure = (typeof FTP_FAILURES)[number];

/** A retriever as the API answers it: the password never leaves the server, `has_password` says one is stored. */
export const ftpRetrieverSchema = z.object({
  _id: idSchema,
  host: z.string(),
  port: z.number().int(),
  user: z.string(),
  path: z.string(),
  active: z.boolean(),
  timeInterval: z.literal(FTP_INTERVALS),
  isSftp: z.boolean(),
  has_password: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The last retrieval: when it ended, how it went, and how many files it took. */
  last_run_at: z.string().nullable(),
  last_status: z.enum(['ok', 'error']).nullable(),
  last_error_kind: z.enum(FTP_FAILURES).nullable(),
  last_error: z.string().nullable(),
  files_retrieved_last_run: z.number().int().nullable(),
  /** Files seen by the last retrieval that were still being written (taken once unchanged). */
  files_waiting: z.number().int().nullable(),
  /** Set while a retrieval runs. */
  running_since: z.string().nullable(),
});
export type FtpRetriever = z.infer<typeof ftpRetrieverSchema>;

export const ftpDeletionResponseSchema = z.object({ deleted: idSchema });
export const ftpRunResponseSchema = z.object({ started: z.boolean() });

/** The mandatory fields an input lacks; the password may be left empty when one is stored already. */
export const missingFtpFields = (input: FtpRetrieverInput, options: { hasStoredPassword: boolean }): FtpMandatoryField[] =>
  FTP_MANDATORY_FIELDS.filter((field) => {
    if (field === 'port') return input.port === undefined || input.port === null;
    if (field === 'password' && options.hasStoredPassword) return false;
    const value = input[field];
    return value === undefined || (field === 'password' ? value === '' : value.trim() === '');
  });

/**
 * The port a form proposes when SFTP is ticked or unticked: the protocol's default, unless the
 * user typed a port of their own.
 */
export const portForProtocol = (isSftp: boolean, currentPort: number | null | undefined): number => {
  const usual = [DEFAULT_FTP_PORT, DEFAULT_SFTP_PORT];
  if (currentPort === null || currentPort === undefined || usual.includes(currentPort)) return isSftp ? DEFAULT_SFTP_PORT : DEFAULT_FTP_PORT;
  return currentPort;
};

/** How users recognise a retriever and the files it brings: `sftp://host:port/path`. */
export const ftpAddress = (retriever: { isSftp: boolean; host: string; port: number; path: string }): string =>
  `${retriever.isSftp ? 'sftp' : 'ftp'}://${retriever.host}:${retriever.port}${retriever.path.startsWith('/') ? '' : '/'}${retriever.path}`;
