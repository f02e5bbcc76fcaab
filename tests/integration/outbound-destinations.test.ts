import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FtpRetriever } from '@shared/schemas/ftp-retriever';
import type { Source, SourceFetchStatus } from '@shared/schemas/source';
import type { RetrievalSummary } from '../../functions/src/services/ftp-retrieval-service';
import { api, login } from '../support/api';
import { entities } from '../support/aws';
import { testEnvironment } from '../support/environment';
import { startFtpServer, startSftpServer, type FileServer } from '../support/file-servers';
import { listenServer, LOOPBACK_HOST } from '../support/loopback-port';
import { startObjeniousServer, type ProviderServer } from '../support/provider-servers';
import { runScheduledJob } from '../support/scheduled-job';
import { startSmtpServer, type SmtpTestServer } from '../support/smtp-server';

/**
 * The outbound-destination policy against the deployed stack: every address a customer can type
 * (SMTP settings, FTP/SFTP retrievers, the IMAP server of an e-mail source, provider endpoints) is
 * refused with `destination_not_allowed` when it is loopback, the instance metadata address, a
 * private address, IPv6 loopback or a name that resolves to loopback; a refused save writes
 * nothing; a server whose stored address now points there is refused when the connection is
 * made, and the retriever or source says so. The test servers on the loopback ports this
 * deployment opens (its allow-list) still work.
 */

const FORBIDDEN = [
  { target: '127.0.0.1', what: 'loopback' },
  { target: '169.254.169.254', what: 'the instance metadata address' },
  { target: '10.0.0.1', what: 'a private address' },
  { target: '[::1]', what: 'IPv6 loopback' },
  { target: 'localhost', what: 'a name that resolves to loopback' },
] as const;

const REFUSED = { status: 400, body: { res: false, msg: 'destination_not_allowed' } };

let admin: string;
let root: string;
let smtp: SmtpTestServer;
let ftp: FileServer;
let sftp: FileServer;
let provider: ProviderServer;
let folderRoot: string;
const premium = () => testEnvironment().customers.premium;
const unique = (prefix: string) => `${prefix} ${Date.now()}-${randomUUID().slice(0, 6)}`;
const madeRetrievers: string[] = [];
const madeSources: string[] = [];

beforeAll(async () => {
  admin = (await login('premiumAdministrator')).user.jwt;
  root = (await login('root')).user.jwt;
  folderRoot = mkdtempSync(path.join(tmpdir(), 'ww-outbound-'));
  mkdirSync(path.join(folderRoot, 'releves'));
  smtp = await startSmtpServer({ user: 'energie-plus', password: 'Relais-2026' });
  ftp = await startFtpServer({ root: folderRoot, user: 'releves', password: 'ftp-password' });
  sftp = await startSftpServer({ root: folderRoot, user: 'releves', password: 'sftp-password' });
  provider = await startObjeniousServer({ apiKey: 'objenious-key', groups: [{ id: 1, name: 'Site' }], profiles: [{ id: 2, name: 'Capteur' }], devices: [] });
});

afterAll(async () => {
  for (const id of madeRetrievers) await api('DELETE', `/api/v1/ftp/${id}`, { token: admin });
  for (const id of madeSources) await api('DELETE', `/api/v1/sources/${id}`, { token: admin });
  await entities.delete({ PK: `C#${premium()}`, SK: 'SMTP' });
  await smtp?.close();
  await ftp?.close();
  await sftp?.close();
  await provider?.close();
  rmSync(folderRoot, { recursive: true, force: true });
});

