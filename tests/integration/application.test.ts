// @runs-alone: restarts every function and locks the whole application.
import { gunzipSync } from 'node:zlib';
import { GetFunctionConfigurationCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ApplicationInformation, DatabaseDump, UpdateCheck } from '@shared/schemas/application';
import type { LoginPayload } from '@shared/schemas/session';
import { api, login } from '../support/api';
import { entities } from '../support/aws';
import { createTestCustomer, objectsUnder } from '../support/customers';
import { testEnvironment } from '../support/environment';
import { eventually } from '../support/eventually';
import { signLicense } from '../support/license';
import { askVendorIsAllowed, setVendorAnswers, signedVendorAnswer } from '../support/vendor-service';

const lambda = () =>
  new LambdaClient({ endpoint: testEnvironment().endpoint, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });

const APPLICATION_KEY = { PK: 'SYSTEM', SK: 'APPLICATION' };
const SYSTEM_CONFIG_KEY = { PK: 'SYSTEM', SK: 'CONFIG' };

let root: LoginPayload;
let superUser: LoginPayload;
let member: LoginPayload;
let administrator: LoginPayload;
let buildVersion: string;

/** The information, or null while a function restarts (the emulator stops instances at work). */
const informationIfAnswered = async (token: string) => {
  const answer = await api<ApplicationInformation>('GET', '/api/v1/application/information', { token });
  return answer.status === 200 ? answer.body.data! : null;
};

const information = async (token: string) => {
  const answer = await api<ApplicationInformation>('GET', '/api/v1/application/information', { token });
  expect(answer.status).toBe(200);
  return answer.body.data!;
};

beforeAll(async () => {
  root = await login('root', { lastCustomer: testEnvironment().customers.premium });
  superUser = await login('super');
  member = await login('premiumMember');
  administrator = await login('premiumAdministrator');
  buildVersion = (await information(member.user.jwt)).build_version;
});

afterAll(async () => {
  // Whatever a test did: the application unlocked, the built version installed, the vendor offering it.
  await entities.set(SYSTEM_CONFIG_KEY, { is_locked: false });
  await entities.set(APPLICATION_KEY, { installed_version: null, update_state: 'idle', is_allowed_to_update: true });
  await setVendorAnswers({ latest: buildVersion, is_locked: false, is_allowed_to_update: true });
});

describe('application information', () => {
  it('tells every role the version, the build, where it runs and the size of the tables', async () => {
    const info = await information(member.user.jwt);
    expect(info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(info.build_version).toBe(info.version);
    expect(info.commit).not.toBe('');
    expect(Date.parse(info.built_at)).not.toBeNaN();
    expect(info.environment).toBe('emulator');
    expect(info.region).toBe('us-east-1');
    expect(info.sizes.entities.bytes).toBeGreaterThanOrEqual(0);
    expect(info.sizes.series.items).toBeGreaterThanOrEqual(0);
  });

  it('refuses restart, updates and the dump to customer administrators, and the dump to super users', async () => {
    for (const path of ['/api/v1/application/restart/force_restart', '/api/v1/application/check-update', '/api/v1/application/force-update', '/api/v1/database/download']) {
      const answer = await api('GET', path, { token: administrator.user.jwt });
      expect(answer.status, path).toBe(403);
    }
    const dump = await api('GET', '/api/v1/database/download', { token: superUser.user.jwt });
    expect(dump.status).toBe(403);
  });
});

const restartedAtOf = async (name: string) =>
  (await lambda().send(new GetFunctionConfigurationCommand({ FunctionName: name }))).Environment?.Variables?.RESTARTED_AT;

/** The application job stamps its own function last: once it carries the time, the restart is done. */
const restartDone = (restartedAt: string) =>
  eventually(() => restartedAtOf(testEnvironment().applicationUpdateFunctionName!), (stamp) => stamp === restartedAt, 90_000);

describe('restart', () => {
  it('stamps every function with the restart time, and they still answer', async () => {
    const answer = await api<{ functions: number; restarted_at: string }>('GET', '/api/v1/application/restart/force_restart', { token: superUser.user.jwt });
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe('application_restarting');
    const { functions, restarted_at: restartedAt } = answer.body.data!;
    expect(functions).toBeGreaterThanOrEqual(20);
    expect(await restartDone(restartedAt)).toBe(restartedAt);
    for (const name of [testEnvironment().scheduledJobsFunctionName, testEnvironment().fileImportsFunctionName]) {
      const configuration = await lambda().send(new GetFunctionConfigurationCommand({ FunctionName: name }));
      expect(configuration.Environment?.Variables?.RESTARTED_AT).toBe(restartedAt);
      // Its other settings are kept.
      expect(configuration.Environment?.Variables?.ENTITIES_TABLE).toBe(testEnvironment().entitiesTable);
    }
    const info = await eventually(() => api<ApplicationInformation>('GET', '/api/v1/application/information', { token: member.user.jwt }), (reply) => reply.status === 200);
    expect(info.body.data?.restarted_at).toBe(restartedAt);
    expect((await login('premiumMember')).user._id).toBe(member.user._id);
  });
});

/** Starts a dump as root (in the customer its token works in) and follows it to its end. */
const dumpTo = async (scope: 'customer' | 'all', token = root.user.jwt): Promise<DatabaseDump> => {
  const answer = await api<DatabaseDump>('GET', `/api/v1/database/download?scope=${scope}`, { token });
  expect(answer.status).toBe(200);
  const started = answer.body.data!;
  expect(started.state).not.toBe('failed');
  const followed = await eventually(
    async () => (await api<DatabaseDump>('GET', `/api/v1/database/dumps/${started.job}`, { token })).body.data!,
    (dump) => dump.state !== 'running',
    3 * 60_000,
  );
  expect(followed.state).toBe('done');
  expect(followed.done).toBe(followed.total);
  return followed;
};

const dumpLines = async (dump: DatabaseDump) => {
  expect(dump.url).not.toBeNull();
  const response = await fetch(dump.url!);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-disposition')).toContain(dump.file_name);
  const text = gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8');
  return text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { table: 'entities' | 'series'; item: { PK: string } });
};

