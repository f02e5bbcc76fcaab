import { ImapFlow } from 'imapflow';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Point } from '@shared/schemas/point';
import type { Source, SourceDiscovery, SourceFetchStatus } from '@shared/schemas/source';
import { api, login } from '../support/api';
import { keys } from '../../functions/src/data/keys';
import { entities, series, seriesRef } from '../support/aws';
import { eventually } from '../support/eventually';
import { startImapServer, type ImapServer } from '../support/imap-server';
import { startEvelerServer, startObjeniousServer, type ProviderServer } from '../support/provider-servers';
import { CreateScheduleCommand, DeleteScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { awsEnvironment } from '../../infra/local/emulator';
import { anotherPremiumCustomer } from '../support/customers';
import { testEnvironment } from '../support/environment';
import { runScheduledJob, scheduleNamed, scheduleOf, sourceScheduleName, sourceSchedulesOf } from '../support/scheduled-job';

let admin: string;
let member: string;
let otherCustomerAdmin: string;
const unique = (prefix: string) => `${prefix} ${Date.now()}-${Math.round(Math.random() * 1e6)}`;

beforeAll(async () => {
  admin = (await login('premiumAdministrator')).user.jwt;
  member = (await login('premiumMember')).user.jwt;
  otherCustomerAdmin = (await login('basicAdministrator')).user.jwt;
});

const createSource = async (body: Record<string, unknown>, token = admin) => api<Source>('POST', '/api/v1/sources/custom', { token, body });
const fetchNow = (source: Source) => runScheduledJob<SourceFetchStatus | null>({ kind: 'source', id: source._id, customerId: source.customer });
const utcMonth = (at: number) => new Date(at).toISOString().slice(0, 7).replace('-', '');
const storedValue = async (pointId: string, at: number, customerId?: string) =>
  (await series.rawValues(seriesRef(pointId, customerId), utcMonth(at), new Date(at).toISOString()))[0]?.v;

/** Ten-minute instants ending at the last whole ten minutes before now. */
const recentInstants = (count: number): number[] => {
  const last = Math.floor(Date.now() / 600_000) * 600_000 - 600_000;
  return Array.from({ length: count }, (_, index) => last - (count - 1 - index) * 600_000);
};

describe('sources', () => {
  it('are created, listed, read, updated and deleted, and never give their secrets back', async () => {
    const name = unique('Compteurs LoRa');
    const created = await createSource({
      name,
      type: 'objenious',
      resource: 'electricity',
      config: { custom: { endpoint: 'https://api.objenious.com', api_version: 'v2', api_key: 'secret-key-1', fetch_interval: 5 } },
    });
    expect(created.status).toBe(200);
    const source = created.body.data!;
    expect(source._id).toMatch(/^src-/);
    expect(source).toMatchObject({ name, type: 'objenious', family: 'iot', is_configurable: true, active: true, data_type: 'Number', last_fetch: null });
    expect(source.config.custom).toMatchObject({ api_key: null, has_api_key: true, fetch_interval: 5, prepend_unique_id: true, tls: true });
    expect(JSON.stringify(created.body)).not.toContain('secret-key-1');

    const listed = (await api<Source[]>('GET', '/api/v1/sources', { token: admin })).body.data!;
    expect(listed.find((entry) => entry._id === source._id)?.name).toBe(name);
    expect(JSON.stringify(listed)).not.toContain('secret-key-1');

    // An edit that leaves the key empty keeps it; every field comes back as saved.
    const { config, ...rest } = source;
    const updated = await api<Source>('PUT', `/api/v1/sources/${source._id}`, {
      token: admin,
      body: { ...rest, name: `${name} bis`, active: false, config: { custom: { ...config.custom, api_key: null, fetch_interval: 30, auto_discover_devices: true } } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: `${name} bis`, active: false });
    expect(updated.body.data!.config.custom).toMatchObject({ has_api_key: true, fetch_interval: 30, auto_discover_devices: true, uuid: config.custom.uuid });
    expect((await api<Source>('GET', `/api/v1/sources/${source._id}`, { token: admin })).body.data!.config.custom.fetch_interval).toBe(30);

    expect((await api('DELETE', `/api/v1/sources/${source._id}`, { token: admin })).status).toBe(200);
    expect((await api('GET', `/api/v1/sources/${source._id}`, { token: admin })).status).toBe(404);
  });

  it('of every type keep the fields of their form', async () => {
    const custom = await createSource({
      name: unique('Relevés manuels'),
      type: 'custom',
      resource: 'water',
      definitions: [{ key: 'index', name: 'Index', unit: 'm³' }],
      config: {
        custom: {
          fields: [{ key: 'contract', label: 'Contrat', value: 'C-42' }],
          sections: [{ title: 'Contrat', fields: ['contract'] }],
          price: 3.12,
          technical_id: 'WATER-MAIN',
        },
      },
    });
    expect(custom.status).toBe(200);
    expect(custom.body.data).toMatchObject({ type: 'custom', family: 'custom', resource: 'water', definitions: [{ key: 'index', name: 'Index', unit: 'm³' }] });
    expect(custom.body.data!.config.custom).toMatchObject({
      fields: [{ key: 'contract', label: 'Contrat', value: 'C-42' }],
      sections: [{ title: 'Contrat', fields: ['contract'] }],
      price: 3.12,
      technical_id: 'WATER-MAIN',
    });
    const mailbox = await createSource({
      name: unique('Boîte relevés'),
      type: 'email',
      config: { custom: { host: 'imap.example.com', email: 'releves@example.com', password: 'imap-password' } },
    });
    expect(mailbox.body.data!.config.custom).toMatchObject({ host: 'imap.example.com', email: 'releves@example.com', tls: true, folder: 'INBOX', has_password: true, password: null });
    expect(JSON.stringify(mailbox.body)).not.toContain('imap-password');
    const named = await api<Source>('POST', '/api/v1/sources', { token: admin, body: { name: unique('Saisie'), family: 'manual' } });
    expect(named.body.data).toMatchObject({ type: 'custom', family: 'manual', is_configurable: false });
    for (const source of [custom, mailbox, named]) await api('DELETE', `/api/v1/sources/${source.body.data!._id}`, { token: admin });
  });

  it('refuse an incomplete source, naming what it lacks', async () => {
    const answer = await createSource({ name: unique('Sans clé'), type: 'eveler', config: { custom: { endpoint: 'https://eveler.example' } } });
    expect([answer.status, answer.body.msg]).toEqual([400, 'source_incomplete']);
    expect(answer.body.data).toEqual({ fields: ['api_key'] });
  });

  it("refuse a second source of the same name, whatever its case: 'Source name already exists. Please change'", async () => {
    const name = unique('Météo');
    const first = await createSource({ name, type: 'custom' });
    expect(first.status).toBe(200);
    const again = await createSource({ name: `  ${name.toUpperCase()} `, type: 'custom' });
    expect([again.status, again.body.msg]).toEqual([409, 'source_name_exists']);
    const second = (await createSource({ name: unique('Autre'), type: 'custom' })).body.data!;
    const { config, ...rest } = second;
    const renamed = await api('PUT', `/api/v1/sources/${second._id}`, { token: admin, body: { ...rest, name, config: { custom: { ...config.custom } } } });
    expect([renamed.status, renamed.body.msg]).toEqual([409, 'source_name_exists']);
    // Deleting a source frees its name.
    await api('DELETE', `/api/v1/sources/${first.body.data!._id}`, { token: admin });
    expect((await createSource({ name, type: 'custom' })).status).toBe(200);
  });

  it("refuse deletion while points use them: 'Source used by N point(s)'", async () => {
    const source = (await createSource({ name: unique('Utilisée'), type: 'custom' })).body.data!;
    const points = await Promise.all(
      [1, 2].map(async (index) =>
        (
          await api<Point>('POST', '/api/v1/points', {
            token: admin,
            body: { name: `Compteur ${index}`, technical_id: unique('SRC-USED').replace(' ', '-'), resource: 'electricity', series_type: 'index', source: source._id },
          })
        ).body.data!,
      ),
    );
    const refused = await api('DELETE', `/api/v1/sources/${source._id}`, { token: admin });
    expect([refused.status, refused.body.msg, refused.body.data]).toEqual([409, 'source_used', { count: 2 }]);
    for (const point of points) await api('DELETE', `/api/v1/points/${point._id}`, { token: admin });
    expect((await api('DELETE', `/api/v1/sources/${source._id}`, { token: admin })).status).toBe(200);
  });

  it("of another customer answer 404 and are never listed", async () => {
    const source = (await createSource({ name: unique('Privée'), type: 'custom' })).body.data!;
    expect((await api<Source[]>('GET', '/api/v1/sources', { token: otherCustomerAdmin })).body.data!.map((entry) => entry._id)).not.toContain(source._id);
    const { config, ...rest } = source;
    for (const [method, path, body] of [
      ['GET', `/api/v1/sources/${source._id}`, undefined],
      ['PUT', `/api/v1/sources/${source._id}`, { ...rest, config: { custom: config.custom } }],
      ['DELETE', `/api/v1/sources/${source._id}`, undefined],
      ['POST', `/api/v1/sources/${source._id}/discover`, undefined],
      ['POST', `/api/v1/sources/${source._id}/fetch`, undefined],
    ] as const) {
      expect((await api(method, path, { token: otherCustomerAdmin, body })).status, `${method} ${path}`).toBe(404);
    }
    expect((await api('GET', `/api/v1/sources/${source._id}`, { token: admin })).status).toBe(200);
    // Nor can another customer's point name it as its source; nothing is written.
    const technicalId = unique('SRC-FOREIGN').replace(' ', '-');
    const foreign = await api('POST', '/api/v1/points', {
      token: otherCustomerAdmin,
      body: { name: 'Compteur étranger', technical_id: technicalId, resource: 'electricity', series_type: 'index', source: source._id },
    });
    expect(foreign.status).toBe(404);
    expect((await api<Point[]>('GET', '/api/v1/points', { token: otherCustomerAdmin })).body.data!.map((point) => point.technical_id)).not.toContain(technicalId);
    await api('DELETE', `/api/v1/sources/${source._id}`, { token: admin });
  });

  it('are offered to the point form by name, for the customer only', async () => {
    const source = (await createSource({ name: unique('Proposée'), type: 'custom' })).body.data!;
    const offered = async (token: string) => (await api<{ sources: { _id: string; name: string; type: string }[] }>('GET', '/api/v1/points/definitions', { token })).body.data!.sources;
    expect(await offered(admin)).toContainEqual({ _id: source._id, name: source.name, type: 'custom' });
    expect((await offered(otherCustomerAdmin)).map((entry) => entry._id)).not.toContain(source._id);
    await api('DELETE', `/api/v1/sources/${source._id}`, { token: admin });
  });

  it('are administered by administrators only', async () => {
    expect((await api('GET', '/api/v1/sources', { token: member })).status).toBe(403);
  });

  it("that are fetched share their customer's schedule of their interval, gone with the interval's last source (paused, moved or deleted)", async () => {
    // A customer of the test's own: the premium customer's sources are made by files running at the same time.
    const own = await anotherPremiumCustomer();
    const eveler = async (name: string, interval: number) =>
      (await createSource({ name: unique(name), type: 'eveler', config: { custom: { endpoint: 'https://eveler.example', api_key: 'k', fetch_interval: interval } } }, own.token)).body
        .data!;
    const save = async (source: Source, changes: { active?: boolean; fetch_interval?: number }) => {
      const { config, ...rest } = source;
      const { fetch_interval: interval = config.custom.fetch_interval, ...fields } = changes;
      const saved = await api<Source>('PUT', `/api/v1/sources/${source._id}`, { token: own.token, body: { ...rest, ...fields, config: { custom: { ...config.custom, fetch_interval: interval } } } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      return saved.body.data!;
    };
    const nameOf = (interval: number) => sourceScheduleName(own.customerId, interval);

    let first = await eveler('Planifiée', 10);
    expect(await sourceSchedulesOf(own.customerId)).toEqual([nameOf(10)]);
    const made = await scheduleNamed(nameOf(10));
    expect(made).toMatchObject({ ScheduleExpression: 'rate(10 minutes)', State: 'ENABLED' });
    expect(JSON.parse(made!.Target!.Input!)).toEqual({ kind: 'sources', id: '10', customerId: own.customerId, correlationId: '<aws.scheduler.execution-id>' });
    expect(made!.Target!.Arn).toMatch(new RegExp(`:function:${testEnvironment().scheduledJobsFunctionName}$`));
    // No schedule of the source alone.
    expect(await scheduleOf('source', first._id)).toBeNull();

    // A second source of the interval shares its schedule; a source that is not fetched has none.
    let second = await eveler('Seconde', 10);
    const custom = (await createSource({ name: unique('Sans relève'), type: 'custom' }, own.token)).body.data!;
    expect(await sourceSchedulesOf(own.customerId)).toEqual([nameOf(10)]);

    // The first moved to every minute: its interval gets a schedule, the 10 minutes' stays for the second.
    first = await save(first, { fetch_interval: 1 });
    expect(await sourceSchedulesOf(own.customerId)).toEqual([nameOf(1), nameOf(10)]);
    expect((await scheduleNamed(nameOf(1)))?.ScheduleExpression).toBe('rate(1 minute)');
    // The second paused: the last of its interval, whose schedule goes.
    second = await save(second, { active: false });
    expect(await sourceSchedulesOf(own.customerId)).toEqual([nameOf(1)]);
    // The first deleted: none left.
    expect((await api('DELETE', `/api/v1/sources/${first._id}`, { token: own.token })).status).toBe(200);
    expect(await sourceSchedulesOf(own.customerId)).toEqual([]);
    // The second active again: its interval's schedule is back; saved again, nothing changes.
    second = await save(second, { active: true });
    await save(second, { active: true });
    expect(await sourceSchedulesOf(own.customerId)).toEqual([nameOf(10)]);
    await api('DELETE', `/api/v1/sources/${second._id}`, { token: own.token });
    await api('DELETE', `/api/v1/sources/${custom._id}`, { token: own.token });
    expect(await sourceSchedulesOf(own.customerId)).toEqual([]);
  });

  it("whose interval's schedule fires with none of them left (a save's removal failed) set their customer's schedules right", async () => {
    const own = await anotherPremiumCustomer();
    const body = (name: string, interval: number) => ({ name: unique(name), type: 'eveler', config: { custom: { endpoint: 'https://eveler.example', api_key: 'k', fetch_interval: interval } } });
    const kept = (await createSource(body('Gardée', 15), own.token)).body.data!;
    const left = (await createSource(body('Oubliée', 30), own.token)).body.data!;
    expect(await sourceSchedulesOf(own.customerId)).toEqual([sourceScheduleName(own.customerId, 15), sourceScheduleName(own.customerId, 30)]);
    // Paused behind the API's back, as if the save's removal of its interval's schedule had failed.
    await entities.set(keys.source(own.customerId, left._id), { active: false });
    expect(await runScheduledJob({ kind: 'sources', id: '30', customerId: own.customerId })).toMatchObject({ sources: 0, fetched: 0, failed: 0, skipped: 0 });
    expect(await sourceSchedulesOf(own.customerId)).toEqual([sourceScheduleName(own.customerId, 15)]);
    await api('DELETE', `/api/v1/sources/${kept._id}`, { token: own.token });
    await api('DELETE', `/api/v1/sources/${left._id}`, { token: own.token });
    expect(await sourceSchedulesOf(own.customerId)).toEqual([]);
  });

  it("replace an older version's per-source schedule by their customer's schedule of the interval at the deploy's migration, once", async () => {
    const own = await anotherPremiumCustomer();
    const source = (
      await createSource({ name: unique('Migrée'), type: 'eveler', config: { custom: { endpoint: 'https://eveler.example', api_key: 'k', fetch_interval: 5 } } }, own.token)
    ).body.data!;
    const made = (await scheduleNamed(sourceScheduleName(own.customerId, 5)))!;
    // As an older version left it: one schedule named by the source, invoking the function, and none per interval.
    const scheduler = new SchedulerClient({ endpoint: testEnvironment().endpoint, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
    await scheduler.send(
      new CreateScheduleCommand({
        Name: `source-${source._id}`,
        ScheduleExpression: 'rate(5 minutes)',
        State: 'ENABLED',
        FlexibleTimeWindow: { Mode: 'OFF' },
        Target: { ...made.Target!, Input: JSON.stringify({ kind: 'source', id: source._id, customerId: own.customerId, correlationId: '<aws.scheduler.execution-id>' }) },
      }),
    );
    await scheduler.send(new DeleteScheduleCommand({ Name: made.Name }));
    expect(await sourceSchedulesOf(own.customerId)).toEqual([]);

    // The deploy's step, run in this process against the deployment (narrowed to this source's schedule: other files' run meanwhile).
    const environment = testEnvironment();
    Object.assign(process.env, awsEnvironment(environment.endpoint), {
      ENTITIES_TABLE: environment.entitiesTable,
      SERIES_TABLE: environment.seriesTable,
      SCHEDULER_ROLE_ARN: made.Target!.RoleArn,
      ...(made.Target!.DeadLetterConfig?.Arn ? { SCHEDULES_DEAD_LETTER_ARN: made.Target!.DeadLetterConfig.Arn } : {}),
    });
    const { migrateSourceSchedules } = await import('../../functions/src/services/source-schedule-service');
    expect(await migrateSourceSchedules(Date.now() + 60_000, Date.now, `source-${source._id}`)).toEqual({ done: true, replaced: 1 });
    expect(await scheduleOf('source', source._id)).toBeNull();
    const replaced = await scheduleNamed(made.Name!);
    const comparable = (schedule: typeof made | null) => ({ ...schedule, CreationDate: undefined, LastModificationDate: undefined, $metadata: undefined });
    expect(comparable(replaced)).toEqual(comparable(made));
    // Over migrated schedules a run finds nothing to do.
    expect(await migrateSourceSchedules(Date.now() + 60_000, Date.now, `source-${source._id}`)).toEqual({ done: true, replaced: 0 });
    await api('DELETE', `/api/v1/sources/${source._id}`, { token: own.token });
    expect(await sourceSchedulesOf(own.customerId)).toEqual([]);
  });
});

/** Creates a provider source at a local server, discovers it and creates every proposed point. */
const providerSourceWithPoints = async (type: 'objenious' | 'eveler', server: ProviderServer, apiVersion: string, token = admin) => {
  const source = (
    await createSource({ name: unique(type), type, resource: 'temperature', config: { custom: { endpoint: server.endpoint, api_version: apiVersion, api_key: server.apiKey } } }, token)
  ).body.data!;
  const discovery = await api<SourceDiscovery>('POST', `/api/v1/sources/${source._id}/discover`, { token });
  expect(discovery.status, JSON.stringify(discovery.body)).toBe(200);
  const created = await api<{ created: Point[]; skipped: string[] }>('POST', `/api/v1/sources/${source._id}/points`, {
    token,
    body: { keys: discovery.body.data!.proposals.map((proposal) => proposal.key) },
  });
  expect(created.status).toBe(200);
  return { source, discovery: discovery.body.data!, points: created.body.data!.created };
};

describe('an objenious source', () => {
  const instants = recentInstants(6);

  /** A provider of its own for each test: one device, its values, and a unique DevEUI (points of one customer never share a technical id). */
  const startProvider = async () => {
    const deveui = `70B3D59BA${Math.random().toString(16).slice(2, 9).toUpperCase()}`;
    const values = Object.fromEntries(instants.map((at, index) => [new Date(at).toISOString(), { temperature: 19 + index / 2, humidity: 40 + index, label: 'hall' }]));
    const server = await startObjeniousServer({
      apiKey: 'objenious-test-key',
      groups: [{ id: 12, name: 'Site de Grenoble' }],
      profiles: [{ id: 3, name: 'Capteur température et humidité' }],
      devices: [{ id: 4242, label: 'Capteur hall', group: 12, profile: 3, deveui, values }],
    });
    return { server, deveui, values };
  };
  let server: ProviderServer;
  let deveui: string;
  let values: Record<string, Record<string, number | string>>;

  beforeEach(async () => {
    ({ server, deveui, values } = await startProvider());
  });
  afterEach(() => server.close());

  it('discovers groups, devices and their points, and proposes points prefixed with the device unique id', async () => {
    const { discovery, points } = await providerSourceWithPoints('objenious', server, 'v2');
    expect(discovery.hierarchy.groups).toEqual([
      {
        id: '12',
        name: 'Site de Grenoble',
        devices: [
          {
            id: '4242',
            name: 'Capteur hall',
            unique_id: deveui,
            profile: 'Capteur température et humidité',
            points: [
              { key: 'temperature', name: 'temperature', unit: '' },
              { key: 'humidity', name: 'humidity', unit: '' },
            ],
          },
        ],
      },
    ]);
    expect(discovery.proposals.map((proposal) => [proposal.technical_id, proposal.point])).toEqual([
      [`${deveui}_temperature`, null],
      [`${deveui}_humidity`, null],
    ]);
    expect(points.map((point) => point.technical_id)).toEqual([`${deveui}_temperature`, `${deveui}_humidity`]);
    expect(server.calls.every((call) => call.apikey === 'objenious-test-key')).toBe(true);
  });

  it('is fetched from the last value stored, and a second fetch writes nothing', async () => {
    const { source, points } = await providerSourceWithPoints('objenious', server, 'v2');
    const temperature = points.find((point) => point.technical_id.endsWith('_temperature'))!;
    const first = await fetchNow(source);
    expect(first).toMatchObject({ ok: true, written: 12, unchanged: 0 });
    expect(await storedValue(temperature._id, instants[5])).toBe(21.5);

    const callsBefore = server.callsTo('/devices/4242/values').length;
    const second = await fetchNow(source);
    expect(second).toMatchObject({ ok: true, written: 0 });
    // Only the last stored value is asked again (its instant included), not the whole history.
    const asked = server.callsTo('/devices/4242/values').slice(callsBefore);
    expect(asked).toHaveLength(1);
    expect(Date.parse(asked[0].query.since)).toBe(instants[5]);
    expect(second!.unchanged).toBe(2);

    const next = instants[5] + 600_000;
    values[new Date(next).toISOString()] = { temperature: 22.25, humidity: 47, label: 'hall' };
    const third = await fetchNow(source);
    expect(third).toMatchObject({ ok: true, written: 2, unchanged: 2 });
    expect(await storedValue(temperature._id, next)).toBe(22.25);
    const listed = (await api<Source>('GET', `/api/v1/sources/${source._id}`, { token: admin })).body.data!;
    expect(listed.last_fetch).toMatchObject({ ok: true, written: 2 });
  });

  it("is fetched with its customer's other sources of its interval by one firing of their schedule: a failing one recorded, the others fetched, a paused one left", async () => {
    const own = await anotherPremiumCustomer();
    const { source, points } = await providerSourceWithPoints('objenious', server, 'v2', own.token);
    const body = (name: string, changes: Record<string, unknown>) => ({
      name: unique(name),
      type: 'objenious',
      config: { custom: { endpoint: server.endpoint, api_key: 'wrong-key', auto_discover_devices: true, ...changes } },
    });
    const refused = (await createSource(body('Mauvaise clé', {}), own.token)).body.data!;
    const paused = (await createSource({ ...body('En pause', { api_key: server.apiKey }), active: false }, own.token)).body.data!;
    const other = (await createSource(body('Autre intervalle', { fetch_interval: 30 }), own.token)).body.data!;
    expect(await sourceSchedulesOf(own.customerId)).toEqual([sourceScheduleName(own.customerId, 15), sourceScheduleName(own.customerId, 30)]);

    // What the 15 minutes' schedule sends, as it sends it.
    const schedule = (await scheduleNamed(sourceScheduleName(own.customerId, 15)))!;
    const firing = await runScheduledJob({ ...(JSON.parse(schedule.Target!.Input!) as { kind: 'sources'; id: string; customerId: string }) });
    expect(firing).toMatchObject({ sources: 2, fetched: 1, failed: 1, skipped: 0 });
    const temperature = points.find((point) => point.technical_id.endsWith('_temperature'))!;
    expect(await storedValue(temperature._id, instants[5], own.customerId)).toBe(21.5);
    // The list shows each outcome as a fetch of the source alone recorded it.
    const listed = new Map((await api<Source[]>('GET', '/api/v1/sources', { token: own.token })).body.data!.map((entry) => [entry._id, entry]));
    expect(listed.get(source._id)!.last_fetch).toMatchObject({ ok: true, written: 12, unchanged: 0, error: null });
    expect(listed.get(refused._id)!.last_fetch).toMatchObject({ ok: false, written: 0, error: 'provider_refused' });
    expect(listed.get(paused._id)!.last_fetch).toBeNull();
    expect(listed.get(other._id)!.last_fetch).toBeNull();
    // Fired again: incremental, as a source's own schedule was.
    expect(await runScheduledJob({ kind: 'sources', id: '15', customerId: own.customerId })).toMatchObject({ sources: 2, fetched: 1, failed: 1 });
    expect((await api<Source>('GET', `/api/v1/sources/${source._id}`, { token: own.token })).body.data!.last_fetch).toMatchObject({ ok: true, written: 0, unchanged: 2 });
  });

  it('records a refused api key on the source instead of doing nothing silently', async () => {
    const source = (
      await createSource({ name: unique('Mauvaise clé'), type: 'objenious', config: { custom: { endpoint: server.endpoint, api_key: 'wrong-key' } } })
    ).body.data!;
    const discovery = await api('POST', `/api/v1/sources/${source._id}/discover`, { token: admin });
    expect([discovery.status, discovery.body.msg]).toEqual([502, 'source_provider_refused']);
    await api('POST', '/api/v1/points', {
      token: admin,
      body: { name: 'Orphelin', technical_id: unique('ORPHAN').replace(' ', '-'), resource: 'temperature', series_type: 'measure', source: source._id },
    });
    // Without a discovery the source knows no device: a fetch has nothing to ask; with auto discovery it asks and is refused.
    const { config, ...rest } = source;
    await api('PUT', `/api/v1/sources/${source._id}`, { token: admin, body: { ...rest, config: { custom: { ...config.custom, auto_discover_devices: true } } } });
    const status = await fetchNow(source);
    expect(status).toMatchObject({ ok: false, error: 'provider_refused' });
    expect(status!.detail).toContain('401');
    expect((await api<Source>('GET', `/api/v1/sources/${source._id}`, { token: admin })).body.data!.last_fetch).toMatchObject({ ok: false, error: 'provider_refused' });
  });
});

describe('an eveler source', () => {
  const instants = recentInstants(5);
  const serial = `EVL-${Date.now()}`;
  const values = { index: Object.fromEntries(instants.map((at, index) => [new Date(at).toISOString(), 1000 + index * 12.5])) };
  let server: ProviderServer;

  beforeAll(async () => {
    server = await startEvelerServer({
      apiKey: 'eveler-test-key',
      pageSize: 2,
      groups: [{ id: 'grp-1', name: 'Usine de Lyon' }],
      profiles: [{ id: 'prf-1', name: 'Compteur électrique', points: [{ key: 'index', name: 'Index actif', unit: 'kWh' }] }],
      devices: [{ id: 'dev-1', name: 'TGBT', unique_id: serial, group_id: 'grp-1', profile_id: 'prf-1', values }],
    });
  });
  afterAll(() => server.close());

  it('is discovered, fetched page by page from the last value stored, and idempotent', async () => {
    const { source, discovery, points } = await providerSourceWithPoints('eveler', server, 'v1');
    expect(discovery.proposals).toEqual([
      expect.objectContaining({ key: 'dev-1/index', group: 'Usine de Lyon', device_name: 'TGBT', name: 'Index actif', unit: 'kWh', technical_id: `${serial}_index` }),
    ]);
    expect(points[0]).toMatchObject({ name: 'TGBT Index actif', unit: 'kWh', resource: 'temperature', source: source._id });
    expect(await fetchNow(source)).toMatchObject({ ok: true, written: 5, unchanged: 0 });
    expect(await storedValue(points[0]._id, instants[4])).toBe(1050);
    expect(await fetchNow(source)).toMatchObject({ ok: true, written: 0, unchanged: 1 });
    // A discovery again proposes the point as created.
    const again = await api<SourceDiscovery>('POST', `/api/v1/sources/${source._id}/discover`, { token: admin });
    expect(again.body.data!.proposals[0].point).toBe(points[0]._id);
    expect(server.calls.every((call) => call.apikey === 'eveler-test-key')).toBe(true);

    // Discovering at each fetch, it asks the provider again but stores an unchanged hierarchy no more (issue 41): its date stays.
    const read = async () => (await api<Source>('GET', `/api/v1/sources/${source._id}`, { token: admin })).body.data!;
    const before = await read();
    const discovered = before.config.custom.hierarchy.discovered_at;
    expect(discovered).not.toBeNull();
    const { config, ...rest } = before;
    await api('PUT', `/api/v1/sources/${source._id}`, { token: admin, body: { ...rest, config: { custom: { ...config.custom, api_key: null, auto_discover_devices: true } } } });
    const asked = server.calls.length;
    expect(await fetchNow(source)).toMatchObject({ ok: true, written: 0 });
    expect(server.calls.length).toBeGreaterThan(asked);
    const after = await read();
    expect(after.config.custom.hierarchy).toEqual(before.config.custom.hierarchy);
    expect(after.last_fetch).toMatchObject({ ok: true });

    // Its outcome is written beside the source (issue 41): the source item, whose copy in the customer's list of
    // sources on GSI1 an update rewrites too, stays as it was; the list and the source still answer the new fetch.
    const stored = await entities.get(keys.source(source.customer, source._id));
    expect(await fetchNow(source)).toMatchObject({ ok: true, written: 0 });
    expect(await entities.get(keys.source(source.customer, source._id))).toEqual(stored);
    const listed = (await api<Source[]>('GET', '/api/v1/sources', { token: admin })).body.data!.find((entry) => entry._id === source._id)!;
    expect(listed.last_fetch).toMatchObject({ ok: true, written: 0, unchanged: 1 });
    expect(Date.parse(listed.last_fetch!.at)).toBeGreaterThan(Date.parse(after.last_fetch!.at));
    expect((await read()).last_fetch).toEqual(listed.last_fetch);
  });
});

/** A message as a meter (or a person) sends it: a text part and attachments. */
const mailWith = (subject: string, attachments: { name: string; type: string; content: string }[]) =>
  [
    'From: compteurs@example.com',
    'To: releves@example.com',
    `Subject: ${subject}`,
    `Message-ID: <${Date.now()}.${Math.random()}@example.com>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="part"',
    '',
    '--part',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Relevés en pièce jointe.',
    ...attachments.flatMap((attachment) => [
      '--part',
      `Content-Type: ${attachment.type}; name="${attachment.name}"`,
      `Content-Disposition: attachment; filename="${attachment.name}"`,
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(attachment.content).toString('base64'),
    ]),
    '--part--',
    '',
  ].join('\r\n');

describe('an e-mail source', () => {
  const mailbox = { user: 'releves@example.com', password: `imap-${Date.now()}` };
  let server: ImapServer;
  let imap: ImapFlow;

  beforeAll(async () => {
    server = await startImapServer([mailbox]);
    imap = new ImapFlow({ host: server.host, port: server.port, secure: false, auth: { user: mailbox.user, pass: mailbox.password }, logger: false });
    await imap.connect();
  });
  afterAll(async () => {
    await imap?.logout();
    await server?.stop();
  });

  /** The unread messages, seen by a session of their own (a session's view of flags follows its own commands). */
  const unread = async () => {
    const reader = new ImapFlow({ host: server.host, port: server.port, secure: false, auth: { user: mailbox.user, pass: mailbox.password }, logger: false });
    await reader.connect();
    try {
      const lock = await reader.getMailboxLock('INBOX');
      try {
        return (await reader.search({ seen: false }, { uid: true })) || [];
      } finally {
        lock.release();
      }
    } finally {
      await reader.logout();
    }
  };

  it('imports the data attachments of unread messages from a real IMAP server, marks them read, and takes each message once', async () => {
    const technicalId = unique('MAIL').replace(' ', '-');
    const point = (
      await api<Point>('POST', '/api/v1/points', { token: admin, body: { name: 'Compteur relevé par e-mail', technical_id: technicalId, resource: 'water', series_type: 'index', unit: 'm³' } })
    ).body.data!;
    const [first, second] = recentInstants(2);
    const csv = `technical_id;date;value\n${technicalId};${new Date(first).toISOString()};120,5\n${technicalId};${new Date(second).toISOString()};121.25\n`;
    await imap.append('INBOX', mailWith('Relevé du jour', [{ name: 'releve.csv', type: 'text/csv', content: csv }, { name: 'photo.jpg', type: 'image/jpeg', content: 'not a meter file' }]));
    await imap.append('INBOX', mailWith('Sans relevé', [{ name: 'notes.pdf', type: 'application/pdf', content: '%PDF-1.4' }]));
    expect(await unread()).toHaveLength(2);

    const source = (
      await createSource({
        name: unique('Boîte des relevés'),
        type: 'email',
        config: { custom: { host: `${server.host}:${server.port}`, email: mailbox.user, password: mailbox.password, tls: false } },
      })
    ).body.data!;
    expect(source.config.custom.tls).toBe(false);
    expect(await fetchNow(source)).toMatchObject({ ok: true, files: 1, error: null });
    expect(await unread()).toEqual([]);
    // The import (the lead's file import, started by the intake) writes the rows.
    expect(await eventually(() => storedValue(point._id, second), (value) => value !== undefined, 60_000)).toBe(121.25);
    expect(await storedValue(point._id, first)).toBe(120.5);
    const lists = (await api<Record<string, { name: string; origin: { kind: string; id: string | null } }[]>>('GET', '/api/v1/data/not-treated-files', { token: admin })).body.data!;
    const received = Object.values(lists)
      .flat()
      .filter((file) => file.origin.id === source._id);
    expect(received.map((file) => [file.name, file.origin.kind])).toEqual([['releve.csv', 'email']]);

    // Nothing unread: nothing taken. A message marked unread again is not taken twice.
    expect(await fetchNow(source)).toMatchObject({ ok: true, files: 0 });
    const lock = await imap.getMailboxLock('INBOX');
    try {
      await imap.messageFlagsRemove('1:*', ['\\Seen']);
    } finally {
      lock.release();
    }
    expect(await fetchNow(source)).toMatchObject({ ok: true, files: 0 });
    expect(await unread()).toEqual([]);
  });

  it('records a refused login with the server detail', async () => {
    const source = (
      await createSource({
        name: unique('Mauvais mot de passe'),
        type: 'email',
        config: { custom: { host: `${server.host}:${server.port}`, email: mailbox.user, password: 'wrong', tls: false } },
      })
    ).body.data!;
    const status = await fetchNow(source);
    expect(status).toMatchObject({ ok: false, error: 'mailbox_login_failed', files: 0 });
    expect(status!.detail).toMatch(/Authentication failed/);
  });
});

describe('a weather source', () => {
  it('gives its city a temperature point that each fetch feeds, the same measurement twice writing nothing', async () => {
    const cities = await api<{ id: number; name: string; country: string; lat: number; lon: number }[]>('GET', '/api/v1/weather/cities?q=Grenob', { token: admin });
    const grenoble = cities.body.data!.find((city) => city.name === 'Grenoble')!;
    expect(grenoble).toBeDefined();
    const created = await createSource({
      name: unique('Météo Grenoble'),
      type: 'weather',
      config: { custom: { city: 'Grenoble, FR', city_id: grenoble.id, lat: grenoble.lat, lon: grenoble.lon, fetch_interval: 10 } },
    });
    expect(created.status).toBe(200);
    const source = created.body.data!;
    expect(source).toMatchObject({ type: 'weather', family: 'weather', config: { custom: { city: 'Grenoble, FR', city_id: grenoble.id } } });
    const points = (await api<Point[]>('GET', '/api/v1/points', { token: admin })).body.data!;
    const temperature = points.find((point) => point.technical_id === `weather_${grenoble.id}_temperature`)!;
    expect(temperature).toMatchObject({ resource: 'temperature', unit: '°C', series_type: 'measure' });

    // The provider measures every ten minutes: both fetches must fall in the same measurement.
    const untilNext = 600_000 - (Date.now() % 600_000);
    if (untilNext < 10_000) await new Promise((resolve) => setTimeout(resolve, untilNext + 500));
    const measured = Math.floor(Date.now() / 600_000) * 600_000;
    const first = await fetchNow(source);
    expect(first).toMatchObject({ ok: true, error: null });
    expect(first!.written + first!.unchanged).toBe(1);
    expect(typeof (await storedValue(temperature._id, measured))).toBe('number');
    expect(await fetchNow(source)).toMatchObject({ ok: true, written: 0, unchanged: 1 });
  });

  it('is refused without a city chosen by the search', async () => {
    const answer = await createSource({ name: unique('Météo sans ville'), type: 'weather', config: { custom: { city: 'Nulle part' } } });
    expect([answer.status, answer.body.msg, answer.body.data]).toEqual([400, 'source_incomplete', { fields: ['city_id', 'lat', 'lon'] }]);
  });
});
