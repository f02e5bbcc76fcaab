// @runs-alone: rewrites the product's default permissions, which every customer without its own map uses.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { lastCompleteBucket } from '@shared/alerts/bucket';
import { latestOccurrence } from '@shared/alerts/cron';
import { DEFAULT_PERMISSIONS } from '@shared/permissions/default-permissions';
import type { Alert } from '@shared/schemas/alert';
import type { ConnectedUser, CustomerAcl, LoginAnalyticsRow, SystemConfigSettings, VersionedNotificationSettings } from '@shared/schemas/system-settings';
import type { AlertRunOutcome } from '../../functions/src/services/alert-evaluation-service';
import { api, login } from '../support/api';
import { hourAverage } from '../support/series';
import { entities } from '../support/aws';
import { testEnvironment } from '../support/environment';
import { eventually } from '../support/eventually';
import { runScheduledJob } from '../support/scheduled-job';

/**
 * The system settings against the deployed stack: a customer's roles & permissions (its users
 * only, no lockout, product defaults), notification settings obeyed by the alert e-mails, the
 * system configuration kept beside the licence fields, sign-ins recorded, and the connected users
 * live over the WebSocket with the super users' message and log-out.
 */
const MINUTE = 60_000;
const premium = () => testEnvironment().customers.premium;
const basic = () => testEnvironment().customers.basic;
const unique = (prefix: string) => `${prefix}-${Date.now()}-${randomUUID().slice(0, 6)}`;

let basicAdmin: string;
let basicMember: string;
let premiumAdmin: string;
let premiumMember: string;
let superUser: string;

beforeAll(async () => {
  [basicAdmin, basicMember, premiumAdmin, premiumMember] = (
    await Promise.all([login('basicAdministrator'), login('basicMember'), login('premiumAdministrator'), login('premiumMember')])
  ).map((payload) => payload.user.jwt);
  superUser = (await login('super', { lastCustomer: premium() })).user.jwt;
});

afterAll(async () => {
  await entities.put({ PK: `C#${basic()}`, SK: 'ACL', kind: 'acl', permissions: DEFAULT_PERMISSIONS });
  await entities.delete({ PK: 'SYSTEM', SK: 'ACL_DEFAULTS' });
  await entities.delete({ PK: `C#${premium()}`, SK: 'NOTIFSETTINGS' });
});

interface AclScreen {
  permissions: CustomerAcl;
  defaults: CustomerAcl;
  version: number;
}

const defaultAcl = (): CustomerAcl => ({ member: DEFAULT_PERMISSIONS.member, administrator: DEFAULT_PERMISSIONS.administrator });

