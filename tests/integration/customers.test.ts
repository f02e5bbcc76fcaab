import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer, CustomerAnalytics, TimezoneEntry } from '@shared/schemas/customer';
import type { LoginPayload } from '@shared/schemas/session';
import { api, login } from '../support/api';
import { connections, entities, series } from '../support/aws';
import { TEST_CUSTOMER_DELETION_BATCH } from '../../infra/local/test-deployment-settings';
import {
  createTestCustomer,
  endRestoreWindow,
  everyObjectKey,
  objectsUnder,
  objectVersionsUnder,
  partitionOf,
  putObject,
  runCustomerDeletion,
  runPurgeSweep,
  scanTable,
  seedMember,
  seedUser,
  signInStatus,
  tokenOf,
} from '../support/customers';
import { testEnvironment } from '../support/environment';
import { eventually } from '../support/eventually';
import { alertSchedulesOf, runScheduledJob, scheduleOf, sourceScheduleName, sourceSchedulesOf } from '../support/scheduled-job';

const MINUTE = 60_000;
/** A 1×1 transparent PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString();
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

let root: LoginPayload;
let superUser: string;
let administrator: string;
let member: string;
const made: string[] = [];

beforeAll(async () => {
  root = await login('root');
  superUser = (await login('super')).user.jwt;
  administrator = (await login('premiumAdministrator')).user.jwt;
  member = (await login('basicMember')).user.jwt;
});

afterAll(async () => {
  // Customers a failed test left behind go, so that other files count the demo customers only.
  for (const id of made) await api('DELETE', `/api/v1/customers/${id}`, { token: root.user.jwt });
});

const make = async (token: string, overrides: Record<string, unknown> = {}) => {
  const customer = await createTestCustomer(token, overrides);
  made.push(customer._id);
  return customer;
};

/** Root, moved into a customer: what it creates there belongs to that customer. */
const rootIn = async (customerId: string): Promise<string> => {
  const answer = await api<LoginPayload>('POST', '/api/v1/users/change-customer', { token: root.user.jwt, body: { customer: customerId } });
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.data!.user.jwt;
};

/** A location, a point and three values of it in a customer, made by root working in it. */
const stockCustomer = async (inside: string, customerId: string) => {
  const location = await api<{ _id: string }>('POST', '/api/v2/locations', { token: inside, body: { name: 'Site à supprimer', type: 'Offices', parent: null } });
  expect(location.status).toBe(200);
  const point = await api<{ _id: string }>('POST', '/api/v1/points', {
    token: inside,
    body: { name: 'Compteur à supprimer', technical_id: 'DEL-1', resource: 'electricity', series_type: 'measure', unit: 'kWh', location: [location.body.data!._id] },
  });
  expect(point.status).toBe(200);
  const pointRef = { customerId, pointId: point.body.data!._id };
  const values = [0, 1, 2].map((hour) => ({ point: pointRef.pointId, date: new Date(Date.UTC(2026, 10, 2, hour)).toISOString(), value: 10 + hour }));
  expect((await api('POST', '/api/v1/data', { token: inside, body: { data: values } })).status).toBe(200);
  await eventually(() => series.rollups(pointRef, 'hour'), (rollups) => rollups.length > 0, MINUTE);
  return pointRef;
};