describe('SMTP settings', () => {
  const smtpAt = (host: string, port: number, overrides: Record<string, unknown> = {}) => ({
    host,
    port,
    security: 'none',
    user: smtp.user,
    password: smtp.password,
    from_address: 'alertes@energie-plus.example',
    from_name: 'Énergie Plus',
    enabled: false,
    ...overrides,
  });
  const stored = () => entities.get({ PK: `C#${premium()}`, SK: 'SMTP' });
  const storedSystem = () => entities.get({ PK: 'SYSTEM', SK: 'SMTP' });

  it.each(FORBIDDEN)('refuses to test a connection to $target ($what)', async ({ target }) => {
    expect(await api('POST', '/api/v1/email/test/smtp', { token: admin, body: { smtp: smtpAt(target, 25) } })).toMatchObject(REFUSED);
  });

  it.each(FORBIDDEN)('refuses to send a test e-mail through $target ($what)', async ({ target }) => {
    const to = `essai-${randomUUID().slice(0, 8)}@energie-plus.example`;
    expect(await api('POST', '/api/v1/email/test', { token: admin, body: { smtp: smtpAt(target, 587), to } })).toMatchObject(REFUSED);
  });

  it.each(FORBIDDEN)("refuses to save $target ($what) as the customer's or the product's server, writing nothing", async ({ target }) => {
    const [before, systemBefore] = [await stored(), await storedSystem()];
    expect(await api('POST', '/api/v1/email', { token: admin, body: { smtp: smtpAt(target, 465) } })).toMatchObject(REFUSED);
    expect(await api('POST', '/api/v1/system/email', { token: root, body: { smtp: smtpAt(target, 465) } })).toMatchObject(REFUSED);
    expect(await stored()).toEqual(before);
    expect(await storedSystem()).toEqual(systemBefore);
  });

  it.each(['2130706433', '0x7f000001', '0177.0.0.1', '127.1', '[::ffff:127.0.0.1]', '[::ffff:a9fe:a9fe]', '0.0.0.0', '[::]', '224.0.0.1', '[fd00:ec2::254]'])(
    'refuses %s, an address in disguise or out of bounds',
    async (target) => {
      expect(await api('POST', '/api/v1/email/test/smtp', { token: admin, body: { smtp: smtpAt(target, 25) } })).toMatchObject(REFUSED);
    },
  );

  it('refuses loopback on a port the deployment does not open, and AWS service endpoints', async () => {
    expect(await api('POST', '/api/v1/email/test/smtp', { token: admin, body: { smtp: smtpAt(smtp.host, 25) } })).toMatchObject(REFUSED);
    const emulator = new URL(testEnvironment().endpoint);
    expect(await api('POST', '/api/v1/email/test/smtp', { token: admin, body: { smtp: smtpAt(emulator.hostname, Number(emulator.port)) } })).toMatchObject(REFUSED);
    expect(await api('POST', '/api/v1/email/test/smtp', { token: admin, body: { smtp: smtpAt('email-smtp.eu-west-3.amazonaws.com', 587) } })).toMatchObject(REFUSED);
  });

  it('still tests, sends through and saves the test server the deployment allows', async () => {
    expect(await api('POST', '/api/v1/email/test/smtp', { token: admin, body: { smtp: smtpAt(smtp.host, smtp.port) } })).toMatchObject({ status: 200, body: { msg: 'smtp_connection_successful' } });
    const to = `essai-${randomUUID().slice(0, 8)}@energie-plus.example`;
    expect((await api('POST', '/api/v1/email/test', { token: admin, body: { smtp: smtpAt(smtp.host, smtp.port), to } })).status).toBe(200);
    expect(smtp.received().some((mail) => mail.to.includes(to))).toBe(true);
    expect((await api('POST', '/api/v1/email', { token: admin, body: { smtp: smtpAt(smtp.host, smtp.port) } })).status).toBe(200);
    expect(await stored()).toMatchObject({ host: smtp.host, port: smtp.port });
  });
});