describe('roles & permissions', () => {
  const putAcl = (token: string, body: unknown) => api<AclScreen>('PUT', '/api/v1/application/acl', { token, body });
  const readAcl = async (token: string) => (await api<AclScreen>('GET', '/api/v1/application/acl', { token })).body.data!;
  const ingestStatus = async (token: string) => (await api('POST', '/api/v1/data', { token, body: { data: [] } })).status;

  it('applies an administrator\'s change to that customer\'s users only, without signing in again, and restores the defaults', async () => {
    const { 'app.manual_entry': _removed, ...memberWithoutEntry } = DEFAULT_PERMISSIONS.member;
    expect(await ingestStatus(basicMember)).toBe(400);
    const saved = await putAcl(basicAdmin, { ...defaultAcl(), member: memberWithoutEntry, version: (await readAcl(basicAdmin)).version });
    expect(saved.status).toBe(200);
    expect(saved.body.data!.permissions.member['app.manual_entry']).toBeUndefined();
    expect(saved.body.data!.defaults.member['app.manual_entry']).toEqual(DEFAULT_PERMISSIONS.member['app.manual_entry']);
    expect(await eventually(() => ingestStatus(basicMember), (status) => status === 403, MINUTE)).toBe(403);
    // The other customer's members keep the right: the empty batch is refused by its schema, not by the gate.
    expect(await ingestStatus(premiumMember)).toBe(400);
    expect((await entities.get({ PK: `C#${premium()}`, SK: 'ACL' }))?.permissions.member['app.manual_entry']).toBeDefined();

    const restored = await putAcl(basicAdmin, { ...saved.body.data!.defaults, version: saved.body.data!.version });
    expect(restored.body.data!.permissions).toEqual(restored.body.data!.defaults);
    expect(await eventually(() => ingestStatus(basicMember), (status) => status === 400, MINUTE)).toBe(400);
  }, 3 * MINUTE);

  it('refuses to take the roles & permissions screen away from the administrator role, and writes nothing', async () => {
    const before = await entities.get({ PK: `C#${basic()}`, SK: 'ACL' });
    const { version } = await readAcl(basicAdmin);
    const { 'app.settings.application.acl': _screen, ...administratorWithoutScreen } = DEFAULT_PERMISSIONS.administrator;
    const refused = await putAcl(basicAdmin, { ...defaultAcl(), administrator: administratorWithoutScreen, version });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('acl_lockout');
    const viewOnly = await putAcl(basicAdmin, { ...defaultAcl(), administrator: { ...DEFAULT_PERMISSIONS.administrator, 'app.settings.application.acl': ['view'] }, version });
    expect(viewOnly.body.msg).toBe('acl_lockout');
    expect(await entities.get({ PK: `C#${basic()}`, SK: 'ACL' })).toEqual(before);
  });

  it('refuses unknown keys and actions, system keys and other roles', async () => {
    const { version } = await readAcl(basicAdmin);
    for (const body of [
      { ...defaultAcl(), member: { 'app.unknown': ['view'] } },
      { ...defaultAcl(), member: { 'app.dashboard': ['fly'] } },
      { ...defaultAcl(), administrator: { ...DEFAULT_PERMISSIONS.administrator, 'app.settings.system.customers': ['view'] } },
      { ...defaultAcl(), super_administrator: {} },
    ]) {
      const answer = await putAcl(basicAdmin, { ...body, version });
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toBe('validation_failed');
    }
  });

  it('is refused to members (403); the product defaults are the super users\'', async () => {
    expect((await api('GET', '/api/v1/application/acl', { token: basicMember })).status).toBe(403);
    expect((await putAcl(basicMember, { ...defaultAcl(), version: 0 })).status).toBe(403);
    expect((await api('GET', '/api/v1/application/acl/defaults', { token: basicAdmin })).status).toBe(403);
    expect((await api('PUT', '/api/v1/application/acl/defaults', { token: basicAdmin, body: defaultAcl() })).status).toBe(403);

    const { 'app.about': _about, ...memberWithoutAbout } = DEFAULT_PERMISSIONS.member;
    const saved = await api<CustomerAcl>('PUT', '/api/v1/application/acl/defaults', { token: superUser, body: { ...defaultAcl(), member: memberWithoutAbout } });
    expect(saved.status).toBe(200);
    expect(saved.body.data!.member['app.about']).toBeUndefined();
    // A customer restoring the defaults is offered the new ones; its own map does not change by itself.
    const screen = await api<{ permissions: CustomerAcl; defaults: CustomerAcl }>('GET', '/api/v1/application/acl', { token: basicAdmin });
    expect(screen.body.data!.defaults.member['app.about']).toBeUndefined();
    expect(screen.body.data!.permissions.member['app.about']).toEqual(['view', 'create', 'edit', 'delete']);
    const lockout = await api('PUT', '/api/v1/application/acl/defaults', { token: superUser, body: { ...defaultAcl(), administrator: {} } });
    expect(lockout.body.msg).toBe('acl_lockout');
    await entities.delete({ PK: 'SYSTEM', SK: 'ACL_DEFAULTS' });
    expect((await api<CustomerAcl>('GET', '/api/v1/application/acl/defaults', { token: superUser })).body.data).toEqual(defaultAcl());
  });

  it('refuses the second of two saves made from the same read (409 settings_changed) and writes nothing of it', async () => {
    const read = await readAcl(basicAdmin);
    const { 'app.about': _about, ...memberWithoutAbout } = read.permissions.member;
    const { 'app.exports': _exports, ...memberWithoutExports } = read.permissions.member;
    const first = await putAcl(basicAdmin, { ...read.permissions, member: memberWithoutAbout, version: read.version });
    expect(first.status).toBe(200);
    expect(first.body.data!.version).toBe(read.version + 1);
    const stored = await entities.get({ PK: `C#${basic()}`, SK: 'ACL' });

    const second = await putAcl(basicAdmin, { ...read.permissions, member: memberWithoutExports, version: read.version });
    expect(second).toMatchObject({ status: 409, body: { res: false, msg: 'settings_changed' } });
    expect(await entities.get({ PK: `C#${basic()}`, SK: 'ACL' })).toEqual(stored);
    const after = await readAcl(basicAdmin);
    expect(after.version).toBe(read.version + 1);
    expect(after.permissions.member['app.about']).toBeUndefined();
    expect(after.permissions.member['app.exports']).toEqual(read.permissions.member['app.exports']);

    expect((await putAcl(basicAdmin, { ...read.permissions, version: after.version })).status).toBe(200);
  });
});

