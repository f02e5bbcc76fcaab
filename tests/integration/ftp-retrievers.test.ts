import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetScheduleCommand, ResourceNotFoundException, SchedulerClient } from '@aws-sdk/client-scheduler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FtpRetriever } from '@shared/schemas/ftp-retriever';
import type { FileLists, MeterFile } from '@shared/schemas/meter-file';
import type { RetrievalSummary } from '../../functions/src/services/ftp-retrieval-service';
import { api, login } from '../support/api';
import { entities, series, seriesRef } from '../support/aws';
import { testEnvironment } from '../support/environment';
import { eventually } from '../support/eventually';
import { startFtpServer, startSftpServer, type FileServer } from '../support/file-servers';

const awsOptions = () => ({ endpoint: testEnvironment().endpoint, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });

let admin: string;
let member: string;
let otherCustomer: string;
let root: string;
let ftp: FileServer;
let sftp: FileServer;
const USER = 'releves';
const PASSWORD = `pw-${randomUUID()}`;

beforeAll(async () => {
  admin = (await login('premiumAdministrator')).user.jwt;
  member = (await login('premiumMember')).user.jwt;
  otherCustomer = (await login('basicAdministrator')).user.jwt;
  root = mkdtempSync(path.join(tmpdir(), 'ww-ftp-'));
  ftp = await startFtpServer({ root, user: USER, password: PASSWORD });
  sftp = await startSftpServer({ root, user: USER, password: PASSWORD });
});

afterAll(async () => {
  await ftp?.close();
  await sftp?.close();
  rmSync(root, { recursive: true, force: true });
});

/** A folder of the served tree, fresh for one test. */
const newFolder = () => {
  const name = `/meters-${randomUUID().slice(0, 8)}`;
  mkdirSync(path.join(root, name));
  return name;
};

const settingsOf = (server: FileServer, folder: string, overrides: Record<string, unknown> = {}) => ({
  host: server.host,
  port: server.port,
  user: server.user,
  password: server.password,
  path: folder,
  isSftp: server.protocol === 'sftp',
  timeInterval: 15,
  active: true,
  ...overrides,
});

const create = async (body: Record<string, unknown>, token = admin) => {
  const answer = await api<FtpRetriever>('POST', '/api/v1/ftp', { token, body });
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.data!;
};

const getRetriever = async (id: string) => (await api<FtpRetriever>('GET', `/api/v1/ftp/${id}`, { token: admin })).body.data!;

/** What EventBridge Scheduler would start: the scheduled-jobs function with `{ kind, id, customerId }`, run to its end. */
const runRetrieval = async (ftpId: string): Promise<RetrievalSummary> => {
  const lambda = new LambdaClient(awsOptions());
  const answer = await lambda.send(
    new InvokeCommand({
      FunctionName: testEnvironment().scheduledJobsFunctionName,
      Payload: new TextEncoder().encode(JSON.stringify({ kind: 'ftp', id: ftpId, customerId: testEnvironment().customers.premium })),
    }),
  );
  const text = new TextDecoder().decode(answer.Payload);
  if (answer.FunctionError) throw new Error(`The retrieval failed: ${text}`);
  return JSON.parse(text) as RetrievalSummary;
};

const schedule = async (ftpId: string) => {
  const scheduler = new SchedulerClient(awsOptions());
  try {
    return await scheduler.send(new GetScheduleCommand({ Name: `ftp-${ftpId}` }));
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return null;
    throw error;
  }
};

const allFiles = async () => {
  const lists = (await api<FileLists>('GET', '/api/v1/data/not-treated-files', { token: admin })).body.data!;
  return [...lists.notTreatedFileList, ...lists.inTreatmentFileList, ...lists.treatmentErrorFileList, ...lists.treatedFileList];
};
const filesFrom = async (ftpId: string) => (await allFiles()).filter((file) => file.origin.id === ftpId);

const importEnded = (ftpId: string, name: string) =>
  eventually(
    async () => (await filesFrom(ftpId)).find((file) => file.name === name),
    (file) => file?.state === 'treated' || file?.state === 'treatment_error',
    60_000,
  );

