import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileLists, FilePreview, MeterFile } from '@shared/schemas/meter-file';
import type { SeriesAnswer } from '@shared/schemas/series';
import { api, login } from '../support/api';
import { testEnvironment } from '../support/environment';
import { eventually } from '../support/eventually';
import { awsEnvironment } from '../../infra/local/emulator';
import { series, seriesRef } from '../support/aws';

let admin: string;
let member: string;
let otherCustomer: string;

const unique = () => `IMP-${randomUUID().slice(0, 8)}`;

const createPoint = async (technicalId: string, unit = 'kWh'): Promise<string> => {
  const answer = await api<{ _id: string }>('POST', '/api/v1/points', {
    token: admin,
    body: { name: `Import ${technicalId}`, technical_id: technicalId, resource: 'electricity', series_type: 'measure', unit, location: ['loc-grenoble'] },
  });
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.data!._id;
};

const upload = async (name: string, content: string | Buffer, token = admin) => {
  const answer = await api<MeterFile>('POST', '/api/v1/data/upload-file', { token, body: { name, data: Buffer.from(content).toString('base64') } });
  return answer;
};

const lists = async (token = admin) => (await api<FileLists>('GET', '/api/v1/data/not-treated-files', { token })).body.data!;
const allFiles = (all: FileLists) => [...all.notTreatedFileList, ...all.inTreatmentFileList, ...all.treatmentErrorFileList, ...all.treatedFileList];
const fileIn = async (fileId: string) => allFiles(await lists()).find((file) => file._id === fileId);

/** Waits until the file's import ended (treated or treatment error). */
const importEnded = (fileId: string) =>
  eventually(
    () => fileIn(fileId),
    (file) => file?.state === 'treated' || file?.state === 'treatment_error',
    60_000,
  );

/** A point's raw values between two instants, read from the series table. */
const rawValues = async (pointId: string, from: string, to: string) => {
  const months = [...new Set([from, to].map((instant) => new Date(instant).toISOString().slice(0, 7).replace('-', '')))];
  return (await series.rawOfMonths(seriesRef(pointId), months)).filter((value) => value.at >= Date.parse(from) && value.at <= Date.parse(to));
};

const daySum = async (pointId: string, day: string) => {
  const answer = await api<SeriesAnswer>('POST', '/api/v1/series/query', {
    token: admin,
    body: { period_type: 'dateToDate', period: 'day', sampling: 'day', start: `${day}T00:00:00+01:00`, end: `${day}T23:59:59+01:00`, points: [{ point: pointId, calculation: 'sum' }] },
  });
  return answer.body.data!.series[0].values[0];
};

/** The import service, run in this process against the deployed tables and bucket. */
const runImportServiceHere = () => {
  const environment = testEnvironment();
  Object.assign(process.env, awsEnvironment(environment.endpoint), {
    ENTITIES_TABLE: environment.entitiesTable,
    SERIES_TABLE: environment.seriesTable,
    UPLOADS_BUCKET: environment.uploadsBucket,
    FILE_IMPORTS_FUNCTION: environment.fileImportsFunctionName,
  });
};

/** A file claimed for import as the job claims it; the import of that claim, run here with the options given. */
const claimedImport = async (fileId: string) => {
  const environment = testEnvironment();
  const { claimForImport } = await import('../../functions/src/data/meter-file-repository');
  const { runFileImport } = await import('../../functions/src/services/file-import-service');
  const attempt = `job-${randomUUID()}`;
  expect(await claimForImport(environment.customers.premium, fileId, attempt, new Date(), false)).toBe(true);
  return (options: Parameters<typeof runFileImport>[1]) => runFileImport({ customerId: environment.customers.premium, fileId, attempt }, options);
};

/** The file's rows as a slow network hands them: `chunk` rows at a time, `pauseMs` apart, broken after `breakAfter` rows when given. */
const slowly =
  (rows: string[], { chunk, pauseMs, breakAfter }: { chunk: number; pauseMs: number; breakAfter?: number }) =>
  () =>
    Promise.resolve(
      Readable.from(
        (async function* () {
          for (let offset = 0; offset < (breakAfter ?? rows.length); offset += chunk) {
            yield `${rows.slice(offset, offset + chunk).join('\n')}\n`;
            await new Promise((resolve) => setTimeout(resolve, pauseMs));
          }
          if (breakAfter !== undefined) throw new Error('connection reset by peer');
        })(),
      ),
    );

