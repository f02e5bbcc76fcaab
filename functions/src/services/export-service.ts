import type * as z from 'zod';
import type { LanguageKey } from '@shared/constants';
import { cellReference, type CellPosition } from '@shared/exports/cell-reference';
import { checkCellFormula } from '@shared/exports/cell-formula';
import { cellUnits } from '@shared/exports/cell-units';
import { evaluateGrid, type ExportValue } from '@shared/exports/evaluate-grid';
import { exportValueText } from '@shared/exports/export-text';
import { exportAnchor, pointDataBucket } from '@shared/exports/point-data-bucket';
import type { Export, ExportCell, ExportGrid, ExportView, ExportViewParams, exportInputSchema } from '@shared/schemas/export';
import type { Location } from '@shared/schemas/location';
import type { Point } from '@shared/schemas/point';
import { localIso } from '@shared/series/buckets';
import type { Sampling } from '@shared/series/sampling';
import { getOutboxRecord, outboxAttachmentKey, putOutboxRecord, storeOutboxAttachment, type OutboxRecord, type OutboxSource } from '../data/outbox-repository';
import { deleteExport, getExport, listExportsOfCustomer, putNewExport, saveExport, storeExportFile } from '../data/export-repository';
import { AppError } from '../errors';
import { customerOf, type Caller } from './caller';
import { zoneOfCustomer } from './customer-zone';
import { exportFileOf, type ExportFile } from './export-file';
import { exportMail } from './export-mail';
import { newId } from './new-id';
import { customerReceivesEmail } from './notification-settings-service';
import { deliverOutboxRecord, newOutboxRecord } from './outbox-service';
import { outboxRecordId, requestOccasion } from './outbox-rules';
import { ownerOfNewObject } from './owned-access';
import { visiblePointsByIds } from './point-service';
import { querySeriesOfPoints, zoneOfPoint, type RequestedSeries } from './series-service';
import { withLatestDates } from './last-data-dates';

type ParsedInput = z.output<typeof exportInputSchema>;

/** How a view of an export is asked for: a custom end date (a day) and sampling, or none. */
export interface ViewSettings {
  endDate: string | null;
  sampling: Sampling | null;
}

export const viewSettingsOf = (params: ExportViewParams): ViewSettings => ({
  endDate: params.endDate === 'none' ? null : params.endDate,
  sampling: params.sampling === 'none' ? null : params.sampling,
});

const requireExport = async (customerId: string, exportId: string): Promise<Export> => {
  const found = await getExport(customerId, exportId);
  if (!found) throw new AppError('not_found');
  return found;
};

/** Every point_operations formula reads cells of the grid, in a syntax it understands: else 400 with the cell and the reason. */
const assertFormulas = (grid: ExportGrid): void => {
  const size = { rows: grid.length, columns: grid[0].length };
  grid.forEach((row, rowIndex) =>
    row.forEach(([definition], column) => {
      if (definition.type !== 'point_operations') return;
      const check = checkCellFormula(definition.value, size);
      if (!check.valid) throw new AppError('validation_failed', { details: { cell: cellReference({ row: rowIndex, column }), formula: check.error, detail: check.detail } });
    }),
  );
};

const settingsOf = (input: ParsedInput) => ({
  name: input.name,
  data_type: input.data_type,
  export_type: input.export_type,
  export_method: input.export_method,
  email: input.email,
  content: input.content,
  sharing: input.sharing,
});

export const listExports = (caller: Caller): Promise<Export[]> => listExportsOfCustomer(customerOf(caller));

export const createExport = async (caller: Caller, input: ParsedInput): Promise<Export> => {
  assertFormulas(input.content);
  const customerId = customerOf(caller);
  const now = new Date().toISOString();
  const created: Export = {
    _id: newId('export'),
    customer: customerId,
    user: await ownerOfNewObject(caller, customerId, input.user),
    ...settingsOf(input),
    created_at: now,
    updated_at: now,
  };
  await putNewExport(created);
  return created;
};

/** Saves what the editor sends; the owner stays (the ownership step let only those who may change it through). */
export const updateExportOf = async (caller: Caller, input: ParsedInput & { _id: string }): Promise<Export> => {
  assertFormulas(input.content);
  const existing = await requireExport(customerOf(caller), input._id);
  const updated: Export = { ...existing, ...settingsOf(input), updated_at: new Date().toISOString() };
  await saveExport(updated);
  return updated;
};