describe('notification settings', () => {
  const FIRST_JANUARY = '0 0 1 1 *';
  const putSettings = (token: string, body: unknown) => api<VersionedNotificationSettings>('PUT', '/api/v1/application/notifications-settings', { token, body });

  it('start at a 30 s reload with every e-mail on; members read them, only administrators change them', async () => {
    const read = await api<VersionedNotificationSettings>('GET', '/api/v1/application/notifications-settings', { token: premiumMember });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ reload_seconds: 30, emails: { alerts: true, reminders: true, reports: true }, version: 0 });
    expect((await putSettings(premiumMember, read.body.data)).status).toBe(403);
    const tooFast = await putSettings(premiumAdmin, { ...read.body.data, reload_seconds: 10 });
    expect(tooFast.status).toBe(400);
    expect(await entities.get({ PK: `C#${premium()}`, SK: 'NOTIFSETTINGS' })).toBeUndefined();
  });

  it('stop the alert e-mails of the customer when turned off, and let them leave again when turned on', async () => {
    const point = await api<{ _id: string }>('POST', '/api/v1/points', {
      token: premiumAdmin,
      body: { name: unique('Settings point'), technical_id: unique('SETTINGS'), resource: 'electricity', series_type: 'measure', unit: 'kW', location: [] },
    });
    expect(point.status).toBe(200);
    const pointId = point.body.data!._id;
    const bucket = lastCompleteBucket(latestOccurrence(FIRST_JANUARY, 'Europe/Paris', Date.now()), 'hour', 'Europe/Paris');
    const written = await api('POST', '/api/v1/data', {
      token: premiumAdmin,
      body: { data: [{ point: pointId, date: new Date(bucket.from + (bucket.to - bucket.from) / 2).toISOString(), value: 60 }] },
    });
    expect(written.status).toBe(200);
    expect(await eventually(() => hourAverage(premiumAdmin, pointId, bucket), (value) => value === 60)).toBe(60);

    const createAlert = async (name: string) => {
      const answer = await api<Alert>('POST', '/api/v1/alerts', {
        token: premiumAdmin,
        body: {
          alert: {
            name,
            points: [{ point: pointId }],
            sampling: 'hour',
            cron_time: FIRST_JANUARY,
            conditions: [[{ from_calculation: 'avg', operation: 'gt', to_value: 40 }]],
            email: { to: ['exploitation@energie-plus.example'], cc: [], bcc: [] },
          },
        },
      });
      expect(answer.status).toBe(200);
      return answer.body.data!;
    };
    const mailsAbout = async (name: string) => {
      const answer = await fetch(`${testEnvironment().endpoint}/_ministack/ses/messages`);
      const { messages } = (await answer.json()) as { messages: Record<string, { Subject: string }[]> };
      return Object.values(messages)
        .flat()
        .filter((mail) => mail.Subject.includes(name));
    };
    const run = (alertId: string) => runScheduledJob<AlertRunOutcome>({ kind: 'alert', id: alertId, customerId: premium() });

    const { version } = (await api<VersionedNotificationSettings>('GET', '/api/v1/application/notifications-settings', { token: premiumAdmin })).body.data!;
    const off = await putSettings(premiumAdmin, { reload_seconds: 45, emails: { alerts: false, reminders: true, reports: true }, version });
    expect(off.status).toBe(200);
    expect(off.body.data!.emails.alerts).toBe(false);
    const silenced = await createAlert(unique('Sans e-mail'));
    const silencedRun = await run(silenced._id);
    expect(silencedRun.outcome).toBe('fired');
    expect(silencedRun.notified).toBe(0);

    expect((await putSettings(premiumAdmin, { reload_seconds: 45, emails: { alerts: true, reminders: true, reports: true }, version: off.body.data!.version })).status).toBe(200);
    const heard = await createAlert(unique('Avec e-mail'));
    const heardRun = await run(heard._id);
    expect(heardRun.outcome).toBe('fired');
    expect(heardRun.notified).toBe(1);
    expect(await eventually(() => mailsAbout(heard.name), (mails) => mails.length === 1)).toHaveLength(1);
    // Checked once the e-mail of the second alert is in: the first one's would have left before it.
    expect(await mailsAbout(silenced.name)).toHaveLength(0);
  }, 3 * MINUTE);
  it('refuse the second of two saves made from the same read (409 settings_changed) and write nothing of it', async () => {
    const read = (await api<VersionedNotificationSettings>('GET', '/api/v1/application/notifications-settings', { token: premiumAdmin })).body.data!;
    const first = await putSettings(premiumAdmin, { ...read, reload_seconds: read.reload_seconds + 15 });
    expect(first).toMatchObject({ status: 200, body: { data: { reload_seconds: read.reload_seconds + 15, version: read.version + 1 } } });
    const stored = await entities.get({ PK: `C#${premium()}`, SK: 'NOTIFSETTINGS' });

    const second = await putSettings(premiumAdmin, { ...read, emails: { ...read.emails, reminders: !read.emails.reminders } });
    expect(second).toMatchObject({ status: 409, body: { res: false, msg: 'settings_changed' } });
    expect(await entities.get({ PK: `C#${premium()}`, SK: 'NOTIFSETTINGS' })).toEqual(stored);
    const after = await api<VersionedNotificationSettings>('GET', '/api/v1/application/notifications-settings', { token: premiumMember });
    expect(after.body.data).toEqual({ ...read, reload_seconds: read.reload_seconds + 15, version: read.version + 1 });
  });
});