beforeAll(async () => {
  admin = (await login('premiumAdministrator')).user.jwt;
  member = (await login('premiumMember')).user.jwt;
  otherCustomer = (await login('basicAdministrator')).user.jwt;
});

describe('files processing', () => {
  it('imports an uploaded CSV through the bulk path: values, rollups, outcome with rejected rows and unknown ids; a second import writes nothing', async () => {
    const technicalId = unique();
    const pointId = await createPoint(technicalId);
    const csv = [
      'technical_id;date;value;status',
      `${technicalId};02/11/2026 00:00;10,5`,
      `${technicalId};02/11/2026 01:00;11,5;2`,
      `${technicalId};2026-11-02T02:00:00+01:00;12`,
      `${technicalId};31/02/2026 00:00;1`,
      `${technicalId};02/11/2026 03:00;abc`,
      `INCONNU-${technicalId};02/11/2026 03:00;1`,
    ].join('\n');
    const uploaded = await upload('releve-novembre.csv', csv);
    expect(uploaded.status).toBe(200);
    const file = uploaded.body.data!;
    expect(file).toMatchObject({ name: 'releve-novembre.csv', state: 'not_treated', size: Buffer.byteLength(csv), origin: { kind: 'upload', id: null } });
    expect((await lists()).notTreatedFileList.map((entry) => entry._id)).toContain(file._id);

    const started = await api<{ started: number }>('PUT', '/api/v1/data/not-treated-files', { token: admin, body: { files: [file._id] } });
    expect([started.status, started.body.msg, started.body.data?.started]).toEqual([200, 'not_treated_import_started', 1]);
    const treated = await importEnded(file._id);
    expect(treated?.state).toBe('treated');
    expect(treated?.outcome).toEqual({ rows_read: 6, written: 3, unchanged: 0, rejected: 2, unknown_ids: [`INCONNU-${technicalId}`], unknown_rows: 1, has_rejects: true });
    expect(await daySum(pointId, '2026-11-02')).toBeCloseTo(34, 6);
    const values = await rawValues(pointId, '2026-11-02T00:00:00+01:00', '2026-11-02T23:59:59+01:00');
    expect(values.map((value) => [value.value, value.status])).toEqual([[10.5, '1'], [11.5, '2'], [12, '1']]);

    const rejects = await api<{ url: string; name: string }>('GET', `/api/v1/data/file-rejects/${file._id}`, { token: admin });
    expect(rejects.body.data?.name).toBe('releve-novembre-rejects.csv');
    const rejectsText = await (await fetch(rejects.body.data!.url)).text();
    expect(rejectsText.trim().split('\n')).toEqual(['line;reason;detail', '5;date', '6;value', `7;unknown_point;INCONNU-${technicalId}`]);

    // The same file again (a second upload of the same bytes, and a re-import): nothing written.
    const again = (await upload('releve-novembre.csv', csv)).body.data!;
    expect(again.hash).toBe(file.hash);
    await api('PUT', '/api/v1/data/not-treated-files', { token: admin, body: { files: [again._id] } });
    expect((await importEnded(again._id))?.outcome).toMatchObject({ written: 0, unchanged: 3 });
    const reimport = await api('PUT', '/api/v1/data/re-import', { token: admin, body: { file: file._id } });
    expect([reimport.status, reimport.body.msg]).toEqual([200, 'file_import_started']);
    const reimported = await eventually(() => fileIn(file._id), (entry) => entry?.state === 'treated' && entry.outcome?.written === 0);
    expect(reimported?.outcome).toMatchObject({ written: 0, unchanged: 3 });
    expect(await daySum(pointId, '2026-11-02')).toBeCloseTo(34, 6);
  });

  it('replaces the values of overlapping rows (same point and time) and imports XLSX with the same columns', async () => {
    const technicalId = unique();
    const pointId = await createPoint(technicalId);
    await upload('a.csv', `${technicalId},03/11/2026 00:00,1\n${technicalId},03/11/2026 01:00,2\n`).then(async (answer) => {
      await api('PUT', '/api/v1/data/not-treated-files', { token: admin, body: { files: [answer.body.data!._id] } });
      await importEnded(answer.body.data!._id);
    });
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Relevés');
    sheet.addRow(['technical_id', 'date', 'value']);
    sheet.addRow([technicalId, '03/11/2026 01:00', 5]);
    sheet.addRow([technicalId, new Date(Date.UTC(2026, 10, 3, 2, 0)), 7.25]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const file = (await upload('b.xlsx', xlsx)).body.data!;
    await api('PUT', '/api/v1/data/not-treated-files', { token: admin, body: { files: [file._id] } });
    expect((await importEnded(file._id))?.outcome).toEqual({ rows_read: 2, written: 2, unchanged: 0, rejected: 0, unknown_ids: [], unknown_rows: 0, has_rejects: false });
    const values = await rawValues(pointId, '2026-11-03T00:00:00+01:00', '2026-11-03T23:59:59+01:00');
    expect(values.map((value) => value.value)).toEqual([1, 5, 7.25]);
  });

  it('previews a file without writing: rows, matched points, new / changed / unchanged counts', async () => {
    const technicalId = unique();
    const pointId = await createPoint(technicalId);
    await api('POST', '/api/v1/data', { token: admin, body: { data: [{ point: pointId, date: '2026-11-04T00:00:00+01:00', value: 1, status: '1' }, { point: pointId, date: '2026-11-04T01:00:00+01:00', value: 2, status: '1' }] } });
    const csv = `${technicalId};04/11/2026 00:00;1\n${technicalId};04/11/2026 01:00;3\n${technicalId};04/11/2026 02:00;4\nNOPE;04/11/2026 02:00;4\n${technicalId};hier;4\n`;
    const file = (await upload('apercu.csv', csv)).body.data!;
    const preview = await api<FilePreview>('PUT', '/api/v1/data/files-preview', { token: admin, body: { file: file._id } });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ format: 'csv', separator: ';', truncated: false, counts: { read: 5, new: 1, changed: 1, unchanged: 1, rejected: 1, unknown: 1 } });
    expect(preview.body.data!.rows.map((row) => row.effect)).toEqual(['unchanged', 'changed', 'new', 'unknown', 'rejected']);
    expect(preview.body.data!.points).toEqual([{ _id: pointId, name: `Import ${technicalId}`, technical_id: technicalId, rows: 3 }]);
    expect((await fileIn(file._id))?.state).toBe('not_treated');
    expect((await rawValues(pointId, '2026-11-04T00:00:00+01:00', '2026-11-04T23:59:59+01:00')).map((value) => value.value)).toEqual([1, 2]);
  });

  it('starts the batch processor on the files whose name matches, and says when the expression is missing or wrong', async () => {
    const technicalId = unique();
    const pointId = await createPoint(technicalId);
    const tag = randomUUID().slice(0, 6);
    const matching = (await upload(`lot-${tag}-1.csv`, `${technicalId};05/11/2026 00:00;1\n`)).body.data!;
    const other = (await upload(`autre-${tag}.csv`, `${technicalId};05/11/2026 01:00;2\n`)).body.data!;
    const listed = await api<MeterFile[]>('GET', `/api/v1/data/files/${encodeURIComponent(`^lot-${tag}-\\d+\\.csv$`)}`, { token: admin });
    expect(listed.body.data!.map((file) => file._id)).toEqual([matching._id]);
    const started = await api<{ started: number }>('PUT', `/api/v1/data/files/${encodeURIComponent(`^lot-${tag}`)}`, { token: admin });
    expect([started.status, started.body.msg, started.body.data?.started]).toEqual([200, 'batch_files_started', 1]);
    await importEnded(matching._id);
    expect((await fileIn(other._id))?.state).toBe('not_treated');
    expect((await rawValues(pointId, '2026-11-05T00:00:00+01:00', '2026-11-05T23:59:59+01:00')).map((value) => value.value)).toEqual([1]);
    const blank = await api('PUT', `/api/v1/data/files/${encodeURIComponent(' ')}`, { token: admin });
    expect([blank.status, blank.body.msg]).toEqual([400, 'regexp_required']);
    const wrong = await api('PUT', `/api/v1/data/files/${encodeURIComponent('lot-(')}`, { token: admin });
    expect([wrong.status, wrong.body.msg]).toEqual([400, 'regexp_invalid']);
  });

  it('deletes files, and keeps every file of a customer from the others and from members without the permission', async () => {
    const file = (await upload('a-supprimer.csv', 'X;01/11/2026 00:00;1\n')).body.data!;
    expect((await api('GET', '/api/v1/data/not-treated-files', { token: member })).status).toBe(403);
    const others = allFiles(await lists(otherCustomer));
    expect(others.map((entry) => entry._id)).not.toContain(file._id);
    for (const [method, path, body] of [
      ['PUT', '/api/v1/data/files-preview', { file: file._id }],
      ['PUT', '/api/v1/data/re-import', { file: file._id }],
      ['PUT', '/api/v1/data/delete-file', { file: file._id }],
      ['PUT', '/api/v1/data/delete-files', { files: [file._id] }],
      ['PUT', '/api/v1/data/not-treated-files', { files: [file._id] }],
      ['GET', `/api/v1/data/file-rejects/${file._id}`, undefined],
    ] as const) {
      expect((await api(method, path, { token: otherCustomer, body })).status, `${method} ${path}`).toBe(404);
    }
    expect((await fileIn(file._id))?.state).toBe('not_treated');
    const deleted = await api<{ deleted: string[] }>('PUT', '/api/v1/data/delete-file', { token: admin, body: { file: file._id } });
    expect(deleted.body.data?.deleted).toEqual([file._id]);
    expect(await fileIn(file._id)).toBeUndefined();
  });

  it('refuses an upload that is too large, and writes nothing', async () => {
    const before = allFiles(await lists()).length;
    const large = await upload('gros.csv', Buffer.alloc(4 * 1024 * 1024 + 10, 'a'));
    expect(large.status).toBe(400);
    expect(allFiles(await lists()).length).toBe(before);
  });
});