const createPoint = async (technicalId: string): Promise<string> => {
  const answer = await api<{ _id: string }>('POST', '/api/v1/points', {
    token: admin,
    body: { name: `FTP ${technicalId}`, technical_id: technicalId, resource: 'electricity', series_type: 'measure', unit: 'kWh', location: ['loc-grenoble'] },
  });
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.data!._id;
};

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** Quarter-hour rows from midnight (Europe/Paris, dd/MM/yyyy HH:mm) for a technical id: 10, 11, 12 … */
const csvOf = (technicalId: string, rows: number, day = '03/11/2026') =>
  [
    'technical_id;date;value',
    ...Array.from({ length: rows }, (_, index) => `${technicalId};${day} ${twoDigits(Math.floor(index / 4))}:${twoDigits((index % 4) * 15)};${10 + index}`),
  ].join('\n') + '\n';

describe('FTP retrievers', () => {
  it('are created, read, edited and deleted, their schedule following them, and their password never sent back', async () => {
    const folder = newFolder();
    const created = await create(settingsOf(ftp, folder));
    expect(created._id).toMatch(/^ftp-/);
    expect(created).toMatchObject({ host: ftp.host, port: ftp.port, user: USER, path: folder, active: true, timeInterval: 15, isSftp: false, has_password: true, last_run_at: null });
    const listed = await api<FtpRetriever[]>('GET', '/api/v1/ftp', { token: admin });
    expect(listed.body.data!.map((entry) => entry._id)).toContain(created._id);
    for (const answer of [JSON.stringify(created), JSON.stringify(listed.body), JSON.stringify((await api('GET', `/api/v1/ftp/${created._id}`, { token: admin })).body)]) {
      expect(answer).not.toContain(PASSWORD);
      expect(answer).not.toContain('password_sealed');
    }
    const key = { PK: `C#${testEnvironment().customers.premium}`, SK: `FTP#${created._id}` };
    const stored = await entities.get(key);
    expect(stored?.password_sealed).toEqual(expect.any(String));
    expect(JSON.stringify(stored)).not.toContain(PASSWORD);

    const first = await schedule(created._id);
    expect(first).toMatchObject({ ScheduleExpression: 'rate(15 minutes)', State: 'ENABLED' });
    expect(JSON.parse(first!.Target!.Input!)).toEqual({ kind: 'ftp', id: created._id, customerId: testEnvironment().customers.premium, correlationId: '<aws.scheduler.execution-id>' });

    // An empty password keeps the stored one; saving the same twice leaves the same retriever and schedule.
    const edit = settingsOf(ftp, folder, { password: '', timeInterval: 5, active: false, user: `${USER}-2` });
    for (let round = 0; round < 2; round += 1) {
      const updated = await api<FtpRetriever>('PUT', `/api/v1/ftp/${created._id}`, { token: admin, body: edit });
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({ _id: created._id, timeInterval: 5, active: false, user: `${USER}-2`, has_password: true });
    }
    expect((await entities.get(key))?.password_sealed).toBe(stored?.password_sealed);
    expect(await schedule(created._id)).toMatchObject({ ScheduleExpression: 'rate(5 minutes)', State: 'DISABLED' });
    expect((await api<FtpRetriever[]>('GET', '/api/v1/ftp', { token: admin })).body.data!.filter((entry) => entry._id === created._id)).toHaveLength(1);
    const oneMinute = await api<FtpRetriever>('PUT', `/api/v1/ftp/${created._id}`, { token: admin, body: { ...edit, timeInterval: 1, active: true } });
    expect(oneMinute.status).toBe(200);
    expect(await schedule(created._id)).toMatchObject({ ScheduleExpression: 'rate(1 minute)', State: 'ENABLED' });

    expect((await api('DELETE', `/api/v1/ftp/${created._id}`, { token: admin })).status).toBe(200);
    expect((await api('GET', `/api/v1/ftp/${created._id}`, { token: admin })).status).toBe(404);
    expect(await schedule(created._id)).toBeNull();
    expect(await entities.get(key)).toBeUndefined();
  });

  it("refuse a retriever without host, port, user, password or path: 'All fields are mandatory'", async () => {
    const folder = newFolder();
    const before = (await api<FtpRetriever[]>('GET', '/api/v1/ftp', { token: admin })).body.data!.length;
    for (const missing of ['host', 'port', 'user', 'password', 'path']) {
      const body = settingsOf(ftp, folder, { [missing]: missing === 'port' ? null : '' });
      const answer = await api('POST', '/api/v1/ftp', { token: admin, body });
      expect([answer.status, answer.body.msg], missing).toEqual([400, 'ftp_fields_mandatory']);
    }
    expect((await api('POST', '/api/v1/ftp', { token: admin, body: {} })).body.msg).toBe('ftp_fields_mandatory');
    expect((await api('POST', '/api/v1/ftp', { token: admin, body: settingsOf(ftp, folder, { timeInterval: 7 }) })).status).toBe(400);
    expect((await api<FtpRetriever[]>('GET', '/api/v1/ftp', { token: admin })).body.data!.length).toBe(before);

    const created = await create(settingsOf(ftp, folder));
    const emptied = await api('PUT', `/api/v1/ftp/${created._id}`, { token: admin, body: settingsOf(ftp, folder, { host: ' ' }) });
    expect([emptied.status, emptied.body.msg]).toEqual([400, 'ftp_fields_mandatory']);
    expect((await getRetriever(created._id)).host).toBe(ftp.host);
    await api('DELETE', `/api/v1/ftp/${created._id}`, { token: admin });
  });

  it("of another customer are never listed and answer 404; members may not open them", async () => {
    const created = await create(settingsOf(ftp, newFolder()));
    expect((await api<FtpRetriever[]>('GET', '/api/v1/ftp', { token: otherCustomer })).body.data!.map((entry) => entry._id)).not.toContain(created._id);
    expect((await api('GET', `/api/v1/ftp/${created._id}`, { token: otherCustomer })).status).toBe(404);
    expect((await api('PUT', `/api/v1/ftp/${created._id}`, { token: otherCustomer, body: settingsOf(ftp, '/stolen') })).status).toBe(404);
    expect((await api('POST', `/api/v1/ftp/${created._id}/run`, { token: otherCustomer })).status).toBe(404);
    expect((await api('DELETE', `/api/v1/ftp/${created._id}`, { token: otherCustomer })).status).toBe(404);
    const refused = await api('GET', '/api/v1/ftp', { token: member });
    expect([refused.status, refused.body.msg]).toEqual([403, 'forbidden']);
    expect((await getRetriever(created._id)).path).not.toBe('/stolen');
    expect(await schedule(created._id)).not.toBeNull();
    await api('DELETE', `/api/v1/ftp/${created._id}`, { token: admin });
  });
});