describe('database dump', () => {
  const { premium, basic } = { premium: 'cust-energie-plus', basic: 'cust-ville-montclair' };

  it("holds the current customer's items and series, and nothing of another customer", async () => {
    const dump = await dumpTo('customer');
    expect(dump.file_name).toMatch(new RegExp(`^wattwise-${premium}-\\d{4}-\\d{2}-\\d{2}\\.jsonl\\.gz$`));
    const lines = await dumpLines(dump);
    expect(lines.length).toBe(dump.items);
    expect(lines.some((line) => line.table === 'entities' && line.item.PK === `C#${premium}`)).toBe(true);
    expect(lines.some((line) => line.table === 'series' && line.item.PK.startsWith(`S#${premium}#`))).toBe(true);
    expect(lines.filter((line) => !line.item.PK.includes(premium))).toEqual([]);
    expect(lines.filter((line) => line.item.PK.includes(basic))).toEqual([]);
  });

  it("holds every customer's items when root asks for all data", async () => {
    const lines = await dumpLines(await dumpTo('all'));
    expect(lines.some((line) => line.item.PK === `C#${premium}`)).toBe(true);
    expect(lines.some((line) => line.item.PK === `C#${basic}`)).toBe(true);
    expect(lines.some((line) => line.item.PK === 'SYSTEM')).toBe(true);
  });

  it('runs as a job: a customer of thousands of items is dumped whole, and a second start answers the dump under way', async () => {
    const customer = await createTestCustomer(root.user.jwt);
    try {
      const many = 3000;
      await entities.putMany(Array.from({ length: many }, (_, index) => ({ PK: `C#${customer._id}`, SK: `NOTE#${String(index).padStart(5, '0')}`, text: `note ${index}` })));
      const inside = await api<LoginPayload>('POST', '/api/v1/users/change-customer', { token: root.user.jwt, body: { customer: customer._id } });
      const token = inside.body.data!.user.jwt;
      const first = await api<DatabaseDump>('GET', '/api/v1/database/download?scope=customer', { token });
      const second = await api<DatabaseDump>('GET', '/api/v1/database/download?scope=customer', { token });
      expect(first.body.data!.state).toBe('running');
      expect(second.body.data!.job).toBe(first.body.data!.job);
      const dump = await eventually(
        async () => (await api<DatabaseDump>('GET', `/api/v1/database/dumps/${first.body.data!.job}`, { token })).body.data!,
        (answer) => answer.state !== 'running',
        3 * 60_000,
      );
      expect(dump.state).toBe('done');
      const lines = await dumpLines(dump);
      expect(lines.length).toBe(dump.items);
      expect(lines.filter((line) => line.item.PK === `C#${customer._id}` && (line.item as { SK?: string }).SK?.startsWith('NOTE#'))).toHaveLength(many);
      expect(lines.filter((line) => !line.item.PK.includes(customer._id))).toEqual([]);
      // Another customer's dump is not found by its id; the file lives under its customer.
      expect((await api('GET', `/api/v1/database/dumps/${dump.job}`, { token: root.user.jwt })).status).toBe(404);
      expect(await objectsUnder(testEnvironment().documentsBucket, `${customer._id}/dumps/`)).toEqual([`${customer._id}/dumps/${dump.job}.jsonl.gz`]);
    } finally {
      await api('DELETE', `/api/v1/customers/${customer._id}`, { token: root.user.jwt });
    }
  }, 4 * 60_000);

  it('refuses an unknown scope', async () => {
    const answer = await api('GET', '/api/v1/database/download?scope=everything', { token: root.user.jwt });
    expect(answer.status).toBe(400);
  });
});

