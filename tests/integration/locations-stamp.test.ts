import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Location } from '@shared/schemas/location';
import type { LoginPayload, RenewedPayload } from '@shared/schemas/session';
import type { User } from '@shared/schemas/user';
import { awsEnvironment } from '../../infra/local/emulator';
import { keys } from '../../functions/src/data/keys';
import { seedLocation } from '../../functions/src/services/seed-location';
import { LOCATIONS_STAMP_SETTLE_MS } from '../../functions/src/services/login-locations';
import { api } from '../support/api';
import { entities, jwtSecretArn } from '../support/aws';
import { anotherPremiumCustomer, seedMember, tokenOf } from '../support/customers';
import { testEnvironment } from '../support/environment';
import { meteredUnits } from '../support/usage-units';

/**
 * The renewal's locations stamp (issue 43): `auto_login` with the stamp of the tree a browser holds
 * says "unchanged" from the customer's locations stamp and the user's rights, without reading the
 * customer's locations; every writer of a location, and a change of the user's rights, gives
 * another stamp, and the renewal then sends the tree as it now is.
 */

/** Sites of the customer beside those the tests write: their list is what a renewal must not read. */
const SITES = 200;

let customerId: string;
let adminToken: string;
let memberToken: string;
let memberId: string;
let memberEmail: string;
let region: Location;

const setEnvironment = async () => {
  const environment = testEnvironment();
  Object.assign(process.env, awsEnvironment(environment.endpoint), {
    ENTITIES_TABLE: environment.entitiesTable,
    SERIES_TABLE: environment.seriesTable,
    JWT_SECRET_ARN: await jwtSecretArn(),
  });
};

/**
 * As if the stamp had last moved longer ago than the settling time of the index the locations are
 * read from (a tree read sooner is named by its own digest, see login-locations.ts).
 */
const settle = () => entities.set(keys.locationsStamp(customerId), { moved_at: Date.now() - LOCATIONS_STAMP_SETTLE_MS - 1_000 });

const renew = async (token: string, locations_stamp?: string): Promise<RenewedPayload> => {
  const answer = await api<RenewedPayload>('POST', '/api/v1/users/auto_login', { body: { token, ...(locations_stamp === undefined ? {} : { locations_stamp }) } });
  expect(answer.status).toBe(200);
  return answer.body.data!;
};

const whole = (payload: RenewedPayload): LoginPayload => {
  expect(payload).not.toHaveProperty('locations_unchanged');
  return payload as LoginPayload;
};

/** The stamp a settled renewal gives, which names the tree by the locations' stamp and the user's rights. */
const settledStamp = async (token: string): Promise<string> => {
  await settle();
  const { locations_stamp } = whole(await renew(token));
  expect(locations_stamp).toMatch(/^v\d+\./);
  return locations_stamp;
};

/** After `write`, a renewal with the stamp held before it sends the tree again, under another stamp; the tree as it now is. */
const renewedAfter = async (write: () => Promise<unknown>, token = adminToken): Promise<LoginPayload> => {
  const held = await settledStamp(token);
  await write();
  const renewed = whole(await renew(token, held));
  expect(renewed.locations_stamp).not.toBe(held);
  return renewed;
};

const ids = (payload: LoginPayload) => payload.locations_flattened.map((location) => location._id);
const node = (payload: LoginPayload, id: string) => payload.locations_flattened.find((location) => location._id === id);

beforeAll(async () => {
  await setEnvironment();
  ({ customerId, token: adminToken } = await anotherPremiumCustomer());
  const created = await api<Location>('POST', '/api/v2/locations', { token: adminToken, body: { name: 'Région Nord', parent: null } });
  expect(created.status).toBe(200);
  region = created.body.data!;
  const { putLocations } = await import('../../functions/src/data/location-repository');
  await putLocations(Array.from({ length: SITES }, (_, index) => seedLocation(customerId, `loc-${randomUUID()}`, `Site ${index}`, region._id, index, { address: `${index} rue de Lille, 59000 Lille` })));
  const member = await seedMember(customerId);
  memberToken = await tokenOf(member);
  const users = await api<User[]>('GET', '/api/v1/users', { token: adminToken });
  memberEmail = member.email;
  memberId = users.body.data!.find((user) => user.email === member.email)!._id;
}, 60_000);