describe('FTP retrieval', () => {
  it('takes a new meter file once it stops changing, imports its values, leaves it on the server and skips it the next time', { timeout: 180_000 }, async () => {
    const technicalId = `FTP-${randomUUID().slice(0, 8)}`;
    const pointId = await createPoint(technicalId);
    const folder = newFolder();
    const csv = csvOf(technicalId, 6);
    writeFileSync(path.join(root, folder, 'releve.csv'), csv);
    writeFileSync(path.join(root, folder, 'notice.pdf'), 'not a meter file');
    mkdirSync(path.join(root, folder, 'archive.csv'));
    const retriever = await create(settingsOf(ftp, folder));

    const summary = await runRetrieval(retriever._id);
    expect(summary).toMatchObject({ status: 'ok', retrieved: ['releve.csv'], waiting: [], error: null });
    const file = await importEnded(retriever._id, 'releve.csv');
    expect(file).toMatchObject({ state: 'treated', size: Buffer.byteLength(csv), origin: { kind: 'ftp', id: retriever._id, label: `ftp://${ftp.host}:${ftp.port}${folder}` } });
    expect(file?.outcome).toMatchObject({ rows_read: 6, written: 6, rejected: 0 });
    const values = await series.rawOfMonths(seriesRef(pointId), ['202611']);
    expect(values.map((value) => value.value)).toEqual([10, 11, 12, 13, 14, 15]);
    expect(statSync(path.join(root, folder, 'releve.csv')).size).toBe(Buffer.byteLength(csv));
    expect(await getRetriever(retriever._id)).toMatchObject({ last_status: 'ok', last_error: null, files_retrieved_last_run: 1, files_waiting: 0, running_since: null });

    const again = await runRetrieval(retriever._id);
    expect(again).toMatchObject({ status: 'ok', retrieved: [], waiting: [] });
    expect((await filesFrom(retriever._id)).map((entry: MeterFile) => entry.name)).toEqual(['releve.csv']);
    expect(await getRetriever(retriever._id)).toMatchObject({ last_status: 'ok', files_retrieved_last_run: 0 });

    // Pointed at another folder, the retriever forgets the old one's files: a same-named, same-dated file there is new.
    const other = newFolder();
    writeFileSync(path.join(root, other, 'releve.csv'), csv);
    const { mtime } = statSync(path.join(root, folder, 'releve.csv'));
    utimesSync(path.join(root, other, 'releve.csv'), mtime, mtime);
    expect((await api('PUT', `/api/v1/ftp/${retriever._id}`, { token: admin, body: settingsOf(ftp, other, { password: '' }) })).status).toBe(200);
    expect((await runRetrieval(retriever._id)).retrieved).toEqual(['releve.csv']);
    expect((await filesFrom(retriever._id)).length).toBe(2);
    await api('DELETE', `/api/v1/ftp/${retriever._id}`, { token: admin });
  });

  it('records a refused login and an unreachable server on the retriever', { timeout: 90_000 }, async () => {
    const folder = newFolder();
    writeFileSync(path.join(root, folder, 'releve.csv'), csvOf('FTP-NONE', 1));
    const badLogin = await create(settingsOf(ftp, folder, { password: 'wrong' }));
    const refusedBefore = ftp.refusedLogins();
    expect(await runRetrieval(badLogin._id)).toMatchObject({ status: 'error', retrieved: [], error: { kind: 'login_incorrect', message: 'login incorrect' } });
    expect(ftp.refusedLogins()).toBeGreaterThan(refusedBefore);
    const shown = (await api<FtpRetriever[]>('GET', '/api/v1/ftp', { token: admin })).body.data!.find((entry) => entry._id === badLogin._id);
    expect(shown).toMatchObject({ last_status: 'error', last_error_kind: 'login_incorrect', last_error: 'login incorrect', files_retrieved_last_run: 0 });
    expect(shown?.last_run_at).toEqual(expect.any(String));

    // A port nothing listens on: the server is unreachable.
    const closed = await startFtpServer({ root, user: USER, password: PASSWORD });
    await closed.close();
    const unreachable = await create(settingsOf(ftp, folder, { port: closed.port }));
    expect(await runRetrieval(unreachable._id)).toMatchObject({ status: 'error', error: { kind: 'connection_refused', message: 'connection refused' } });
    expect(await getRetriever(unreachable._id)).toMatchObject({ last_status: 'error', last_error: 'connection refused' });
    expect(await filesFrom(badLogin._id)).toEqual([]);
    expect(await filesFrom(unreachable._id)).toEqual([]);

    // Fixed, the retriever takes the file at its next run.
    await api('PUT', `/api/v1/ftp/${badLogin._id}`, { token: admin, body: settingsOf(ftp, folder) });
    expect((await runRetrieval(badLogin._id)).retrieved).toEqual(['releve.csv']);
    expect(await getRetriever(badLogin._id)).toMatchObject({ last_status: 'ok', last_error: null, last_error_kind: null, files_retrieved_last_run: 1 });
    for (const id of [badLogin._id, unreachable._id]) await api('DELETE', `/api/v1/ftp/${id}`, { token: admin });
  });
});