describe('customers', () => {
  it('are created, read, listed and edited by root and super users, and by nobody else', async () => {
    const created = await make(root.user.jwt, { timezone: 'America/Toronto', cca2: 'CA', subscription_end: tomorrow() });
    expect(created._id).toMatch(/^cust-/);
    expect(created).toMatchObject({ timezone: 'America/Toronto', cca2: 'CA', active: true, is_premium: false });
    expect((await api<Customer>('GET', `/api/v1/customers/${created._id}`, { token: superUser })).body.data).toEqual(created);
    expect((await api<Customer[]>('GET', '/api/v1/customers', { token: superUser })).body.data!.map((customer) => customer._id)).toContain(created._id);

    const renamed = await api<Customer>('PUT', '/api/v1/customers', { token: superUser, body: { ...created, name: `${created.name} renamed`, subscription_end: null } });
    expect(renamed.status).toBe(200);
    expect((await api<Customer>('GET', `/api/v1/customers/${created._id}`, { token: root.user.jwt })).body.data).toMatchObject({ name: `${created.name} renamed`, subscription_end: null });

    for (const token of [administrator, member]) {
      expect((await api('GET', '/api/v1/customers', { token })).status).toBe(403);
      expect((await api('GET', `/api/v1/customers/${created._id}`, { token })).status).toBe(403);
      expect((await api('POST', '/api/v1/customers', { token, body: { name: 'Not allowed' } })).body.msg).toBe('forbidden');
      expect((await api('PUT', '/api/v1/customers', { token, body: { ...created, name: 'Not allowed' } })).status).toBe(403);
      expect((await api('DELETE', `/api/v1/customers/${created._id}`, { token })).status).toBe(403);
    }
    expect((await api<Customer>('GET', `/api/v1/customers/${created._id}`, { token: root.user.jwt })).body.data!.name).toBe(`${created.name} renamed`);
  });

  it('get their permission map seeded, so their users sign in with the default rights', async () => {
    const customer = await make(root.user.jwt);
    const account = await seedMember(customer._id);
    const signedIn = await signInStatus(account);
    expect(signedIn.status).toBe(200);
    expect((signedIn.body.data as LoginPayload).permissions.member['app.dashboard']).toContain('view');
  });

  it('refuse bad input and write nothing', async () => {
    const before = (await api<Customer[]>('GET', '/api/v1/customers', { token: root.user.jwt })).body.data!.length;
    for (const body of [{ name: '' }, { name: 'Zz nowhere', timezone: 'Mars/Olympus_Mons' }, { name: 'Zz backwards', subscription_start: tomorrow(), subscription_end: yesterday() }]) {
      const answer = await api('POST', '/api/v1/customers', { token: root.user.jwt, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.msg).toBe('validation_failed');
    }
    expect((await api('PUT', '/api/v1/customers', { token: root.user.jwt, body: { _id: 'cust-nobody', name: 'Nobody' } })).status).toBe(404);
    expect((await api<Customer[]>('GET', '/api/v1/customers', { token: root.user.jwt })).body.data!.length).toBe(before);
  });

  it('offer one list of time zones with their countries to every signed-in user', async () => {
    const zones = (await api<TimezoneEntry[]>('GET', '/api/v1/customers/timezone', { token: member })).body.data!;
    expect(zones).toContainEqual({ name: 'Europe/Paris', utc_offset: '+01:00', cca2: 'FR', country: 'France' });
    expect(zones.filter((zone) => zone.name === 'Europe/Paris').map((zone) => zone.cca2)).toEqual(expect.arrayContaining(['FR', 'MC']));
    expect(zones.length).toBeGreaterThan(300);
  });

  it('tell a user about the customer they work in, and super users what each customer holds', async () => {
    const information = await api<Customer>('GET', '/api/v1/customers/information', { token: administrator });
    expect(information.body.data).toMatchObject({ _id: testEnvironment().customers.premium, is_premium: true, timezone: 'Europe/Paris' });
    const analytics = (await api<CustomerAnalytics>('GET', '/api/v1/customers/analytics', { token: superUser })).body.data!;
    const premium = analytics.find((entry) => entry._id === testEnvironment().customers.premium)!;
    expect(premium).toMatchObject({ standing: 'active', is_premium: true });
    expect(premium.users).toBeGreaterThanOrEqual(2);
    expect(premium.points).toBeGreaterThanOrEqual(5);
    expect(premium.locations).toBeGreaterThanOrEqual(2);
    expect((await api('GET', '/api/v1/customers/analytics', { token: administrator })).status).toBe(403);
  });

  it('count exactly what a customer holds, from its lists: a user, a location and two points more, and its last sign-in', async () => {
    const customer = await make(root.user.jwt, { is_premium: true });
    const analyticsOf = async () =>
      (await api<CustomerAnalytics>('GET', '/api/v1/customers/analytics', { token: superUser })).body.data!.find((entry) => entry._id === customer._id)!;
    const before = await analyticsOf();
    expect(before.last_login_at).toBeNull();

    const token = await tokenOf(await seedUser(customer._id, 'administrator'));
    const site = (await api<{ _id: string }>('POST', '/api/v2/locations', { token, body: { name: 'Siège', type: 'Offices', parent: null } })).body.data!;
    for (const name of ['Compteur A', 'Compteur B']) {
      const point = { name, technical_id: `${name.slice(-1)}-${customer._id.slice(-8)}`, resource: 'electricity', series_type: 'index', unit: 'kWh', location: [site._id] };
      expect((await api('POST', '/api/v1/points', { token, body: point })).status).toBe(200);
    }

    const after = await analyticsOf();
    expect({ users: after.users, locations: after.locations, points: after.points }).toEqual({
      users: before.users + 1,
      locations: before.locations + 1,
      points: before.points + 2,
    });
    expect(Date.parse(after.last_login_at!)).toBeGreaterThan(Date.now() - MINUTE);
  });
});

describe('a customer outside its subscription', () => {
  it('refuses its users at sign-in and on every call, but not super users', async () => {
    const customer = await make(root.user.jwt);
    const account = await seedMember(customer._id);
    const signedIn = await signInStatus(account);
    expect(signedIn.status).toBe(200);
    const token = (signedIn.body.data as LoginPayload).user.jwt;

    await api('PUT', '/api/v1/customers', { token: root.user.jwt, body: { ...customer, subscription_end: yesterday() } });
    const refused = await signInStatus(account);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('customer_deactivated');
    const call = await eventually(() => api('GET', '/api/v1/points', { token }), (answer) => answer.status === 403, MINUTE);
    expect(call.body.msg).toBe('customer_deactivated');
    // A super user still works in it.
    const superIn = await api<LoginPayload>('POST', '/api/v1/users/change-customer', { token: superUser, body: { customer: customer._id } });
    expect(superIn.status).toBe(200);
    expect((await api('GET', '/api/v1/points', { token: superIn.body.data!.user.jwt })).status).toBe(200);

    await api('PUT', '/api/v1/customers', { token: root.user.jwt, body: { ...customer, subscription_start: tomorrow(), subscription_end: null } });
    expect((await signInStatus(account)).body.msg).toBe('customer_deactivated');

    await api('PUT', '/api/v1/customers', { token: root.user.jwt, body: { ...customer, subscription_start: yesterday(), subscription_end: tomorrow() } });
    expect((await signInStatus(account)).status).toBe(200);
  }, 2 * MINUTE);
});

describe('deleting a customer', () => {
  it('shuts its users out at once, keeps everything of it for seven days, and root restores it whole', async () => {
    const { uploadsBucket, documentsBucket } = testEnvironment();
    // Premium: its alerts are scheduled too.
    const customer = await make(root.user.jwt, { is_premium: true });
    const account = await seedMember(customer._id);
    const inside = await rootIn(customer._id);
    const pointRef = await stockCustomer(inside, customer._id);
    // Its three hours rolled up (the stream writes them one after another).
    const rollups = await eventually(() => series.rollups(pointRef, 'hour'), (found) => found.length === 3, MINUTE);
    expect(rollups).toHaveLength(3);
    const ftp = await api<{ _id: string }>('POST', '/api/v1/ftp', {
      token: inside,
      body: { host: 'ftp.customer-to-restore.example', port: 21, user: 'meter', password: 'secret', path: '/', isSftp: false, timeInterval: 15, active: true },
    });
    expect(ftp.status).toBe(200);
    const alert = await api<{ _id: string }>('POST', '/api/v1/alerts', {
      token: inside,
      body: {
        alert: {
          name: 'Surconsommation à restaurer',
          points: [{ point: pointRef.pointId }],
          sampling: 'hour',
          cron_time: '0 0 1 1 *',
          conditions: [[{ from_calculation: 'avg', operation: 'gt', to_value: 1000 }]],
          email: { to: ['exploitation@client-restaure.example'], cc: [], bcc: [] },
        },
      },
    });
    expect(alert.status, JSON.stringify(alert.body)).toBe(200);
    // A daily reminder due since midnight: its schedule is a one-time one that each run moves on.
    const reminder = await api<{ _id: string }>('POST', '/api/v1/reminders', {
      token: inside,
      body: {
        name: 'Relevé à restaurer',
        message: 'Relever les compteurs',
        reminder_date: DateTime.now().setZone('Europe/Paris').toFormat('yyyy-MM-dd'),
        start: '00:00',
        type: 'recurrent',
        period_type: 'day',
        period_value: 1,
      },
    });
    expect(reminder.status, JSON.stringify(reminder.body)).toBe(200);
    // A fetched source: its interval's schedule is named by the customer, not by an item of its partition.
    const source = await api('POST', '/api/v1/sources/custom', {
      token: inside,
      body: { name: 'Compteurs à restaurer', type: 'eveler', config: { custom: { endpoint: 'https://eveler.example', api_key: 'k', fetch_interval: 15 } } },
    });
    expect(source.status, JSON.stringify(source.body)).toBe(200);
    expect(await sourceSchedulesOf(customer._id)).toEqual([sourceScheduleName(customer._id, 15)]);
    const tab = await api<{ _id: string }>('POST', '/api/v1/tabs', { token: inside, body: { data: { name: 'Tableau à restaurer', sharing: { shared: true } } } });
    expect(tab.status).toBe(200);
    expect((await api('POST', '/api/v1/images', { token: inside, body: { name: 'Plan.png', content_type: 'image/png', data: PNG } })).status).toBe(200);
    await putObject(uploadsBucket, `${customer._id}/files/file-kept.csv`);
    const partition = (await partitionOf(customer._id)).sort();
    const files = [...(await objectsUnder(uploadsBucket, `${customer._id}/`)), ...(await objectsUnder(documentsBucket, `${customer._id}/`))].sort();
    expect(files).toHaveLength(2);

    // Restoring a customer that is not deleted, or one that does not exist.
    expect(await api('POST', `/api/v1/customers/${customer._id}/restore`, { token: root.user.jwt })).toMatchObject({ status: 409, body: { msg: 'customer_not_deleted' } });
    expect(await api('POST', '/api/v1/customers/cust-nobody/restore', { token: root.user.jwt })).toMatchObject({ status: 404, body: { msg: 'customer_not_found' } });

    const before = Date.now();
    const deletion = await api<{ deleting: boolean; purge_at: string }>('DELETE', `/api/v1/customers/${customer._id}`, { token: root.user.jwt });
    expect(deletion.status).toBe(200);
    expect(deletion.body.msg).toBe('customer_deletion_in_progress');
    const purgeAt = Date.parse(deletion.body.data!.purge_at);
    expect(purgeAt).toBeGreaterThanOrEqual(before + 7 * 86_400_000);
    expect(purgeAt).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000);
    expect((await api<{ purge_at: string }>('DELETE', `/api/v1/customers/${customer._id}`, { token: root.user.jwt })).body.data!.purge_at).toBe(deletion.body.data!.purge_at);
    const listed = (await api<Customer[]>('GET', '/api/v1/customers', { token: superUser })).body.data!.find((entry) => entry._id === customer._id);
    expect(listed).toMatchObject({ deleting: true, purge_at: deletion.body.data!.purge_at });
    expect(listed!.deletion_phase).toBeUndefined();

    // Nobody of it signs in or calls anything meanwhile; its alert's schedule stays, and does nothing.
    expect(await signInStatus(account)).toMatchObject({ status: 403, body: { msg: 'customer_deactivated' } });
    expect((await eventually(() => api('GET', '/api/v1/points', { token: inside }), (answer) => answer.status === 403, MINUTE)).body.msg).toBe('customer_deactivated');
    expect(await runScheduledJob({ kind: 'alert', id: alert.body.data!._id, customerId: customer._id })).toEqual({ skipped: 'customer_deleted' });
    const [alertSchedule] = await alertSchedulesOf(customer._id);
    expect(alertSchedule).toBeDefined();
    expect(await runScheduledJob({ kind: 'alerts', id: alertSchedule.slice(`alerts-${customer._id}-`.length), customerId: customer._id })).toEqual({ skipped: 'customer_deleted' });
    expect(await runScheduledJob({ kind: 'sources', id: '15', customerId: customer._id })).toEqual({ skipped: 'customer_deleted' });
    // Its reminder's occurrence passes unfired, and its schedule moves on to the next one.
    const passed = await runScheduledJob<{ fired: boolean; reason: string; next_due: string | null }>({ kind: 'reminder', id: reminder.body.data!._id, customerId: customer._id });
    expect(passed).toMatchObject({ fired: false, reason: 'customer_deleted' });
    expect(passed.next_due).toBeTruthy();
    expect((await scheduleOf('reminder', reminder.body.data!._id))?.ScheduleExpression).toBe(`at(${passed.next_due}:00)`);
    // The sweep leaves a customer in its window alone.
    expect((await runPurgeSweep()).started.map((started) => started.customer)).not.toContain(customer._id);

    // Only root restores.
    for (const token of [member, administrator, superUser]) {
      expect(await api('POST', `/api/v1/customers/${customer._id}/restore`, { token })).toMatchObject({ status: 403, body: { msg: 'forbidden' } });
    }
    const restored = await api<Customer>('POST', `/api/v1/customers/${customer._id}/restore`, { token: root.user.jwt });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.msg).toBe('customer_restored');
    expect(restored.body.data).toMatchObject({ _id: customer._id, name: customer.name, is_premium: true });
    expect(restored.body.data!.deleting).toBeUndefined();
    expect(await api('POST', `/api/v1/customers/${customer._id}/restore`, { token: root.user.jwt })).toMatchObject({ status: 409, body: { msg: 'customer_not_deleted' } });

    // Back whole: its users sign in and read its data, its schedules run, nothing was removed.
    const memberToken = await tokenOf(account);
    // A function that refused the customer a moment ago trusts what it read for a few seconds more (access-service).
    const points = await eventually(() => api<{ _id: string }[]>('GET', '/api/v1/points', { token: memberToken }), (answer) => answer.status === 200, MINUTE);
    expect(points.body.data!.map((point) => point._id)).toContain(pointRef.pointId);
    expect((await api<{ _id: string }[]>('GET', '/api/v1/tabs', { token: memberToken })).body.data!.map((entry) => entry._id)).toContain(tab.body.data!._id);
    expect(await series.rollups(pointRef, 'hour')).toEqual(rollups);
    expect(await series.rawOfMonths(pointRef, ['202611'])).toHaveLength(3);
    expect(await scheduleOf('ftp', ftp.body.data!._id)).not.toBeNull();
    expect(await alertSchedulesOf(customer._id)).toEqual([alertSchedule]);
    expect(await sourceSchedulesOf(customer._id)).toEqual([sourceScheduleName(customer._id, 15)]);
    expect(await scheduleOf('reminder', reminder.body.data!._id)).not.toBeNull();
    expect(await runScheduledJob({ kind: 'alert', id: alert.body.data!._id, customerId: customer._id })).not.toEqual({ skipped: 'customer_deleted' });
    expect((await partitionOf(customer._id)).filter((sk) => partition.includes(sk)).sort()).toEqual(partition);
    expect([...(await objectsUnder(uploadsBucket, `${customer._id}/`)), ...(await objectsUnder(documentsBucket, `${customer._id}/`))].sort()).toEqual(files);
  }, 5 * MINUTE);

  it('is purged by the sweep once its window is over: its items, series, schedules and files with their old versions', async () => {
    const { uploadsBucket, documentsBucket } = testEnvironment();
    const customer = await make(root.user.jwt);
    const account = await seedMember(customer._id);
    const inside = await rootIn(customer._id);
    const pointRef = await stockCustomer(inside, customer._id);
    const ftp = await api<{ _id: string }>('POST', '/api/v1/ftp', {
      token: inside,
      body: { host: 'ftp.customer-to-delete.example', port: 21, user: 'meter', password: 'secret', path: '/', isSftp: false, timeInterval: 15, active: true },
    });
    expect(ftp.status).toBe(200);
    expect(await scheduleOf('ftp', ftp.body.data!._id)).not.toBeNull();
    expect((await api('POST', '/api/v1/images', { token: inside, body: { name: 'Plan.png', content_type: 'image/png', data: PNG } })).status).toBe(200);
    // A file written twice: the bucket keeps its first version.
    await putObject(uploadsBucket, `${customer._id}/files/file-manual.csv`);
    await putObject(uploadsBucket, `${customer._id}/files/file-manual.csv`);
    expect(await objectVersionsUnder(uploadsBucket, `${customer._id}/`)).toHaveLength(2);
    expect(await objectsUnder(documentsBucket, `${customer._id}/`)).toHaveLength(1);

    // The customer root works in cannot be deleted from inside it.
    expect((await api('DELETE', `/api/v1/customers/${customer._id}`, { token: inside })).body.msg).toBe('customer_in_use');

    expect((await api('DELETE', `/api/v1/customers/${customer._id}`, { token: root.user.jwt })).status).toBe(200);
    await endRestoreWindow(customer._id);
    expect(await api('POST', `/api/v1/customers/${customer._id}/restore`, { token: root.user.jwt })).toMatchObject({ status: 409, body: { msg: 'customer_restore_window_over' } });
    expect((await signInStatus(account)).body.msg).toBe('customer_deactivated');

    const sweep = await runPurgeSweep();
    expect(sweep.started.map((started) => started.customer)).toContain(customer._id);
    await eventually(() => partitionOf(customer._id), (left) => left.length === 0, 3 * MINUTE);
    expect((await api('GET', `/api/v1/customers/${customer._id}`, { token: root.user.jwt })).status).toBe(404);
    expect(await series.rollups(pointRef, 'hour')).toEqual([]);
    expect(await series.rawOfMonths(pointRef, ['202611'])).toEqual([]);
    expect(await scheduleOf('ftp', ftp.body.data!._id)).toBeNull();
    expect(await objectVersionsUnder(uploadsBucket, `${customer._id}/`)).toEqual([]);
    expect(await objectVersionsUnder(documentsBucket, `${customer._id}/`)).toEqual([]);
    expect((await signInStatus(account)).status).toBe(401);
    // Purged: nothing left to restore.
    expect(await api('POST', `/api/v1/customers/${customer._id}/restore`, { token: root.user.jwt })).toMatchObject({ status: 404, body: { msg: 'customer_not_found' } });
    made.splice(made.indexOf(customer._id), 1);
  }, 5 * MINUTE);

  it('is purged run after run until nothing of the customer is left in any table, bucket or schedule, and a second sweep purges nothing twice', async () => {
    const { uploadsBucket, documentsBucket, entitiesTable, seriesTable, connectionsTable } = testEnvironment();
    // Premium: its reminders are scheduled too.
    const customer = await make(root.user.jwt, { is_premium: true });
    const account = await seedMember(customer._id);
    // The member's e-mail guard (what the users screen writes with a user): it goes with the user.
    await entities.put({ PK: `EMAIL#${account.email}`, SK: 'GUARD', user: 'usr-deleted-member' });
    const inside = await rootIn(customer._id);
    const pointRef = await stockCustomer(inside, customer._id);
    // More values than a few runs' batches (the test deployment's TEST_CUSTOMER_DELETION_BATCH): raw values, their rollups and markers.
    const hours = Array.from({ length: 4 * TEST_CUSTOMER_DELETION_BATCH }, (_, hour) => ({
      point: pointRef.pointId,
      date: new Date(Date.UTC(2026, 9, 1) + hour * 3_600_000).toISOString(),
      value: hour,
    }));
    expect((await api('POST', '/api/v1/data', { token: inside, body: { data: hours } })).status).toBe(200);
    const ftp = await api<{ _id: string }>('POST', '/api/v1/ftp', {
      token: inside,
      body: { host: 'ftp.customer-to-delete.example', port: 21, user: 'meter', password: 'secret', path: '/', isSftp: false, timeInterval: 15, active: true },
    });
    expect(ftp.status).toBe(200);
    const reminder = await api<{ _id: string }>('POST', '/api/v1/reminders', {
      token: inside,
      body: { name: 'Relevé', message: 'Relever les compteurs', reminder_date: '2026-12-01', start: '08:00', type: 'recurrent', period_type: 'day', period_value: 1 },
    });
    expect(reminder.status, JSON.stringify(reminder.body)).toBe(200);
    expect(await scheduleOf('ftp', ftp.body.data!._id)).not.toBeNull();
    expect(await scheduleOf('reminder', reminder.body.data!._id)).not.toBeNull();
    // An alert: its cron's schedule is named by the customer, not by an item of its partition.
    const alert = await api('POST', '/api/v1/alerts', {
      token: inside,
      body: { alert: { name: 'Surconsommation à purger', points: [{ point: pointRef.pointId }], sampling: 'hour', cron_time: '0 0 1 1 *', conditions: [[{ from_calculation: 'avg', operation: 'gt', to_value: 1000 }]] } },
    });
    expect(alert.status, JSON.stringify(alert.body)).toBe(200);
    expect(await alertSchedulesOf(customer._id)).toHaveLength(1);
    // So is a fetched source's interval.
    const source = await api('POST', '/api/v1/sources/custom', {
      token: inside,
      body: { name: 'Compteurs à purger', type: 'eveler', config: { custom: { endpoint: 'https://eveler.example', api_key: 'k', fetch_interval: 10 } } },
    });
    expect(source.status, JSON.stringify(source.body)).toBe(200);
    expect(await sourceSchedulesOf(customer._id)).toEqual([sourceScheduleName(customer._id, 10)]);
    // Its fetches' last data dates, in the customer's partition of them (`keys.fetchedDates`; a fetch writes them).
    await entities.put({ PK: `C#${customer._id}#FETCHDATES`, SK: 'src-fetched', kind: 'fetched-dates', source: 'src-fetched', 'd_pt-fetched': Date.UTC(2026, 9, 1) });
    expect((await api('POST', '/api/v1/images', { token: inside, body: { name: 'Plan.png', content_type: 'image/png', data: PNG } })).status).toBe(200);
    await putObject(uploadsBucket, `${customer._id}/files/file-manual.csv`);
    // A browser of the customer's member, on record in the connections table.
    await connections.put({ connection_id: `conn-${customer._id}`, user_id: 'usr-deleted-member', customer_id: customer._id, expires_at: Math.floor(Date.now() / 1000) + 3600 });
    const holdsCustomer = (text: string) => text.includes(customer._id) || text.includes(account.email);
    const everything = async () => [
      ...(await Promise.all([entitiesTable, seriesTable, connectionsTable].map(async (table) => (await scanTable(table)).map((item) => JSON.stringify(item))))).flat(),
      ...(await Promise.all([uploadsBucket, documentsBucket].map(everyObjectKey))).flat(),
    ];
    expect((await everything()).filter(holdsCustomer).length).toBeGreaterThan(4 * TEST_CUSTOMER_DELETION_BATCH);

    expect((await api('DELETE', `/api/v1/customers/${customer._id}`, { token: root.user.jwt })).status).toBe(200);
    await endRestoreWindow(customer._id);
    // Two sweeps in a row (a schedule fired twice): one purge does the work, the other's runs find it taken.
    const [first, second] = [await runPurgeSweep(), await runPurgeSweep()];
    const jobs = [first, second].flatMap((sweep) => sweep.started.filter((started) => started.customer === customer._id).map((started) => started.job));
    expect(jobs).toHaveLength(2);
    const listed = (await api<Customer[]>('GET', '/api/v1/customers', { token: root.user.jwt })).body.data!.find((entry) => entry._id === customer._id);
    expect(listed).toMatchObject({ deleting: true });

    const finishedRecord = () => Promise.all(jobs.map((job) => entities.get({ PK: 'SYSTEM', SK: `DELETION#${job}` })));
    const records = await eventually(finishedRecord, (found) => found.some((item) => item !== undefined), 3 * MINUTE);
    // One purge finished it; the other job never held it.
    expect(records.filter((item) => item !== undefined)).toHaveLength(1);
    const finished = records.find((item) => item !== undefined);
    expect(finished).toBeDefined();
    expect(Number(finished!.runs)).toBeGreaterThanOrEqual(3);
    expect((await api('GET', `/api/v1/customers/${customer._id}`, { token: root.user.jwt })).status).toBe(404);
    expect(await scheduleOf('ftp', ftp.body.data!._id)).toBeNull();
    expect(await scheduleOf('reminder', reminder.body.data!._id)).toBeNull();
    expect(await alertSchedulesOf(customer._id)).toEqual([]);
    expect(await sourceSchedulesOf(customer._id)).toEqual([]);
    expect((await everything()).filter(holdsCustomer)).toEqual([]);
    made.splice(made.indexOf(customer._id), 1);
  }, 5 * MINUTE);

  it('stopped half-way, finishes when run again, and nobody of it signs in meanwhile', async () => {
    const { uploadsBucket } = testEnvironment();
    const customer = await make(root.user.jwt);
    const account = await seedMember(customer._id);
    const pointRef = await stockCustomer(await rootIn(customer._id), customer._id);
    await putObject(uploadsBucket, `${customer._id}/files/file-left.csv`);
    // What a run that died after marking the customer leaves: the mark, and everything else.
    await entities.set({ PK: `C#${customer._id}`, SK: 'CUSTOMER' }, { deleting: true });
    await entities.delete({ PK: `C#${customer._id}`, SK: 'ACL' });
    expect((await signInStatus(account)).body.msg).toBe('customer_deactivated');
    expect((await api<Customer[]>('GET', '/api/v1/customers', { token: root.user.jwt })).body.data!.find((entry) => entry._id === customer._id)?.deleting).toBe(true);
    expect((await api('PUT', '/api/v1/customers', { token: root.user.jwt, body: { ...customer, name: 'Too late' } })).body.msg).toBe('customer_deletion_in_progress');

    await runCustomerDeletion(customer._id);
    expect(await partitionOf(customer._id)).toEqual([]);
    expect(await series.rawOfMonths(pointRef, ['202611'])).toEqual([]);
    expect(await series.rollups(pointRef, 'hour')).toEqual([]);
    expect(await objectsUnder(uploadsBucket, `${customer._id}/`)).toEqual([]);
    // Run once more (a retry after the end): nothing left to do, and no failure.
    await runCustomerDeletion(customer._id);
    made.splice(made.indexOf(customer._id), 1);
  }, 3 * MINUTE);
});