describe('updates', () => {
  it('says the application is up to date when the vendor offers the installed version', async () => {
    await setVendorAnswers({ latest: buildVersion });
    const answer = await api<UpdateCheck>('GET', '/api/v1/application/check-update', { token: superUser.user.jwt });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ current_version: buildVersion, new_version: null });
  });

  it('offers a newer version, and installing it tells every browser, records it and restarts', async () => {
    await setVendorAnswers({ latest: '99.1.0' });
    const before = (await information(member.user.jwt)).restarted_at;
    const check = await api<UpdateCheck>('GET', '/api/v1/application/check-update', { token: root.user.jwt });
    expect(check.body.data).toEqual({ current_version: buildVersion, new_version: '99.1.0' });

    const socket = new WebSocket(`${testEnvironment().socketUrl}?token=${encodeURIComponent(member.user.jwt)}`);
    const events: string[] = [];
    socket.on('message', (raw) => events.push((JSON.parse(String(raw)) as { event: string }).event));
    await new Promise((resolve, reject) => (socket.once('open', resolve), socket.once('error', reject)));
    try {
      const started = await api<{ version: string }>('GET', '/api/v1/application/force-update', { token: root.user.jwt });
      expect(started.status).toBe(200);
      expect(started.body.data?.version).toBe('99.1.0');
      await eventually(async () => events, (seen) => seen.includes('applicationUpdateStart'), 15_000);
      expect(events).toContain('applicationUpdateStart');
      const info = await eventually(() => informationIfAnswered(member.user.jwt), (reply) => reply?.version === '99.1.0' && reply.restarted_at !== before, 60_000);
      expect(info?.version).toBe('99.1.0');
      expect(info?.restarted_at).not.toBe(before);
      await restartDone(info!.restarted_at!);
      const after = await api<UpdateCheck>('GET', '/api/v1/application/check-update', { token: root.user.jwt });
      expect(after.body.data).toEqual({ current_version: '99.1.0', new_version: null });
    } finally {
      socket.close();
    }
  });
});