describe('files processing of a file overlapping an earlier one', () => {
  it('imports a file overlapping an earlier one by half: only new and changed values written, every rollup bucket equal to a recomputation, the clock-change days included', async () => {
    const technicalId = unique();
    const pointId = await createPoint(technicalId);
    const QUARTER = 900_000;
    const DAY = 86_400_000;
    // Europe/Paris: 29 March 2026 has 23 hours, 25 October 2026 has 25; the third stretch holds a
    // local month starting in the previous UTC month (1 November starts at 23:00 UTC).
    const stretches = ['2026-03-28T00:00:00Z', '2026-10-24T00:00:00Z', '2026-10-30T12:00:00Z'].map(Date.parse);
    const rowsOf = (value: (at: number, index: number) => number, offsetDays: number) =>
      stretches.flatMap((start) => Array.from({ length: 192 }, (_, index) => start + offsetDays * DAY + index * QUARTER).map((at, index) => ({ at, value: value(at, index) })));
    const first = rowsOf((_, index) => 100 + index * 0.25, 0);
    const earlier = new Map(first.map((row) => [row.at, row.value]));
    // The second file's first half is the first file's second half: every other value of it changed.
    const second = rowsOf((at, index) => (earlier.has(at) ? earlier.get(at)! + (index % 2) * 1000 : 500 + index), 1);
    const csvOf = (rows: typeof first) => rows.map((row) => `${technicalId};${new Date(row.at).toISOString().replace('.000Z', 'Z')};${row.value}`).join('\n');
    for (const [name, rows, outcome] of [
      ['chevauchement-1.csv', first, { written: 576, unchanged: 0 }],
      ['chevauchement-2.csv', second, { written: 432, unchanged: 144 }],
    ] as const) {
      const file = (await upload(name, csvOf(rows))).body.data!;
      await api('PUT', '/api/v1/data/not-treated-files', { token: admin, body: { files: [file._id] } });
      expect((await importEnded(file._id))?.outcome).toMatchObject({ rows_read: 576, rejected: 0, ...outcome });
    }
    const expected = new Map([...first, ...second].map((row) => [row.at, row.value]));
    const stored = await series.rawOfMonths(seriesRef(pointId), ['202603', '202610', '202611']);
    expect(stored.map((value) => [value.at, value.value])).toEqual([...expected].sort((a, b) => a[0] - b[0]));
    const check = await series.checkRollups([seriesRef(pointId)]);
    expect(check.mismatches).toEqual([]);
    expect(check.values).toBe(expected.size);
    const days = new Map((await series.rollups(seriesRef(pointId), 'day', '2026')).map((day) => [day.start, day.count]));
    expect([days.get(Date.parse('2026-03-28T23:00:00Z')), days.get(Date.parse('2026-10-24T22:00:00Z'))]).toEqual([23 * 4, 25 * 4]);
    expect(check.buckets).toBe(new Set([...expected.keys()].map((at) => Math.floor(at / 3_600_000))).size + days.size + 3);
  });
});