describe('FTP and SFTP retrievers', () => {
  const retrieverAt = (server: FileServer, overrides: Record<string, unknown> = {}) => ({
    host: server.host,
    port: server.port,
    user: server.user,
    password: server.password,
    path: '/releves',
    isSftp: server.protocol === 'sftp',
    timeInterval: 15,
    active: true,
    ...overrides,
  });
  const retrieverIds = async () => (await api<FtpRetriever[]>('GET', '/api/v1/ftp', { token: admin })).body.data!.map((retriever) => retriever._id).sort();
  const create = async (body: Record<string, unknown>) => {
    const answer = await api<FtpRetriever>('POST', '/api/v1/ftp', { token: admin, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    madeRetrievers.push(answer.body.data!._id);
    return answer.body.data!;
  };
  const retrieve = (id: string) => runScheduledJob<RetrievalSummary>({ kind: 'ftp', id, customerId: premium() });
  const storedRetriever = (id: string) => entities.get({ PK: `C#${premium()}`, SK: `FTP#${id}` });

  it.each(FORBIDDEN.flatMap(({ target, what }) => (['ftp', 'sftp'] as const).map((protocol) => ({ target, what, protocol }))))(
    'refuses to create or edit a $protocol retriever at $target ($what), writing nothing',
    async ({ target, protocol }) => {
      const server = protocol === 'ftp' ? ftp : sftp;
      // The protocol's own port: the test servers' ports are the ones this deployment opens on loopback.
      const port = protocol === 'ftp' ? 21 : 22;
      const before = await retrieverIds();
      expect(await api('POST', '/api/v1/ftp', { token: admin, body: retrieverAt(server, { host: target, port }) })).toMatchObject(REFUSED);
      expect(await retrieverIds()).toEqual(before);

      const existing = await create(retrieverAt(server));
      const kept = await storedRetriever(existing._id);
      expect(await api('PUT', `/api/v1/ftp/${existing._id}`, { token: admin, body: retrieverAt(server, { host: target, port, password: '' }) })).toMatchObject(REFUSED);
      expect(await storedRetriever(existing._id)).toEqual(kept);
    },
  );

  it.each(FORBIDDEN)('refuses the connection when a stored server now points at $target ($what), and the retriever says so', async ({ target }) => {
    const retriever = await create(retrieverAt(ftp));
    // As if its name had been made to resolve there since it was saved.
    await entities.set({ PK: `C#${premium()}`, SK: `FTP#${retriever._id}` }, { host: target, port: 21 });
    expect(await retrieve(retriever._id)).toMatchObject({ status: 'error', retrieved: [], error: { kind: 'destination_not_allowed' } });
    const shown = (await api<FtpRetriever>('GET', `/api/v1/ftp/${retriever._id}`, { token: admin })).body.data!;
    expect(shown).toMatchObject({ last_status: 'error', last_error_kind: 'destination_not_allowed' });
    expect(JSON.stringify(shown)).not.toMatch(/\n\s+at /);
  });

  it.each([['ftp'], ['sftp']] as const)('still retrieves from the %s test server the deployment allows', async (protocol) => {
    const retriever = await create(retrieverAt(protocol === 'ftp' ? ftp : sftp));
    expect(await retrieve(retriever._id)).toMatchObject({ status: 'ok', error: null });
  });
});

describe('data sources', () => {
  const createSource = (body: Record<string, unknown>) => api<Source>('POST', '/api/v1/sources/custom', { token: admin, body });
  const sourceIds = async () => (await api<Source[]>('GET', '/api/v1/sources', { token: admin })).body.data!.map((source) => source._id).sort();
  const storedSource = (id: string) => entities.get({ PK: `C#${premium()}`, SK: `SRC#${id}` });
  const created = async (body: Record<string, unknown>) => {
    const answer = await createSource(body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    madeSources.push(answer.body.data!._id);
    return answer.body.data!;
  };
  const edit = (source: Source, custom: Record<string, unknown>) => {
    const { config, ...rest } = source;
    return api<Source>('PUT', `/api/v1/sources/${source._id}`, { token: admin, body: { ...rest, config: { custom: { ...config.custom, ...custom } } } });
  };
  /** The stored configuration changed behind the API's back, as a name that now resolves elsewhere would. */
  const repoint = async (source: Source, custom: Record<string, unknown>) => {
    const item = (await storedSource(source._id))!;
    await entities.set({ PK: `C#${premium()}`, SK: `SRC#${source._id}` }, { config: { ...(item.config as Record<string, unknown>), ...custom } });
  };
  const fetchNow = (source: Source) => runScheduledJob<SourceFetchStatus | null>({ kind: 'source', id: source._id, customerId: source.customer });
  const endpointOf = (target: string) => `http://${target}/`;

  it.each(FORBIDDEN)("refuses an e-mail source whose IMAP server is $target ($what), writing nothing", async ({ target }) => {
    const before = await sourceIds();
    const mailbox = { host: target, email: 'releves@energie-plus.example', password: 'imap-password' };
    expect(await createSource({ name: unique('Boîte'), type: 'email', config: { custom: mailbox } })).toMatchObject(REFUSED);
    expect(await createSource({ name: unique('Boîte'), type: 'email', config: { custom: { ...mailbox, host: `${target}:143`, tls: false } } })).toMatchObject(REFUSED);
    expect(await sourceIds()).toEqual(before);

    const existing = await created({ name: unique('Boîte'), type: 'email', config: { custom: { ...mailbox, host: 'imap.energie-plus.example' } } });
    const kept = await storedSource(existing._id);
    expect(await edit(existing, { host: target })).toMatchObject(REFUSED);
    expect(await storedSource(existing._id)).toEqual(kept);
  });

  it.each(FORBIDDEN.flatMap(({ target, what }) => (['eveler', 'objenious', 'custom'] as const).map((type) => ({ target, what, type }))))(
    'refuses a $type source whose endpoint is $target ($what), writing nothing',
    async ({ target, type }) => {
      const before = await sourceIds();
      expect(await createSource({ name: unique(type), type, config: { custom: { endpoint: endpointOf(target), api_key: 'key' } } })).toMatchObject(REFUSED);
      expect(await sourceIds()).toEqual(before);
    },
  );

  it.each(FORBIDDEN)('refuses an edit pointing a provider source at $target ($what), keeping what was stored', async ({ target }) => {
    const existing = await created({ name: unique('objenious'), type: 'objenious', config: { custom: { endpoint: provider.endpoint, api_version: 'v2', api_key: provider.apiKey } } });
    const kept = await storedSource(existing._id);
    expect(await edit(existing, { endpoint: endpointOf(target) })).toMatchObject(REFUSED);
    expect(await storedSource(existing._id)).toEqual(kept);
  });

  it.each(FORBIDDEN)('refuses to discover or fetch from a provider whose stored endpoint now points at $target ($what), and the source says so', async ({ target }) => {
    const source = await created({
      name: unique('objenious'),
      type: 'objenious',
      config: { custom: { endpoint: provider.endpoint, api_version: 'v2', api_key: provider.apiKey, auto_discover_devices: true } },
    });
    await repoint(source, { endpoint: endpointOf(target) });
    const callsBefore = provider.calls.length;
    expect(await api('POST', `/api/v1/sources/${source._id}/discover`, { token: admin })).toMatchObject(REFUSED);
    expect(await fetchNow(source)).toMatchObject({ ok: false, error: 'destination_not_allowed', detail: null });
    const listed = (await api<Source[]>('GET', '/api/v1/sources', { token: admin })).body.data!.find((entry) => entry._id === source._id)!;
    expect(listed.last_fetch).toMatchObject({ ok: false, error: 'destination_not_allowed' });
    expect(provider.calls.length).toBe(callsBefore);
  });

  it.each(FORBIDDEN)('refuses to read a mailbox whose stored server now points at $target ($what), and the source says so', async ({ target }) => {
    const source = await created({ name: unique('Boîte'), type: 'email', config: { custom: { host: 'imap.energie-plus.example', email: 'releves@energie-plus.example', password: 'imap-password' } } });
    await repoint(source, { host: target });
    expect(await fetchNow(source)).toMatchObject({ ok: false, error: 'destination_not_allowed', detail: null, files: 0 });
  });

  it('judges the address a provider redirects to, and follows none to the metadata address', async () => {
    const redirecting: Server = createServer((_request, response) => {
      response.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' });
      response.end();
    });
    const port = await listenServer(redirecting);
    try {
      const source = await created({ name: unique('objenious'), type: 'objenious', config: { custom: { endpoint: `http://${LOOPBACK_HOST}:${port}`, api_key: 'key' } } });
      expect(await api('POST', `/api/v1/sources/${source._id}/discover`, { token: admin })).toMatchObject(REFUSED);
    } finally {
      await new Promise<void>((resolve) => redirecting.close(() => resolve()));
    }
  });

  it('still discovers at the provider test server the deployment allows', async () => {
    const source = await created({ name: unique('objenious'), type: 'objenious', config: { custom: { endpoint: provider.endpoint, api_version: 'v2', api_key: provider.apiKey } } });
    const discovery = await api('POST', `/api/v1/sources/${source._id}/discover`, { token: admin });
    expect(discovery.status, JSON.stringify(discovery.body)).toBe(200);
    expect(provider.callsTo('/groups').length).toBeGreaterThan(0);
  });
});