describe('vendor spy', () => {
  let machineId: string;
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  /** Relays an answer of the vendor as the browser does: unchanged, beside the two answers it reads in it. */
  const relay = (token: string, result: { data: { is_locked: boolean; is_allowed_to_update: boolean } }, said = result.data) =>
    api<{ is_locked: boolean }>('PUT', '/api/v1/application/spy', { token, body: { result, is_locked: said.is_locked, is_allowed_to_update: said.is_allowed_to_update } });

  const isLockedInStore = async () => (await entities.get(SYSTEM_CONFIG_KEY))?.is_locked === true;

  beforeAll(async () => {
    machineId = (await information(root.user.jwt)).machine_id;
  });

  afterEach(async () => {
    await setVendorAnswers({ is_locked: false, is_allowed_to_update: true });
    await entities.set(SYSTEM_CONFIG_KEY, { is_locked: false });
    // The next test's answers, signed now, come after whatever this one applied.
    await entities.set(APPLICATION_KEY, { is_allowed_to_update: true, vendor_answer_signed_at: 0 });
  });

  it("locks the application on the vendor's signed word relayed by a member (root still signs in), and unlocks it", async () => {
    await setVendorAnswers({ is_locked: true, is_allowed_to_update: false });
    const fromVendor = (await askVendorIsAllowed(machineId)) as { data: { is_locked: boolean; is_allowed_to_update: boolean; signature: string } };
    expect(fromVendor.data).toMatchObject({ is_locked: true, is_allowed_to_update: false, signature: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/) });
    const locked = await relay(member.user.jwt, fromVendor);
    expect([locked.status, locked.body.data]).toEqual([200, { is_locked: true }]);
    const background = await api<{ allowed: boolean; is_allowed_to_update: boolean; vendor_service_url: string }>('GET', '/api/v1/application/is-background-allowed', {
      token: member.user.jwt,
    });
    expect(background.body.data).toMatchObject({ allowed: false, is_allowed_to_update: false });
    expect(new URL(background.body.data!.vendor_service_url).pathname).toBe('/');
    await expect(login('premiumAdministrator')).rejects.toThrow(/application_locked/);
    expect((await login('root')).is_locked).toBe(true);

    // The vendor lifts the lock: its next answer, signed later, is relayed by root's browser.
    const lifted = await signedVendorAnswer({ machine_id: machineId, is_locked: false, is_allowed_to_update: true, iat: nowSeconds() + 1 });
    const unlocked = await relay(root.user.jwt, lifted);
    expect([unlocked.status, unlocked.body.data]).toEqual([200, { is_locked: false }]);
    expect((await login('premiumAdministrator')).is_locked).toBe(false);
    const allowed = await api<{ allowed: boolean }>('GET', '/api/v1/application/is-background-allowed', { token: member.user.jwt });
    expect(allowed.body.data?.allowed).toBe(true);
  });

  it.each([
    ['unsigned, as browsers sent it before', 'premiumMember', async () => ({ data: { is_locked: true, is_allowed_to_update: false } }), 400, 'vendor_signature_missing'],
    ['signed with a key that is not the vendor\'s', 'premiumAdministrator', async () => {
      const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
      return signedVendorAnswer({ machine_id: machineId, is_locked: true, is_allowed_to_update: false }, await exportJWK(privateKey));
    }, 403, 'vendor_signature_invalid'],
    ['a licence file passed off as the signature', 'premiumAdministrator', async () => ({ data: { is_locked: true, is_allowed_to_update: false, signature: await signLicense() } }), 403, 'vendor_signature_invalid'],
    ['for another machine', 'premiumMember', () => signedVendorAnswer({ machine_id: `${machineId}-other`, is_locked: true, is_allowed_to_update: false }), 403, 'vendor_answer_foreign'],
    ['signed eleven minutes ago', 'basicAdministrator', () => signedVendorAnswer({ machine_id: machineId, is_locked: true, is_allowed_to_update: false, iat: nowSeconds() - 660 }), 403, 'vendor_answer_stale'],
    ['signed an hour ahead', 'premiumMember', () => signedVendorAnswer({ machine_id: machineId, is_locked: true, is_allowed_to_update: false, iat: nowSeconds() + 3600 }), 403, 'vendor_answer_stale'],
  ] as const)('changes nothing for an answer %s, relayed by %s', async (_, account, answer, status, code) => {
    const caller = await login(account);
    const refused = await relay(caller.user.jwt, await answer());
    expect([refused.status, refused.body.msg]).toEqual([status, code]);
    expect(await isLockedInStore()).toBe(false);
    expect((await login('premiumMember')).is_locked).toBe(false);
  });

  it('changes nothing when what the browser says is not what the vendor signed', async () => {
    const signed = await signedVendorAnswer({ machine_id: machineId, is_locked: false, is_allowed_to_update: true });
    const altered = { data: { ...signed.data, is_locked: true } };
    const answer = await relay(member.user.jwt, altered);
    expect([answer.status, answer.body.msg]).toEqual([403, 'vendor_answer_altered']);
    const saidOtherwise = await relay(member.user.jwt, signed, { is_locked: true, is_allowed_to_update: true });
    expect([saidOtherwise.status, saidOtherwise.body.msg]).toEqual([403, 'vendor_answer_altered']);
    expect(await isLockedInStore()).toBe(false);
  });

  it('applies an answer once, and never one signed before the last applied', async () => {
    const first = await signedVendorAnswer({ machine_id: machineId, is_locked: false, is_allowed_to_update: true });
    expect((await relay(member.user.jwt, first)).status).toBe(200);
    const again = await relay(administrator.user.jwt, first);
    expect([again.status, again.body.msg]).toEqual([403, 'vendor_answer_replayed']);
    const older = await signedVendorAnswer({ machine_id: machineId, is_locked: true, is_allowed_to_update: false, iat: nowSeconds() - 5 });
    const earlier = await relay(member.user.jwt, older);
    expect([earlier.status, earlier.body.msg]).toEqual([403, 'vendor_answer_replayed']);
    expect(await isLockedInStore()).toBe(false);
    expect((await entities.get(APPLICATION_KEY))?.is_allowed_to_update).toBe(true);
  });

  it('refuses a report without the two answers, and changes nothing', async () => {
    const answer = await api('PUT', '/api/v1/application/spy', { token: member.user.jwt, body: { is_locked: true } });
    expect(answer.status).toBe(400);
    expect((await login('premiumMember')).is_locked).toBe(false);
  });
});