describe('SFTP retrieval', () => {
  it('waits for a file that is still growing and takes it whole once it stops', { timeout: 180_000 }, async () => {
    const technicalId = `SFTP-${randomUUID().slice(0, 8)}`;
    const pointId = await createPoint(technicalId);
    const folder = newFolder();
    const local = path.join(root, folder, 'croissant.csv');
    const lines = csvOf(technicalId, 48).split('\n').filter(Boolean);
    writeFileSync(local, `${lines[0]}\n${lines[1]}\n`);
    let written = 2;
    // A meter writing its file slowly: a row every 600 ms while the first retrieval runs (its two looks are seconds apart).
    const writer = setInterval(() => {
      if (written < lines.length) appendFileSync(local, `${lines[written++]}\n`);
    }, 600);
    const retriever = await create(settingsOf(sftp, folder));
    let first: RetrievalSummary;
    try {
      first = await runRetrieval(retriever._id);
    } finally {
      clearInterval(writer);
    }
    expect(first).toMatchObject({ status: 'ok', retrieved: [], waiting: ['croissant.csv'] });
    expect(await filesFrom(retriever._id)).toEqual([]);
    expect(await getRetriever(retriever._id)).toMatchObject({ files_retrieved_last_run: 0, files_waiting: 1 });

    while (written < lines.length) appendFileSync(local, `${lines[written++]}\n`);
    const second = await runRetrieval(retriever._id);
    expect(second).toMatchObject({ status: 'ok', retrieved: ['croissant.csv'], waiting: [] });
    const file = await importEnded(retriever._id, 'croissant.csv');
    expect(file).toMatchObject({ state: 'treated', size: statSync(local).size, origin: { kind: 'sftp', id: retriever._id } });
    expect((await series.rawOfMonths(seriesRef(pointId), ['202611'])).length).toBe(48);
    await api('DELETE', `/api/v1/ftp/${retriever._id}`, { token: admin });
  });

  it('takes a file once when two retrievals run at the same time, and not again when only its date changes', { timeout: 180_000 }, async () => {
    const folder = newFolder();
    const local = path.join(root, folder, 'double.csv');
    writeFileSync(local, csvOf(`SFTP-${randomUUID().slice(0, 8)}`, 3));
    const retriever = await create(settingsOf(sftp, folder));
    const runs = await Promise.all([runRetrieval(retriever._id), runRetrieval(retriever._id)]);
    expect(runs.flatMap((run) => run.retrieved)).toEqual(['double.csv']);
    expect((await filesFrom(retriever._id)).length).toBe(1);

    // Touched, not changed: the same bytes under a new date are recognised by their hash.
    const later = new Date(Date.now() + 60_000);
    utimesSync(local, later, later);
    const touched = await runRetrieval(retriever._id);
    expect(touched).toMatchObject({ status: 'ok', retrieved: [], unchanged: ['double.csv'] });
    expect((await filesFrom(retriever._id)).length).toBe(1);

    // Rewritten with other values: a new version, taken again.
    writeFileSync(local, csvOf(`SFTP-${randomUUID().slice(0, 8)}`, 4));
    expect((await runRetrieval(retriever._id)).retrieved).toEqual(['double.csv']);
    expect((await filesFrom(retriever._id)).length).toBe(2);
    await api('DELETE', `/api/v1/ftp/${retriever._id}`, { token: admin });
  });

  it("records a refused SFTP login and starts a retrieval from 'retrieve now'", { timeout: 120_000 }, async () => {
    const folder = newFolder();
    writeFileSync(path.join(root, folder, 'maintenant.csv'), csvOf(`SFTP-${randomUUID().slice(0, 8)}`, 2));
    const bad = await create(settingsOf(sftp, folder, { password: 'wrong' }));
    expect(await runRetrieval(bad._id)).toMatchObject({ status: 'error', error: { kind: 'login_incorrect' } });
    expect(await getRetriever(bad._id)).toMatchObject({ last_status: 'error', last_error: 'login incorrect' });

    const good = await create(settingsOf(sftp, folder));
    const started = await api<{ started: boolean }>('POST', `/api/v1/ftp/${good._id}/run`, { token: admin });
    expect(started.body.data).toEqual({ started: true });
    const done = await eventually(() => getRetriever(good._id), (retriever) => retriever.last_run_at !== null, 60_000);
    expect(done).toMatchObject({ last_status: 'ok', files_retrieved_last_run: 1, running_since: null });
    expect((await filesFrom(good._id)).map((file) => file.name)).toEqual(['maintenant.csv']);

    await api('PUT', `/api/v1/ftp/${good._id}`, { token: admin, body: settingsOf(sftp, folder, { active: false }) });
    expect((await api<{ started: boolean }>('POST', `/api/v1/ftp/${good._id}/run`, { token: admin })).body.data).toEqual({ started: false });
    for (const id of [bad._id, good._id]) await api('DELETE', `/api/v1/ftp/${id}`, { token: admin });
  });
});
