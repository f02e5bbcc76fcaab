import * as z from 'zod';
import { idSchema } from './common';

/**
 * Meter files (spec 3 §3 "Files"): a file that arrived (FTP/SFTP retriever, e-mail source or an
 * upload) is not treated until imported, in treatment while the import runs, then treated, or in
 * treatment error (it can be imported again: values are replaced, never doubled).
 */
export const FILE_STATES = ['not_treated', 'in_treatment', 'treated', 'treatment_error'] as const;
export type FileState = (typeof FILE_STATES)[number];

export const FILE_ORIGINS = ['ftp', 'sftp', 'email', 'upload'] as const;
export type FileOriginKind = (typeof FILE_ORIGINS)[number];

export const fileOriginSchema = z.object({
  kind: z.enum(FILE_ORIGINS),
  /** The retriever or source it came through; null for an upload. */
  id: idSchema.nullable(),
  /** What the user recognises: `sftp://host/path`, the mailbox, the uploader's name. */
  label: z.string(),
});
export type FileOrigin = z.infer<typeof fileOriginSchema>;

/** How a file's import went: one batch per file. */
export const importOutcomeSchema = z.object({
  rows_read: z.number().int(),
  written: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
  /** Technical ids of the file that no point of the customer has (first 100). */
  unknown_ids: z.array(z.string()),
  unknown_rows: z.number().int(),
  /** Whether the rejected rows (line, reason) can be downloaded. */
  has_rejects: z.boolean(),
});
export type ImportOutcome = z.infer<typeof importOutcomeSchema>;

export const meterFileSchema = z.object({
  _id: idSchema,
  name: z.string(),
  size: z.number().int(),
  received_at: z.string(),
  origin: fileOriginSchema,
  state: z.enum(FILE_STATES),
  /** sha256 of the content, hex. */
  hash: z.string(),
  /** While in treatment: bytes read of `size`, and rows so far. */
  progress: z.object({ bytes: z.number().int(), rows: z.number().int() }).nullable(),
  outcome: importOutcomeSchema.nullable(),
  /** Why the last import failed (treatment error). */
  error: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type MeterFile = z.infer<typeof meterFileSchema>;

/** `GET /api/v1/data/not-treated-files`: the spec's three lists, and the files treated lately. */
export const fileListsSchema = z.object({
  notTreatedFileList: z.array(meterFileSchema),
  inTreatmentFileList: z.array(meterFileSchema),
  treatmentErrorFileList: z.array(meterFileSchema),
  treatedFileList: z.array(meterFileSchema),
});
export type FileLists = z.infer<typeof fileListsSchema>;

/** The largest file the browser uploads through the API (base64 JSON); larger files come by FTP/SFTP. */
export const UPLOAD_MAX_BYTES = 4 * 1024 * 1024;
export const METER_FILE_EXTENSIONS = ['.csv', '.txt', '.xlsx'] as const;

export const fileNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((name) => !/[/\\\u0000-\u001f]/.test(name), 'file_name_invalid');

export const fileUploadSchema = z.object({
  name: fileNameSchema,
  data: z.string().min(1).max(Math.ceil((UPLOAD_MAX_BYTES * 4) / 3) + 4),
});

export const fileRefSchema = z.object({ file: idSchema });
export const fileRefsSchema = z.object({ files: z.array(idSchema).min(1).max(500) });
/** `PUT /api/v1/data/not-treated-files/`: the listed not-treated files, or all of them. */
export const importFilesSchema = z.object({ files: z.array(idSchema).max(500).optional() }).default({});

/** The batch processor: files whose name matches a regular expression (spec: 'RexExp must be defined'). */
export const fileRegexSchema = z.string().max(200);

/** Rows shown by a preview, and how many values of the file would be new, changed or unchanged. */
export const PREVIEW_ROWS = 20;
/** A preview reads at most this many rows (a dry run must answer within a request). */
export const PREVIEW_MAX_ROWS = 20_000;

export const previewRowSchema = z.object({
  line: z.number().int(),
  technical_id: z.string().nullable(),
  at: z.string().nullable(),
  value: z.number().nullable(),
  status: z.string().nullable(),
  point: z.object({ _id: idSchema, name: z.string() }).nullable(),
  /** Why the row is refused (a RowProblem), or `unknown_point`. */
  problem: z.string().nullable(),
  /** What importing it would do. */
  effect: z.enum(['new', 'changed', 'unchanged', 'rejected', 'unknown']),
});

export const filePreviewSchema = z.object({
  file: meterFileSchema,
  format: z.enum(['csv', 'xlsx']),
  separator: z.string().nullable(),
  rows: z.array(previewRowSchema),
  counts: z.object({
    read: z.number().int(),
    new: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
    rejected: z.number().int(),
    unknown: z.number().int(),
  }),
  /** True when the file has more rows than a preview reads: the counts are of the first rows. */
  truncated: z.boolean(),
  points: z.array(z.object({ _id: idSchema, name: z.string(), technical_id: z.string(), rows: z.number().int() })),
});
export type FilePreview = z.infer<typeof filePreviewSchema>;
