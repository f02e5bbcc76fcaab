import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { FileLists, FilePreview, MeterFile } from '@shared/schemas/meter-file';
import { PREVIEW_MAX_ROWS, PREVIEW_ROWS, UPLOAD_MAX_BYTES } from '@shared/schemas/meter-file';
import { bucketStart, nextBucketStart } from '@shared/series/buckets';
import { requireSetting } from '../config';
import { s3 } from '../clients/s3';
import { keys } from '../data/keys';
import { deleteMeterFile, getMeterFile, listMeterFiles, readMeterFileBytes, STALE_AFTER_MS, type StoredMeterFile } from '../data/meter-file-repository';
import { getUser } from '../data/user-repository';
import { listRawEntries } from '../data/raw-value-repository';
import { AppError } from '../errors';
import { importContext } from './file-import-service';
import { receiveFile, startImport } from './file-intake';
import { customerOf, type Caller } from './caller';
import { formatOfName, readMeterFile, type ReadRow } from './meter-file-reader';

/** Treated files listed beside the spec's three lists: the latest ones. */
const TREATED_LISTED = 50;

const toMeterFile = (file: StoredMeterFile): MeterFile => {
  const { customer: _customer, attempt: _attempt, heartbeat_at: _heartbeat, checkpoint: _checkpoint, ...shown } = file;
  return shown;
};

const newestFirst = (a: StoredMeterFile, b: StoredMeterFile) => b.received_at.localeCompare(a.received_at);

/** A file in treatment whose import fell silent counts as a treatment error (it can be imported again). */
const effectiveState = (file: StoredMeterFile, now: number): StoredMeterFile =>
  file.state === 'in_treatment' && file.heartbeat_at && now - Date.parse(file.heartbeat_at) > STALE_AFTER_MS
    ? { ...file, state: 'treatment_error', error: file.error ?? 'import_stopped' }
    : file;

export const listFiles = async (caller: Caller): Promise<FileLists> => {
  const now = Date.now();
  const files = (await listMeterFiles(customerOf(caller))).map((file) => effectiveState(file, now)).sort(newestFirst);
  const of = (state: StoredMeterFile['state']) => files.filter((file) => file.state === state).map(toMeterFile);
  return {
    notTreatedFileList: of('not_treated'),
    inTreatmentFileList: of('in_treatment'),
    treatmentErrorFileList: of('treatment_error'),
    treatedFileList: of('treated').slice(0, TREATED_LISTED),
  };
};

/** The batch processor's expression, checked: 'RexExp must be defined', or a readable refusal. */
export const fileNameExpression = (text: string): RegExp => {
  let decoded = text;
  try {
    // API Gateway may hand the parameter still encoded.
    decoded = decodeURIComponent(text);
  } catch {
    decoded = text;
  }
  const trimmed = decoded.trim();
  if (!trimmed) throw new AppError('regexp_required');
  try {
    return new RegExp(trimmed, 'i');
  } catch (error) {
    throw new AppError('regexp_invalid', { cause: error });
  }
};

/** Files the batch processor would take: not treated or in treatment error, whose name matches. */
const batchCandidates = async (caller: Caller, expression: string): Promise<StoredMeterFile[]> => {
  const pattern = fileNameExpression(expression);
  const now = Date.now();
  return (await listMeterFiles(customerOf(caller)))
    .map((file) => effectiveState(file, now))
    .filter((file) => (file.state === 'not_treated' || file.state === 'treatment_error') && pattern.test(file.name))
    .sort(newestFirst);
};

export const filesMatching = async (caller: Caller, expression: string): Promise<MeterFile[]> =>
  (await batchCandidates(caller, expression)).map(toMeterFile);

/** Starts the imports of files; each file is claimed on its own, so one already running is left alone. */
const startImports = async (customerId: string, files: readonly StoredMeterFile[], evenTreated: boolean) => {
  let started = 0;
  for (const file of files) if (await startImport(customerId, file._id, { evenTreated })) started += 1;
  return { started, files: files.map((file) => file._id) };
};

export const startBatch = async (caller: Caller, expression: string) => startImports(customerOf(caller), await batchCandidates(caller, expression), false);

/** `PUT /api/v1/data/not-treated-files/`: the listed not-treated files, or all of them. */
export const importNotTreated = async (caller: Caller, ids: readonly string[] | undefined) => {
  const customerId = customerOf(caller);
  const notTreated = (await listMeterFiles(customerId)).filter((file) => file.state === 'not_treated');
  const chosen = ids ? ids.map((id) => notTreated.find((file) => file._id === id) ?? notFound()) : notTreated;
  return startImports(customerId, chosen, false);
};

const notFound = (): never => {
  throw new AppError('not_found');
};

const fileOfCaller = async (caller: Caller, fileId: string): Promise<StoredMeterFile> =>
  (await getMeterFile(customerOf(caller), fileId)) ?? notFound();

/** Imports a file again, whatever its state but in treatment: values are replaced, never doubled. */
export const reImport = async (caller: Caller, fileId: string) => {
  const file = await fileOfCaller(caller, fileId);
  if (!(await startImport(file.customer, file._id, { evenTreated: true }))) throw new AppError('file_in_treatment');
  return { started: 1, files: [file._id] };
};

export const deleteFiles = async (caller: Caller, ids: readonly string[]) => {
  const files = await Promise.all(ids.map((id) => fileOfCaller(caller, id)));
  const deleted: string[] = [];
  const inTreatment: string[] = [];
  for (const file of files) ((await deleteMeterFile(file)) ? deleted : inTreatment).push(file._id);
  if (deleted.length === 0 && inTreatment.length > 0) throw new AppError('file_in_treatment');
  return { deleted, in_treatment: inTreatment };
};