describe('a renewal of the tree a client holds (issue 43)', () => {
  it('says it is unchanged from the stamp and the rights, without reading the locations', async () => {
    const held = await settledStamp(adminToken);
    const renewed = await renew(adminToken, held);
    expect(renewed).toMatchObject({ locations_unchanged: true, locations_stamp: held });
    expect(renewed).not.toHaveProperty('locations');

    const { autoLogin } = await import('../../functions/src/services/session-service');
    const { listLocationsOfCustomer } = await import('../../functions/src/data/location-repository');
    const list = await meteredUnits(() => listLocationsOfCustomer(customerId));
    // A first run in this process fills what a warm function keeps (the licence, the system's settings): not counted.
    await autoLogin({ token: adminToken, locations_stamp: held });
    const unchanged = await meteredUnits(() => autoLogin({ token: adminToken, locations_stamp: held }));
    const sent = await meteredUnits(() => autoLogin({ token: adminToken }));
    expect(unchanged.result).toHaveProperty('locations_unchanged', true);
    expect(sent.result).toHaveProperty('locations_flattened');
    // The whole renewal reads what the held one does (user, customer, rights, users, the stamp) and the list of 201 locations.
    const figures = `renewal ${unchanged.rcu} RCU held, ${sent.rcu} sent; the list ${list.rcu}`;
    expect(list.rcu, figures).toBeGreaterThan(2);
    expect(sent.rcu - unchanged.rcu, figures).toBeGreaterThanOrEqual(list.rcu - 0.5);
  });

  it('is sent again after each kind of location write, and for a member after a change of their rights', async () => {
    const siteOf = async (name: string) => {
      const answer = await api<Location>('POST', '/api/v2/locations', { token: adminToken, body: { name, parent: region._id } });
      expect(answer.status).toBe(200);
      return answer.body.data!;
    };
    let site!: Location;
    const created = await renewedAfter(async () => {
      site = await siteOf('Site créé');
    });
    expect(ids(created)).toContain(site._id);

    const updated = await renewedAfter(async () => expect((await api('PUT', '/api/v2/locations', { token: adminToken, body: { _id: site._id, name: 'Site renommé', parent: region._id } })).status).toBe(200));
    expect(node(updated, site._id)?.name).toBe('Site renommé');

    const moved = await renewedAfter(async () => expect((await api('PUT', '/api/v2/locations/position', { token: adminToken, body: { locations: [site._id], parent_id: null } })).status).toBe(200));
    expect(node(moved, site._id)?.parent).toBeNull();

    const levels = [
      { level: 'success', operation: 'lte', value: 1 },
      { level: 'danger', operation: 'gt', value: 1 },
    ];
    const mapped = await renewedAfter(async () =>
      expect((await api('PUT', `/api/v1/locations/maplytics_settings/${site._id}`, { token: adminToken, body: { maplytics_custom_settings: { levels } } })).status).toBe(200),
    );
    expect(mapped.locations.find((location) => location._id === site._id)?.maplytics_custom_settings).toEqual({ levels });

    const deleted = await renewedAfter(async () => expect((await api('DELETE', `/api/v1/locations/${site._id}`, { token: adminToken })).status).toBe(200));
    expect(ids(deleted)).not.toContain(site._id);

    // The seeds' and imports' bulk put, and the deploy's migration giving a location written before the list its entry.
    const { listLocations, putLocations } = await import('../../functions/src/data/location-repository');
    const seeded = seedLocation(customerId, `loc-${randomUUID()}`, 'Site importé', region._id, SITES);
    expect(ids(await renewedAfter(() => putLocations([seeded])))).toContain(seeded._id);
    const unlisted = seedLocation(customerId, `loc-${randomUUID()}`, 'Site d\'avant la liste', null, 1);
    await entities.put({ ...keys.location(customerId, unlisted._id), kind: 'location', ...unlisted });
    expect(ids(await renewedAfter(() => listLocations(customerId, [unlisted._id])))).toContain(unlisted._id);

    // The member's rights: their visible tree is another, and so is its stamp, without any location written.
    const limited = await renewedAfter(async () => {
      const answer = await api('PUT', '/api/v1/users', {
        token: adminToken,
        body: { _id: memberId, first_name: 'Test', last_name: 'Member', email: memberEmail, type: 'member', allowed_locations: [seeded._id] },
      });
      expect(answer.status).toBe(200);
    }, memberToken);
    expect(ids(limited)).toEqual([region._id, seeded._id]);
    expect(node(limited, region._id)?.clickable).toBe(false);
  });

  it('names a tree read within the stamp\'s settling time by its digest, still unchanged for a client that holds it', async () => {
    const { putLocations } = await import('../../functions/src/data/location-repository');
    await putLocations([seedLocation(customerId, `loc-${randomUUID()}`, 'Site récent', region._id, SITES + 1)]);
    const fresh = whole(await renew(adminToken));
    expect(fresh.locations_stamp).not.toMatch(/^v\d+\./);
    expect(await renew(adminToken, fresh.locations_stamp)).toMatchObject({ locations_unchanged: true, locations_stamp: fresh.locations_stamp });
  });
});