describe('files processing after a failure half-way', () => {
  it('re-imports a file whose import failed after writing part of it, and ends with exactly its data', async () => {
    const technicalId = unique();
    const pointId = await createPoint(technicalId);
    // The import service, run here against the deployed tables and bucket, reading a stream that breaks after 1,500 rows.
    runImportServiceHere();
    const rows = Array.from({ length: 3000 }, (_, index) => `${technicalId};${new Date(Date.UTC(2026, 9, 1) + index * 900_000).toISOString().replace('.000Z', 'Z')};${index}`);
    const csv = `${rows.join('\n')}\n`;
    const file = (await upload('coupure.csv', csv)).body.data!;
    const runFileImport = await claimedImport(file._id);
    // Slowly, as a network would: the reader keeps up, and the break comes after rows were written.
    const broken = slowly(rows, { chunk: 50, pauseMs: 5, breakAfter: 1500 });
    // A small buffer: part of the rows is written before the stream breaks.
    const failed = await runFileImport({ source: broken, bufferedRows: 1000 });
    expect(failed?.state).toBe('treatment_error');
    const inError = await fileIn(file._id);
    expect(inError).toMatchObject({ state: 'treatment_error', error: 'connection reset by peer' });
    expect(allFiles(await lists()).filter((entry) => entry._id === file._id)).toHaveLength(1);

    await api('PUT', '/api/v1/data/re-import', { token: admin, body: { file: file._id } });
    const done = await importEnded(file._id);
    expect(done?.outcome).toMatchObject({ rows_read: 3000, rejected: 0 });
    expect(done!.outcome!.written + done!.outcome!.unchanged).toBe(3000);
    expect(done!.outcome!.written).toBeLessThan(3000);
    const values = await rawValues(pointId, '2026-10-01T00:00:00Z', '2026-11-01T23:59:59Z');
    expect(values.map((value) => value.value)).toEqual(rows.map((_, index) => index));
  });
});