export const deleteExportOf = async (caller: Caller, exportId: string) => {
  const customerId = customerOf(caller);
  await requireExport(customerId, exportId);
  await deleteExport(customerId, exportId);
  return { res: true as const, deleted: exportId };
};

interface PointDataCell {
  position: CellPosition;
  series: number;
  bucketStart: number;
  zone: string;
}

/** The point_data cells of one zone and sampling, read together. */
interface SeriesGroup {
  sampling: Sampling;
  from: number;
  to: number;
  requested: RequestedSeries[];
  /** `point|calculation` → its index in `requested`. */
  index: Map<string, number>;
  cells: PointDataCell[];
}

/**
 * The values of a grid's point_data cells, read from the series engine: the cells of one zone and
 * sampling share one query over the range of their buckets (a 26 × 60 grid of monthly cells is one
 * read of 26 series), each cell then takes its bucket. Points the caller may not see read nothing.
 */
const pointDataValues = async (grid: ExportGrid, points: ReadonlyMap<string, Point>, locations: readonly Location[], view: ViewSettings, now: number) => {
  const groups = new Map<string, SeriesGroup>();
  grid.forEach((row, rowIndex) =>
    row.forEach(([definition], column) => {
      if (definition.type !== 'point_data') return;
      const point = points.get(definition.point_id);
      if (!point) return;
      const sampling = view.sampling ?? definition.sampling;
      const zone = zoneOfPoint(point, locations);
      const bucket = pointDataBucket(exportAnchor(view.endDate, now, zone), sampling, definition.offset, zone);
      const key = `${zone}|${sampling}`;
      const group: SeriesGroup = groups.get(key) ?? { sampling, from: bucket.start, to: bucket.end, requested: [], index: new Map(), cells: [] };
      groups.set(key, group);
      group.from = Math.min(group.from, bucket.start);
      group.to = Math.max(group.to, bucket.end);
      const seriesKey = `${point._id}|${definition.calculation}`;
      if (!group.index.has(seriesKey)) {
        group.index.set(seriesKey, group.requested.length);
        group.requested.push({ point, calculation: definition.calculation, conversion: null });
      }
      group.cells.push({ position: { row: rowIndex, column }, series: group.index.get(seriesKey)!, bucketStart: bucket.start, zone });
    }),
  );
  const values = new Map<string, number | null>();
  await Promise.all(
    [...groups.values()].map(async (group) => {
      const answer = await querySeriesOfPoints(
        group.requested,
        locations,
        {
          points: group.requested.map(({ point, calculation }) => ({ point: point._id, calculation })),
          sampling: group.sampling,
          period_type: 'dateToDate',
          period: 'month',
          offset: 0,
          start: new Date(group.from).toISOString(),
          end: new Date(group.to).toISOString(),
        },
        now,
      );
      for (const cell of group.cells) {
        const series = answer.series[cell.series];
        const position = answer.calendars[series.calendar].dates.indexOf(localIso(cell.bucketStart, cell.zone));
        values.set(cellReference(cell.position), position < 0 ? null : (series.values[position] ?? null));
      }
    }),
  );
  return values;
};

/** What the cells of a grid show for this caller, at this view, and the points it could read. */
const readGrid = async (caller: Caller, grid: ExportGrid, view: ViewSettings, language: LanguageKey, now: number) => {
  const customerId = customerOf(caller);
  // The points the grid's cells name and their locations, by key: an export costs its cells, not the customer's points.
  const named = grid.flatMap((row) => row.flatMap(([definition]) => (definition.type === 'point' || definition.type === 'point_data' ? [definition.point_id] : [])));
  const [{ points: stored, locations }, zone] = await Promise.all([visiblePointsByIds(caller, named), zoneOfCustomer(customerId)]);
  // A cell showing a point's last data date shows the later of its own and its source fetches' (issue 41).
  const showsDates = grid.some((row) => row.some(([definition]) => definition.type === 'point' && definition.property === 'last_data_date'));
  const visible = showsDates ? await withLatestDates(customerId, stored) : stored;
  const points = new Map(visible.map((point) => [point._id, point]));
  const data = await pointDataValues(grid, points, locations, view, now);
  const values = evaluateGrid(grid, {
    point: (pointId) => (points.get(pointId) as unknown as Record<string, unknown>) ?? null,
    pointData: (position) => data.get(cellReference(position)) ?? null,
    text: (value) => exportValueText(value, { language, zone }),
  });
  return { values, points, zone };
};

