import * as z from 'zod';
import { MAX_EXPORT_COLUMNS } from '../exports/cell-reference';
import { ownedFieldsSchema } from '../permissions/ownership';
import { PROPERTY_PATH } from '../exports/point-property';
import type { Calculation } from '../series/calculations';
import { SAMPLINGS, samplingSchema } from '../series/sampling';
import { addressListSchema } from './addresses';
import { idSchema } from './common';

/** The kinds of cell of an export grid (spec 2 §3 "Export"). */
export const EXPORT_CELL_TYPES = ['empty', 'point', 'point_data', 'point_operations', 'text', 'text_format'] as const;
export type ExportCellType = (typeof EXPORT_CELL_TYPES)[number];

/** Calculations a point_data cell offers (spec 2 §9). */
export const EXPORT_CALCULATIONS = ['diff', 'sum', 'max', 'min', 'avg', 'median', 'count', 'evo', 'last', 'first'] as const satisfies readonly Calculation[];
export const EXPORT_FILE_TYPES = ['csv', 'xlsx'] as const;
export type ExportFileType = (typeof EXPORT_FILE_TYPES)[number];
export const EXPORT_METHODS = ['email'] as const;

/** A new grid is 7 rows by 11 columns (spec 2 §9); a grid never holds more than this many rows. */
export const EXPORT_GRID_SIZE = { rows: 7, columns: 11 } as const;
export const MAX_EXPORT_ROWS = 1000;

const cellReferenceSchema = z.string().regex(/^[A-Z][1-9]\d*$/);

/** What fills a `{}` of a text_format cell: another cell's displayed value, or a value typed as is. */
export const textArgumentSchema = z.union([z.object({ cell: cellReferenceSchema }), z.object({ value: z.string().max(500) })]);
export type TextArgument = z.infer<typeof textArgumentSchema>;

export const exportCellDefinitionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('empty') }),
  /** A property of the point by dotted path (`name`, `unit_object.s`). */
  z.object({ type: z.literal('point'), point_id: idSchema, property: z.string().max(100).regex(PROPERTY_PATH) }),
  /**
   * The point's `calculation` over one bucket of `sampling`: the bucket that holds the export's end
   * date (now unless a custom end date is given), moved back `offset` buckets (1 = the one before).
   */
  z.object({
    type: z.literal('point_data'),
    point_id: idSchema,
    calculation: z.enum(EXPORT_CALCULATIONS),
    sampling: z.enum(SAMPLINGS),
    offset: z.number().int().min(0).max(1000).default(0),
  }),
  /** A formula over other cells' values (`(B2 - B3) / B3 * 100`), offered in the read view only. */
  z.object({ type: z.literal('point_operations'), value: z.string().trim().min(1).max(500) }),
  z.object({ type: z.literal('text'), value: z.string().max(2000) }),
  /** A text whose `{}` placeholders take the arguments, one each, in order. */
  z.object({ type: z.literal('text_format'), value: z.string().max(2000), arguments: z.array(textArgumentSchema).max(50).default([]) }),
]);
export type ExportCellDefinition = z.infer<typeof exportCellDefinitionSchema>;

/** A cell is a list whose first item is its definition (spec 2 §3). */
export const exportCellSchema = z.tuple([exportCellDefinitionSchema]);
export type ExportCell = z.infer<typeof exportCellSchema>;
export type ExportGrid = ExportCell[][];

export const emptyExportCell = (): ExportCell => [{ type: 'empty' }];

export const emptyExportGrid = (rows: number = EXPORT_GRID_SIZE.rows, columns: number = EXPORT_GRID_SIZE.columns): ExportGrid =>
  Array.from({ length: rows }, () => Array.from({ length: columns }, emptyExportCell));

/** Rows of cells, every row as long as the first, 1 to 26 columns (A–Z). */
export const exportGridSchema = z
  .array(z.array(exportCellSchema).min(1).max(MAX_EXPORT_COLUMNS))
  .min(1)
  .max(MAX_EXPORT_ROWS)
  .refine((rows) => rows.every((row) => row.length === rows[0].length), 'export_grid_ragged');

/** `POST` / `PUT /api/v1/exports/data` (`export_data`); the server owns `_id` on create and `customer`. */
export const exportInputSchema = z.object({
  _id: idSchema.optional(),
  /** Not named by the spec: a list of exports needs a name to tell them apart. */
  name: z.string().trim().min(1).max(200),
  user: idSchema.nullish(),
  sharing: z.object({ shared: z.boolean().default(false) }).default({ shared: false }),
  data_type: z.literal('custom_file').default('custom_file'),
  export_type: z.enum(EXPORT_FILE_TYPES).default('xlsx'),
  export_method: z.enum(EXPORT_METHODS).default('email'),
  email: z.object({ to: addressListSchema.default([]) }).default({ to: [] }),
  content: exportGridSchema.default(() => emptyExportGrid()),
});
export type ExportInput = z.infer<typeof exportInputSchema>;

/** A saved export. */
export const exportSchema = z
  .object({
    _id: idSchema,
    customer: idSchema,
    name: z.string(),
    data_type: z.literal('custom_file'),
    export_type: z.enum(EXPORT_FILE_TYPES),
    export_method: z.enum(EXPORT_METHODS),
    email: z.object({ to: z.array(z.string()) }),
    content: z.array(z.array(exportCellSchema)),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .merge(ownedFieldsSchema);
export type Export = z.infer<typeof exportSchema>;

/** What a cell shows (see exports/evaluate-grid): a text, a number, a yes/no, a date, or nothing. */
export const exportValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null(), z.object({ date: z.string() })]);

/** `{end date|none}/{sampling|none}` of the read and cell routes: a custom end date (a day) and a sampling for every point_data cell. */
export const exportViewParamsSchema = z.object({
  endDate: z.union([z.literal('none'), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]),
  sampling: z.union([z.literal('none'), samplingSchema]),
});
export type ExportViewParams = z.infer<typeof exportViewParamsSchema>;

/** An export with what its cells show (`data_array`, row by row). */
export const exportViewSchema = exportSchema.extend({ data_array: z.array(z.array(exportValueSchema)) });
export type ExportView = z.infer<typeof exportViewSchema>;

/** `PUT /api/v1/exports/data/cell/…`: one cell (a list whose first item is its definition), bare or as `{ cell }`. */
export const exportCellRequestSchema = z.preprocess(
  (body) => (Array.isArray(body) ? { cell: body } : body),
  z.object({ cell: exportCellSchema }),
);

/** The displayed value of one cell at `data[0][0]` (spec 2 §7). */
export const exportCellAnswerSchema = z.object({ data: z.array(z.array(exportValueSchema)) });

/** A short-lived link to an export's file. */
export const exportFileLinkSchema = z.object({ url: z.string(), name: z.string() });

/** Sends an export's file by e-mail now, as the read view shows it. */
export const exportSendRequestSchema = z.object({
  end_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullish(),
  sampling: samplingSchema.nullish(),
  /** Made by the client for one send and kept when it asks again: a request retried never e-mails twice. */
  request_key: z.string().regex(/^[\w-]{8,64}$/).nullish(),
});
export const exportSendAnswerSchema = z.object({ sent_to: z.array(z.string()) });