describe('files processing across the end of a local month in several flushes', () => {
  it('compares and rolls up the hour after a local month ends (in the UTC month before) with the values already stored there', async () => {
    const technicalId = unique();
    const pointId = await createPoint(technicalId);
    runImportServiceHere();
    // Europe/Paris: November 2026 starts at 23:00 UTC on 31 October. Two single writes in that hour,
    // between the file's quarters, are rolled up by the stream before the import.
    const stored = [Date.parse('2026-10-31T23:10:00Z'), Date.parse('2026-10-31T23:20:00Z')].map((at, index) => ({ at, value: 7 + index }));
    await series.putRaw(seriesRef(pointId), stored);
    const lastOctoberHour = async () => (await series.rollups(seriesRef(pointId), 'hour', '202610')).find((hour) => hour.start === Date.parse('2026-10-31T23:00:00Z'));
    await eventually(lastOctoberHour, (hour) => hour?.count === 2, 30_000);
    // Five days in time order, read slowly with a small buffer: October is written (and read to its
    // UTC partition's end) while the rows of November are still to come.
    const rows = Array.from({ length: 5 * 96 }, (_, index) => `${technicalId};${new Date(Date.parse('2026-10-29T00:00:00Z') + index * 900_000).toISOString().replace('.000Z', 'Z')};${index * 0.5}`);
    const file = (await upload('fin-de-mois.csv', `${rows.join('\n')}\n`)).body.data!;
    const runFileImport = await claimedImport(file._id);
    const slow = slowly(rows, { chunk: 20, pauseMs: 20 });
    const done = await runFileImport({ source: slow, bufferedRows: 160 });
    expect(done).toMatchObject({ state: 'treated', outcome: { rows_read: rows.length, written: rows.length, unchanged: 0 } });
    const values = await rawValues(pointId, '2026-10-29T00:00:00Z', '2026-11-03T00:00:00Z');
    expect(values).toHaveLength(rows.length + stored.length);
    expect(values.filter((value) => stored.some((single) => single.at === value.at)).map((value) => value.value)).toEqual([7, 8]);
    const check = await series.checkRollups([seriesRef(pointId)]);
    expect(check.mismatches).toEqual([]);
    expect(check.values).toBe(rows.length + stored.length);
    expect((await lastOctoberHour())?.count).toBe(6);
  });
});