const valuesOf = async (caller: Caller, grid: ExportGrid, view: ViewSettings, language: LanguageKey): Promise<ExportValue[][]> =>
  (await readGrid(caller, grid, view, language, Date.now())).values;

/** `GET /exports/data/{id}/{end date|none}/{sampling|none}`: the export and what its cells show. */
export const viewExport = async (caller: Caller, exportId: string, view: ViewSettings, language: LanguageKey): Promise<ExportView> => {
  const found = await requireExport(customerOf(caller), exportId);
  return { ...found, data_array: await valuesOf(caller, found.content, view, language) };
};

/**
 * What one cell being edited shows (`data[0][0]`). Alone, it has no other cells: a reference to one
 * reads nothing, and an operation over cells shows nothing until the grid is read.
 */
export const cellValue = async (caller: Caller, cell: ExportCell, view: ViewSettings, language: LanguageKey) => {
  const [definition] = cell;
  const alone: ExportGrid = [[definition.type === 'point_operations' ? [{ type: 'empty' }] : cell]];
  return { data: await valuesOf(caller, alone, view, language) };
};

const fileOf = async (caller: Caller, found: Export, view: ViewSettings, language: LanguageKey): Promise<ExportFile> => {
  const now = Date.now();
  const { values, points, zone } = await readGrid(caller, found.content, view, language, now);
  // Every figure says its unit: the XLSX writes each point's after its numbers.
  const units = cellUnits(found.content, (pointId) => points.get(pointId)?.unit ?? null);
  return exportFileOf(found.name, found.export_type, values, { language, zone }, now, units);
};

/** The export's file (its type: CSV or XLSX) as the read view shows it, behind a link of a few minutes. */
export const exportFileLink = async (caller: Caller, exportId: string, view: ViewSettings, language: LanguageKey) => {
  const found = await requireExport(customerOf(caller), exportId);
  const file = await fileOf(caller, found, view, language);
  return { url: await storeExportFile(found.customer, found._id, file), name: file.fileName };
};

/**
 * Sends the export's file now to its e-mail list (spec 2 §3: export method e-mail), through the
 * outbox: the file goes to the documents bucket, the record naming it is written, then sent at
 * once; a refusal is answered and the record waits for the outbox sweep. A request asked again
 * with the same key (after a failure, or a lost answer) finds its record and never makes a second
 * message: it sends that record now if it is still unsent.
 */
export const sendExportByMail = async (caller: Caller, exportId: string, view: ViewSettings, language: LanguageKey, requestKey: string | null) => {
  const found = await requireExport(customerOf(caller), exportId);
  if (found.email.to.length === 0) throw new AppError('export_recipients_required');
  if (!(await customerReceivesEmail(found.customer, 'reports'))) throw new AppError('export_emails_off');
  const source: OutboxSource = { kind: 'export', id: found._id };
  const occasion = requestOccasion(caller.userId, requestKey);
  const recordId = outboxRecordId(source, occasion, 'email', found.email.to);
  const record = (await getOutboxRecord(found.customer, recordId)) ?? (await writeExportMail(caller, found, view, language, source, occasion, recordId));
  await deliverOutboxRecord(record, true);
  return { sent_to: found.email.to };
};

const writeExportMail = async (caller: Caller, found: Export, view: ViewSettings, language: LanguageKey, source: OutboxSource, occasion: string, recordId: string): Promise<OutboxRecord> => {
  const file = await fileOf(caller, found, view, language);
  // The file may exceed an item's 400 KB: the record names it in the documents bucket.
  const s3Key = outboxAttachmentKey(found.customer, recordId, file.fileName);
  await storeOutboxAttachment(s3Key, file.body, file.contentType);
  const record = newOutboxRecord(found.customer, source, occasion, {
    channel: 'email',
    to: found.email.to,
    cc: [],
    bcc: [],
    ...exportMail(found.name, file.fileName, language),
    attachments: [{ fileName: file.fileName, contentType: file.contentType, s3Key }],
  });
  if (await putOutboxRecord(record)) return record;
  // The same request, asked twice at once: the other one wrote it first.
  const written = await getOutboxRecord(found.customer, recordId);
  if (!written) throw new Error(`Outbox record ${recordId} neither written nor found`);
  return written;
};