describe('system configuration', () => {
  it('keeps the licence fields of the item while it sets the administrators\' e-mails', async () => {
    const key = { PK: 'SYSTEM', SK: 'CONFIG' };
    const before = await entities.get(key);
    const previous = await api<SystemConfigSettings>('GET', '/api/v1/system_config', { token: superUser });
    expect(previous.status).toBe(200);
    const wanted = { administrators_email: [{ email: 'exploitation@wattwise.example' }, { email: 'astreinte@wattwise.example' }], only_custom_administrators_email: true };
    const saved = await api<SystemConfigSettings>('PUT', '/api/v1/system_config', { token: superUser, body: wanted });
    expect(saved.status).toBe(200);
    expect((await api<SystemConfigSettings>('GET', '/api/v1/system_config', { token: (await login('root')).user.jwt })).body.data).toEqual(wanted);
    const after = await entities.get(key);
    expect(after?.machine_id).toBe(before?.machine_id);
    expect(after?.is_locked).toBe(before?.is_locked);
    expect(after?.can_from_server).toBe(before?.can_from_server);

    const invalid = await api('PUT', '/api/v1/system_config', { token: superUser, body: { ...wanted, administrators_email: [{ email: 'not an e-mail' }] } });
    expect(invalid.status).toBe(400);
    expect((await api('GET', '/api/v1/system_config', { token: premiumAdmin })).status).toBe(403);
    expect((await api('PUT', '/api/v1/system_config', { token: premiumAdmin, body: wanted })).status).toBe(403);
    await api('PUT', '/api/v1/system_config', { token: superUser, body: previous.body.data });
  });
});

describe('login analytics', () => {
  it('records each sign-in (date and count) and shows it to super users, not to the customer\'s administrators by default', async () => {
    const { accounts } = testEnvironment();
    const key = { PK: `C#${premium()}`, SK: `USER#${(await login('premiumMember')).user._id}` };
    const before = await entities.get(key);
    const startedAt = new Date().toISOString();
    const payload = await login('premiumMember');
    const after = await entities.get(key);
    expect(after?.last_login_at >= startedAt).toBe(true);
    expect(after?.login_count).toBe((before?.login_count ?? 0) + 1);

    const rows = await api<LoginAnalyticsRow[]>('GET', '/api/v1/application/login-analytics', { token: superUser });
    expect(rows.status).toBe(200);
    const row = rows.body.data!.find((candidate) => candidate._id === payload.user._id);
    expect(row?.email).toBe(accounts.premiumMember.email);
    expect(row?.last_login_at).toBe(after?.last_login_at);
    expect((await api('GET', '/api/v1/application/login-analytics', { token: premiumAdmin })).status).toBe(403);
    expect((await api('GET', '/api/v1/application/login-analytics', { token: premiumMember })).status).toBe(403);
  });
});

