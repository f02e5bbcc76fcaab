import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { locationSchema } from '@shared/schemas/location';
import { awsEnvironment } from '../../infra/local/emulator';
import { keys } from '../../functions/src/data/keys';
import { api } from '../support/api';
import { entities } from '../support/aws';
import { anotherPremiumCustomer, seedMember } from '../support/customers';
import { testEnvironment } from '../support/environment';

/**
 * The lists of a customer's locations, users, tabs and notifications (issue 43) read small
 * partitions of their own (a sparse GSI1 entry per location, tab and notification, an entry per user
 * under `C#<customer>#USERS`), not the customer's partition where its points are. What the API writes is listed at once; what was written before the
 * lists existed (the items as they were stored then) is listed once the deploy's migration ran, and
 * running it again writes nothing.
 */
let customerId: string;
let token: string;

const ids = (items: readonly { _id: string }[] | undefined) => (items ?? []).map((item) => item._id).sort();
const listedLocations = async () => ids((await api<{ _id: string }[]>('GET', '/api/v2/locations', { token })).body.data);
const listedUsers = async () => ids((await api<{ _id: string }[]>('GET', '/api/v1/users', { token })).body.data);
const listedTabs = async () => ids((await api<{ _id: string }[]>('GET', '/api/v1/tabs', { token })).body.data);
const unread = async () => ids((await api<{ new: { _id: string }[] }>('GET', '/api/v1/notifications/unread', { token })).body.data?.new);
/** The signed-in administrator's id (the token's subject). */
const adminId = () => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

/** The migration's step for one customer, run in this process against the deployment's tables. */
const migration = async () => {
  const environment = testEnvironment();
  Object.assign(process.env, awsEnvironment(environment.endpoint), { ENTITIES_TABLE: environment.entitiesTable, SERIES_TABLE: environment.seriesTable });
  return import('../../functions/src/services/list-index-migration');
};

beforeAll(async () => {
  ({ customerId, token } = await anotherPremiumCustomer());
}, 60_000);

describe('the lists of locations and users', () => {
  it('hold what the API writes, and lose what it deletes', async () => {
    const created = await api<{ _id: string }>('POST', '/api/v2/locations', { token, body: { name: 'Site listé', type: 'Offices', parent: null } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const locationId = created.body.data!._id;
    expect(await listedLocations()).toContain(locationId);
    expect(await entities.get(keys.location(customerId, locationId))).toMatchObject(keys.locationInList(customerId, locationId));

    const invited = await api<{ _id: string }>('POST', '/api/v1/users', {
      token,
      body: { first_name: 'Liste', last_name: 'Utilisateur', email: `listed-${randomUUID().slice(0, 8)}@customers.example`, type: 'member', allowed_locations: 'view' },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const userId = invited.body.data!._id;
    expect(await listedUsers()).toContain(userId);
    expect(await entities.get(keys.userListEntry(customerId, userId))).toMatchObject({ user: userId });

    const tab = await api<{ _id: string }>('POST', '/api/v1/tabs', { token, body: { data: { name: 'Onglet listé' } } });
    expect(tab.status, JSON.stringify(tab.body)).toBe(200);
    expect(await listedTabs()).toContain(tab.body.data!._id);
    expect(await entities.get(keys.owned(customerId, 'tab', tab.body.data!._id))).toMatchObject(keys.tabInList(customerId, tab.body.data!._id));

    expect((await api('DELETE', `/api/v1/users/${userId}`, { token })).status).toBe(200);
    expect(await listedUsers()).not.toContain(userId);
    expect(await entities.get(keys.userListEntry(customerId, userId))).toBeUndefined();
  }, 60_000);

  it('list what was written before them once the migration ran, and the migration is idempotent', async () => {
    const before = { locations: await listedLocations(), users: await listedUsers() };
    // Stored as earlier versions stored them: no list entry.
    const oldLocations = Array.from({ length: 3 }, (_, index) => `loc-old-${index}-${randomUUID().slice(0, 8)}`);
    for (const [index, _id] of oldLocations.entries()) {
      const location = locationSchema.parse({ _id, customer: customerId, name: `Ancien site ${index}`, parent: null, position: 10 + index });
      await entities.put({ ...keys.location(customerId, _id), kind: 'location', ...location });
    }
    const oldUser = `usr-old-${randomUUID()}`;
    await entities.put({
      ...keys.customerUser(customerId, oldUser),
      ...keys.userEmailIndex(`${oldUser}@customers.example`),
      kind: 'user',
      _id: oldUser,
      first_name: 'Ancien',
      last_name: 'Utilisateur',
      email: `${oldUser}@customers.example`,
      type: 'member',
      internal_role: 'member',
      is_root: false,
      customer: customerId,
      picture: '',
      allowed_locations: 'view',
      last_notification_read: null,
      password_hash: 'x',
    });
    const oldTab = `tab-old-${randomUUID()}`;
    await entities.put({ ...keys.owned(customerId, 'tab', oldTab), kind: 'tab', _id: oldTab, customer: customerId, name: 'Ancien onglet', parent: null, user: adminId(), sharing: { shared: true }, created_at: '2020-01-01T00:00:00.000Z' });
    const oldNotification = `ntf-old-${randomUUID()}`;
    await entities.put({
      ...keys.notification(customerId, adminId(), oldNotification),
      kind: 'notification',
      _id: oldNotification,
      reminder: null,
      customer: customerId,
      user: adminId(),
      title: 'Relevé mensuel',
      message: 'Pensez au relevé',
      unread: true,
      created_at: new Date().toISOString(),
    });
    expect(await listedLocations()).toEqual(before.locations);
    expect(await listedUsers()).toEqual(before.users);
    expect(await listedTabs()).not.toContain(oldTab);
    expect(await unread()).not.toContain(oldNotification);

    const { listCustomerEntities } = await migration();
    expect(await listCustomerEntities(customerId)).toEqual({ locations: 3, users: 1, tabs: 1, notifications: 1, sources: 0 });
    expect(await listedLocations()).toEqual([...before.locations, ...oldLocations].sort());
    expect(await listedUsers()).toEqual([...before.users, oldUser].sort());
    expect(await listedTabs()).toContain(oldTab);
    expect(await unread()).toContain(oldNotification);
    // The old location kept its fields: the migration set its entry only.
    expect(await entities.get(keys.location(customerId, oldLocations[0]!))).toMatchObject({ name: 'Ancien site 0', position: 10, ...keys.locationInList(customerId, oldLocations[0]!) });

    expect(await listCustomerEntities(customerId)).toEqual({ locations: 0, users: 0, tabs: 0, notifications: 0, sources: 0 });
    // A user seeded by the tests' helper (it writes the entry, as a save does) needs nothing.
    await seedMember(customerId);
    expect(await listCustomerEntities(customerId)).toEqual({ locations: 0, users: 0, tabs: 0, notifications: 0, sources: 0 });
  }, 60_000);
});