describe('files processing after a failure between values and rollups', () => {
  it('mends the rollups of a file imported again whose rollup packs were not written, writing no value', async () => {
    const technicalId = unique();
    const pointId = await createPoint(technicalId);
    // Four days over the spring change of time (29 March 2026 has 23 hours in Europe/Paris).
    const rows = Array.from({ length: 4 * 96 }, (_, index) => `${technicalId};${new Date(Date.parse('2026-03-27T00:00:00Z') + index * 900_000).toISOString().replace('.000Z', 'Z')};${(index % 17) * 0.5}`);
    const file = (await upload('sans-cumuls.csv', `${rows.join('\n')}\n`)).body.data!;
    await api('PUT', '/api/v1/data/not-treated-files', { token: admin, body: { files: [file._id] } });
    expect((await importEnded(file._id))?.outcome).toMatchObject({ rows_read: rows.length, written: rows.length });
    // The values are in, their hour and day packs are not, as after an import that stopped between the two.
    await series.deleteRollupPack(seriesRef(pointId), 'hour', '202603');
    await series.deleteRollupPack(seriesRef(pointId), 'day', '2026');
    expect((await series.checkRollups([seriesRef(pointId)])).mismatched).toBeGreaterThan(0);

    await api('PUT', '/api/v1/data/re-import', { token: admin, body: { file: file._id } });
    await eventually(
      () => fileIn(file._id),
      (entry) => entry?.state === 'treated' && entry.finished_at !== null && entry.outcome?.unchanged === rows.length,
      60_000,
    );
    expect((await fileIn(file._id))?.outcome).toMatchObject({ rows_read: rows.length, written: 0, unchanged: rows.length });
    const check = await series.checkRollups([seriesRef(pointId)]);
    expect(check.mismatches).toEqual([]);
    expect(check.values).toBe(rows.length);
  });
});

describe('files processing of a file longer than one invocation', () => {
  it('stops near the time limit, keeps its place and counts, and goes on in a new invocation to exactly the file', async () => {
    const technicalId = unique();
    const pointId = await createPoint(technicalId);
    runImportServiceHere();
    const rows = Array.from({ length: 3000 }, (_, index) => `${technicalId};${new Date(Date.UTC(2026, 7, 1) + index * 900_000).toISOString().replace('.000Z', 'Z')};${index}`);
    rows.splice(10, 0, `${technicalId};pas une date;1`);
    rows.push(`${technicalId};01/09/2026 00:00;pas un nombre`);
    const file = (await upload('long.csv', `${rows.join('\n')}\n`)).body.data!;
    const runFileImport = await claimedImport(file._id);
    // This invocation "has" 300 ms left before its hand-over margin, reading a slow stream.
    const slow = slowly(rows, { chunk: 50, pauseMs: 5 });
    const first = await runFileImport({ source: slow, deadline: Date.now() + 4 * 60_000 + 300 });
    expect(first?.state).toBe('in_treatment');
    expect(first!.progress!.rows).toBeGreaterThan(0);
    expect(first!.progress!.rows).toBeLessThan(rows.length);
    // The deployed import function goes on from there.
    const done = await importEnded(file._id);
    expect(done?.outcome).toEqual({ rows_read: 3002, written: 3000, unchanged: 0, rejected: 2, unknown_ids: [], unknown_rows: 0, has_rejects: true });
    const values = await rawValues(pointId, '2026-08-01T00:00:00Z', '2026-09-01T23:59:59Z');
    expect(values.map((value) => value.value)).toEqual(Array.from({ length: 3000 }, (_, index) => index));
    const rejects = await api<{ url: string }>('GET', `/api/v1/data/file-rejects/${file._id}`, { token: admin });
    expect((await (await fetch(rejects.body.data!.url)).text()).trim().split('\n')).toEqual(['line;reason;detail', '11;date', '3002;value']);
  });
});