interface Socket {
  socket: WebSocket;
  next: (event: string, accept?: (data: unknown) => boolean, timeoutMs?: number) => Promise<unknown>;
}

const openSocket = (token: string): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(`${testEnvironment().socketUrl}?token=${encodeURIComponent(token)}`);
    const messages: { event: string; data: unknown }[] = [];
    const waiters: { event: string; accept: (data: unknown) => boolean; resolve: (data: unknown) => void }[] = [];
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { event: string; data: unknown };
      messages.push(message);
      for (const waiter of waiters.filter((candidate) => candidate.event === message.event && candidate.accept(message.data))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message.data);
      }
    });
    socket.on('open', () =>
      resolve({
        socket,
        next: (event, accept = () => true, timeoutMs = 15_000) =>
          new Promise((done, fail) => {
            const seen = messages.find((message) => message.event === event && accept(message.data));
            if (seen) return done(seen.data);
            const timer = setTimeout(() => fail(new Error(`No ${event} within ${timeoutMs} ms`)), timeoutMs);
            waiters.push({ event, accept, resolve: (data) => (clearTimeout(timer), done(data)) });
          }),
      }),
    );
    socket.on('error', reject);
  });

const closeSocket = (socket: WebSocket): Promise<void> =>
  new Promise((resolve) => {
    if (socket.readyState === WebSocket.CLOSED) return resolve();
    socket.once('close', () => resolve());
    socket.close();
  });

describe('connected users', () => {
  const names = (data: unknown) => (data as { users: ConnectedUser[] }).users.map((user) => user._id);

  it('are listed live to a super user, who messages one and logs them out', async () => {
    const member = await login('premiumMember');
    const watcher = await openSocket(superUser);
    const memberSocket = await openSocket(member.user.jwt);
    try {
      // Asked once the member's socket is open: the first answer already lists them.
      watcher.socket.send(JSON.stringify({ action: 'connectedUsersList' }));
      await watcher.next('connectedUsersListReturn', (data) => names(data).includes(member.user._id));

      const message = { title: 'Maintenance', message: `Redémarrage à 18 h ${randomUUID().slice(0, 4)}`, type: 'warning' };
      const sent = await api<{ sent: number }>('POST', `/api/v1/application/connected-users/${member.user._id}/message`, { token: superUser, body: message });
      expect(sent.status).toBe(200);
      expect(sent.body.data!.sent).toBe(1);
      expect(await memberSocket.next('messageToDisplay', (data) => (data as { message: string }).message === message.message)).toEqual(message);
      expect((await api('POST', `/api/v1/application/connected-users/${member.user._id}/message`, { token: premiumAdmin, body: message })).status).toBe(403);

      const loggedOut = await api('POST', `/api/v1/application/connected-users/${member.user._id}/logout`, { token: superUser });
      expect(loggedOut.status).toBe(200);
      await memberSocket.next('logOutRequestedFromSocket');
      await closeSocket(memberSocket.socket);
      await watcher.next('connectedUsersListReturn', (data) => !names(data).includes(member.user._id));
      const gone = await api('POST', `/api/v1/application/connected-users/${member.user._id}/logout`, { token: superUser });
      expect(gone.status).toBe(404);
      expect(gone.body.msg).toBe('user_not_connected');
    } finally {
      await Promise.all([closeSocket(memberSocket.socket), closeSocket(watcher.socket)]);
    }
  }, 2 * MINUTE);

  it('answer a customer administrator with their customer\'s users only', async () => {
    const admin = await login('basicAdministrator');
    const member = await login('premiumMember');
    const premiumSocket = await openSocket(member.user.jwt);
    const watcher = await openSocket(admin.user.jwt);
    try {
      // Asked once both are connected: the answer is computed with the premium member on line.
      watcher.socket.send(JSON.stringify({ action: 'connectedUsersListReturn' }));
      const data = await watcher.next('connectedUsersListReturn', (candidate) => names(candidate).includes(admin.user._id));
      expect(names(data)).not.toContain(member.user._id);
    } finally {
      await Promise.all([closeSocket(premiumSocket.socket), closeSocket(watcher.socket)]);
    }
  }, MINUTE);
});