/** `POST /api/v1/data/files`: a file uploaded from the browser, listed as not treated (the user imports it). */
export const uploadFile = async (caller: Caller, name: string, base64: string): Promise<MeterFile> => {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > UPLOAD_MAX_BYTES) throw new AppError('file_too_large');
  const customerId = customerOf(caller);
  const user = await getUser(caller.homeCustomerId, caller.userId);
  const label = user ? `${user.first_name} ${user.last_name}`.trim() || user.email : caller.userId;
  return toMeterFile(await receiveFile({ customerId, name, origin: { kind: 'upload', id: null, label }, body: bytes, importNow: false }));
};

/** A short-lived address of the rejected rows of a file's last import (`line;reason;detail`). */
export const rejectsOf = async (caller: Caller, fileId: string) => {
  const file = await fileOfCaller(caller, fileId);
  if (!file.outcome?.has_rejects) throw new AppError('not_found');
  const name = `${file.name.replace(/\.[^.]*$/, '')}-rejects.csv`;
  const url = await getSignedUrl(
    s3,
    new GetObjectCommand({
      Bucket: requireSetting('UPLOADS_BUCKET'),
      Key: keys.meterFileRejectsObject(file.customer, file._id),
      ResponseContentDisposition: `attachment; filename="${name.replaceAll('"', '')}"`,
      ResponseContentType: 'text/csv; charset=utf-8',
    }),
    { expiresIn: 300 },
  );
  return { url, name };
};

/**
 * A dry run of a file: its first rows parsed with the points they name, and what importing would
 * do to each value (new, changed, unchanged) compared with what is stored — nothing is written.
 * At most PREVIEW_MAX_ROWS rows are read, so the answer comes within a request.
 */
export const previewFile = async (caller: Caller, fileId: string): Promise<FilePreview> => {
  const file = await fileOfCaller(caller, fileId);
  const context = await importContext(file.customer);
  const byTechnicalId = new Map(context.points.map((point) => [point.technical_id, point]));
  const body = await readMeterFileBytes(file.customer, file._id);
  const rows: ReadRow[] = [];
  let truncated = false;
  let separator: string | null = null;
  const format = formatOfName(file.name);
  const reader = readMeterFile(body, file.name, context.zone, (found) => (separator = found));
  for await (const row of reader) {
    if (rows.length >= PREVIEW_MAX_ROWS) {
      truncated = true;
      break;
    }
    rows.push(row);
  }
  body.destroy();

  // What is stored, per point and month the rows touch: one read each.
  const months = new Map<string, { pointId: string; from: number; to: number }>();
  for (const row of rows) {
    if (!row.ok) continue;
    const point = byTechnicalId.get(row.row.technicalId);
    if (!point) continue;
    const zone = context.zoneOf(point);
    const from = bucketStart(row.row.at, 'month', zone);
    months.set(`${point._id}|${from}`, { pointId: point._id, from, to: nextBucketStart(from, 'month', zone) });
  }
  const stored = new Map<string, { value: number; status: string }>();
  for (const month of months.values()) {
    for (const entry of await listRawEntries({ customerId: file.customer, pointId: month.pointId }, month.from, month.to)) {
      stored.set(`${month.pointId}|${entry.at}`, { value: entry.value, status: entry.status });
    }
  }

  const counts = { read: rows.length, new: 0, changed: 0, unchanged: 0, rejected: 0, unknown: 0 };
  const perPoint = new Map<string, { _id: string; name: string; technical_id: string; rows: number }>();
  // The last row at a time wins, as in an import.
  const effects = new Map<string, 'new' | 'changed' | 'unchanged'>();
  const shown: FilePreview['rows'] = [];
  for (const row of rows) {
    if (!row.ok) {
      counts.rejected += 1;
      if (shown.length < PREVIEW_ROWS) shown.push({ line: row.line, technical_id: null, at: null, value: null, status: null, point: null, problem: row.problem, effect: 'rejected' });
      continue;
    }
    const point = byTechnicalId.get(row.row.technicalId);
    if (!point) {
      counts.unknown += 1;
      if (shown.length < PREVIEW_ROWS)
        shown.push({ line: row.line, technical_id: row.row.technicalId, at: new Date(row.row.at).toISOString(), value: row.row.value, status: row.row.status, point: null, problem: 'unknown_point', effect: 'unknown' });
      continue;
    }
    const before = stored.get(`${point._id}|${row.row.at}`);
    const effect = !before ? 'new' : before.value === row.row.value && before.status === row.row.status ? 'unchanged' : 'changed';
    effects.set(`${point._id}|${row.row.at}`, effect);
    const tally = perPoint.get(point._id) ?? { _id: point._id, name: point.name, technical_id: point.technical_id, rows: 0 };
    tally.rows += 1;
    perPoint.set(point._id, tally);
    if (shown.length < PREVIEW_ROWS)
      shown.push({ line: row.line, technical_id: row.row.technicalId, at: new Date(row.row.at).toISOString(), value: row.row.value, status: row.row.status, point: { _id: point._id, name: point.name }, problem: null, effect });
  }
  for (const effect of effects.values()) counts[effect] += 1;
  return {
    file: toMeterFile(file),
    format,
    separator,
    rows: shown,
    counts,
    truncated,
    points: [...perPoint.values()],
  };
};
