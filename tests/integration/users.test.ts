import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginPayload } from '@shared/schemas/session';
import type { User } from '@shared/schemas/user';
import type { Registration } from '@shared/schemas/user-admin';
import { keys } from '../../functions/src/data/keys';
import { api, login } from '../support/api';
import { entities } from '../support/aws';
import { testEnvironment } from '../support/environment';
import { eventually } from '../support/eventually';
import { awaitMailsTo, mailsTo, passwordLinkTokenOf } from '../support/mail';

const uniqueAddress = (who = 'user') => `${who}-${randomUUID().slice(0, 8)}@wattwise-users.example`;

const signIn = (email: string, password: string) => api<LoginPayload>('POST', '/api/v1/users/authenticate', { body: { user: { email, password, remember: false } } });

const member = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Camille',
  last_name: 'Durand',
  email: uniqueAddress(),
  type: 'member',
  allowed_locations: ['loc-lyon-b', 'loc-grenoble'],
  ...overrides,
});

let premiumAdmin: LoginPayload;
let basicAdmin: LoginPayload;
let premiumMember: LoginPayload;
let superUser: LoginPayload;
let root: LoginPayload;
/** Users this file made, deleted after it so that later files find the lists as they were. */
const made: { id: string; su: boolean; token: () => string }[] = [];

const createMember = async (overrides: Record<string, unknown> = {}, token = premiumAdmin.user.jwt) => {
  const answer = await api<User>('POST', '/api/v1/users', { token, body: member(overrides) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  made.push({ id: answer.body.data!._id, su: false, token: () => token });
  return answer.body.data!;
};

/** The link e-mailed to a new user, used to choose a password. */
const choosePassword = async (email: string, password: string) => {
  const [mail] = await awaitMailsTo(email);
  const token = passwordLinkTokenOf(mail)!;
  return api<{ email: string }>('POST', '/api/v1/users/set-password', { body: { token, password, password_confirm: password } });
};

beforeAll(async () => {
  [premiumAdmin, basicAdmin, premiumMember, superUser, root] = await Promise.all([
    login('premiumAdministrator'),
    login('basicAdministrator'),
    login('premiumMember'),
    login('super'),
    login('root'),
  ]);
});

afterAll(async () => {
  for (const user of made) {
    await api('DELETE', `/api/v1/${user.su ? 'su' : 'users'}/${user.id}`, { token: user.token() });
  }
});

describe('customer users', () => {
  it('lets an administrator add a member limited to two locations, with an id made by the server', async () => {
    const created = await createMember({ _id: 'usr-chosen-by-client', email: uniqueAddress('Camille').toUpperCase() });
    expect(created._id).toMatch(/^usr-[0-9a-f-]{36}$/);
    expect(created.customer).toBe(testEnvironment().customers.premium);
    expect(created.allowed_locations).toEqual(['loc-lyon-b', 'loc-grenoble']);
    expect(created.email).toBe(created.email.toLowerCase());
    expect(created).not.toHaveProperty('password_hash');

    const listed = await api<User[]>('GET', '/api/v1/users', { token: premiumAdmin.user.jwt });
    expect(listed.body.data!.map((user) => user._id)).toContain(created._id);
    expect(listed.body.data!.every((user) => user.customer === testEnvironment().customers.premium)).toBe(true);
  });

  it('stores view for a member given every location, and for an administrator whatever was chosen', async () => {
    const locations = await api<{ _id: string }[]>('GET', '/api/v2/locations', { token: premiumAdmin.user.jwt });
    const all = JSON.stringify(locations.body.data).match(/loc-[\w-]+/g)!;
    const everything = await createMember({ allowed_locations: [...new Set(all)] });
    expect(everything.allowed_locations).toBe('view');
    const administrator = await createMember({ type: 'administrator', allowed_locations: ['loc-lyon-b'] });
    expect(administrator.allowed_locations).toBe('view');
  });

  it('refuses a member without any location of the customer, and writes nothing', async () => {
    const email = uniqueAddress();
    for (const allowed_locations of [[], ['loc-mairie'], undefined]) {
      const answer = await api('POST', '/api/v1/users', { token: premiumAdmin.user.jwt, body: member({ email, allowed_locations }) });
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toBe('locations_required');
    }
    expect((await signIn(email, 'whatever')).body.msg).toBe('bad_credentials');
    expect(await mailsTo(email)).toEqual([]);
  });

  it('refuses an e-mail already used anywhere in the product, whatever its case', async () => {
    const taken = [testEnvironment().accounts.basicMember.email.toUpperCase(), testEnvironment().accounts.super.email];
    for (const email of taken) {
      const answer = await api('POST', '/api/v1/users', { token: premiumAdmin.user.jwt, body: member({ email }) });
      expect(answer.status).toBe(409);
      expect(answer.body.msg).toBe('email_taken');
    }
    const first = await createMember();
    const second = await createMember();
    const moved = await api('PUT', '/api/v1/users', { token: premiumAdmin.user.jwt, body: { ...member(), _id: second._id, email: first.email } });
    expect(moved.status).toBe(409);
    expect(moved.body.msg).toBe('email_taken');
  });

  it('answers 404 for another customer\'s user, to read, change or delete', async () => {
    const theirs = await createMember();
    const token = basicAdmin.user.jwt;
    expect((await api('GET', `/api/v1/users/${theirs._id}`, { token })).status).toBe(404);
    expect((await api('PUT', '/api/v1/users', { token, body: { ...member({ allowed_locations: ['loc-mairie'] }), _id: theirs._id } })).status).toBe(404);
    expect((await api('DELETE', `/api/v1/users/${theirs._id}`, { token })).status).toBe(404);
    const still = await api<User>('GET', `/api/v1/users/${theirs._id}`, { token: premiumAdmin.user.jwt });
    expect(still.body.data!.email).toBe(theirs.email);
  });

  it('refuses members with 403', async () => {
    const token = premiumMember.user.jwt;
    expect((await api('GET', '/api/v1/users', { token })).body.msg).toBe('forbidden');
    const created = await api('POST', '/api/v1/users', { token, body: member() });
    expect(created.status).toBe(403);
    expect((await api('GET', '/api/v1/su', { token })).status).toBe(403);
  });

  it('keeps administrators from making super users and from deleting themselves', async () => {
    const token = premiumAdmin.user.jwt;
    const superUserAsked = await api('POST', '/api/v1/users', { token, body: member({ type: 'super_administrator' }) });
    expect(superUserAsked.status).toBe(403);
    expect(superUserAsked.body.msg).toBe('role_not_allowed');
    const someone = await createMember();
    const promoted = await api('PUT', '/api/v1/users', { token, body: { ...member({ email: someone.email, type: 'super_administrator' }), _id: someone._id } });
    expect(promoted.status).toBe(403);
    const self = await api('DELETE', `/api/v1/users/${premiumAdmin.user._id}`, { token });
    expect(self.status).toBe(409);
    expect(self.body.msg).toBe('cannot_delete_self');
    expect((await api('GET', '/api/v1/su', { token })).status).toBe(403);
  });

  it('lets root make a customer user a super user, who then leaves the customer\'s list', async () => {
    const someone = await createMember();
    const rootOnPremium = await login('root', { lastCustomer: testEnvironment().customers.premium });
    const promoted = await api<User>('PUT', '/api/v1/users', {
      token: rootOnPremium.user.jwt,
      body: { ...member({ email: someone.email, type: 'super_administrator' }), _id: someone._id },
    });
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    expect(promoted.body.data).toMatchObject({ type: 'super_administrator', customer: null, allowed_locations: 'view' });
    made.push({ id: someone._id, su: true, token: () => root.user.jwt });
    const supers = await api<User[]>('GET', '/api/v1/su', { token: root.user.jwt });
    expect(supers.body.data!.map((user) => user._id)).toContain(someone._id);
    expect((await api('GET', `/api/v1/users/${someone._id}`, { token: premiumAdmin.user.jwt })).status).toBe(404);
  });
});

describe('invitation link', () => {
  it('e-mails a new user a link that sets their password once, with no password in the e-mail', async () => {
    const created = await createMember();
    expect((await signIn(created.email, 'anything-1')).body.msg).toBe('bad_credentials');
    const [mail] = await awaitMailsTo(created.email);
    const token = passwordLinkTokenOf(mail);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(mail.BodyText).toMatch(new RegExp(`https?://\\S+/set-password/${token}`));
    expect(await entities.get(keys.passwordLink(token!))).toBeUndefined();

    const mismatch = await api('POST', '/api/v1/users/set-password', { body: { token, password: 'Secret-1', password_confirm: 'Secret-2' } });
    expect(mismatch.status).toBe(400);
    const short = await api('POST', '/api/v1/users/set-password', { body: { token, password: 'abc12', password_confirm: 'abc12' } });
    expect(short.status).toBe(400);

    const set = await api<{ email: string }>('POST', '/api/v1/users/set-password', { body: { token, password: 'Secret-1', password_confirm: 'Secret-1' } });
    expect(set.status).toBe(200);
    expect(set.body.data!.email).toBe(created.email);
    const session = await signIn(created.email, 'Secret-1');
    expect(session.status).toBe(200);
    expect(session.body.data!.locations_flattened.filter((location) => location.clickable).map((location) => location._id).sort()).toEqual(['loc-grenoble', 'loc-lyon-b']);

    const again = await api('POST', '/api/v1/users/set-password', { body: { token, password: 'Other-22', password_confirm: 'Other-22' } });
    expect(again.status).toBe(410);
    expect(again.body.msg).toBe('password_link_invalid');
    expect((await signIn(created.email, 'Other-22')).status).toBe(401);
  });

  it('refuses an expired link and leaves the password as it was', async () => {
    const created = await createMember();
    const token = randomBytes(32).toString('base64url');
    await entities.put({
      ...keys.passwordLink(createHash('sha256').update(token).digest('hex')),
      user: created._id,
      home: created.customer,
      purpose: 'invitation',
      expires_at: Math.floor(Date.now() / 1000) - 1,
    });
    const answer = await api('POST', '/api/v1/users/set-password', { body: { token, password: 'Secret-1', password_confirm: 'Secret-1' } });
    expect(answer.status).toBe(410);
    expect(answer.body.msg).toBe('password_link_invalid');
    expect((await signIn(created.email, 'Secret-1')).status).toBe(401);
  });

  it('stops a deleted user\'s session within seconds', async () => {
    const created = await createMember();
    expect((await choosePassword(created.email, 'Secret-1')).status).toBe(200);
    const session = (await signIn(created.email, 'Secret-1')).body.data!;
    const call = () => api('GET', '/api/v1/notifications/unread', { token: session.user.jwt });
    expect((await call()).status).toBe(200);
    expect((await api('DELETE', `/api/v1/users/${created._id}`, { token: premiumAdmin.user.jwt })).status).toBe(200);
    const after = await eventually(call, (answer) => answer.status === 401, 25_000);
    expect(after.status).toBe(401);
    expect((await signIn(created.email, 'Secret-1')).body.msg).toBe('bad_credentials');
  });
});

describe('super users', () => {
  it('lets a super user add a super user, and only root make a root administrator', async () => {
    const email = uniqueAddress('super');
    const created = await api<User>('POST', '/api/v1/su', {
      token: superUser.user.jwt,
      body: { first_name: 'Sacha', last_name: 'Leroy', email, type: 'super_administrator' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const user = created.body.data!;
    made.push({ id: user._id, su: true, token: () => root.user.jwt });
    expect(user).toMatchObject({ type: 'super_administrator', customer: null, is_root: false, allowed_locations: 'view' });
    expect(passwordLinkTokenOf((await awaitMailsTo(email))[0])).not.toBeNull();

    const asRootBySuper = await api('PUT', '/api/v1/su', { token: superUser.user.jwt, body: { first_name: 'Sacha', last_name: 'Leroy', email, type: 'root_administrator', _id: user._id } });
    expect(asRootBySuper.status).toBe(403);
    const rootAdd = await api('POST', '/api/v1/su', { token: root.user.jwt, body: { first_name: 'R', last_name: 'R', email: uniqueAddress(), type: 'root_administrator' } });
    expect(rootAdd.status).toBe(403);
    const asRootByRoot = await api<User>('PUT', '/api/v1/su', { token: root.user.jwt, body: { first_name: 'Sacha', last_name: 'Leroy', email, type: 'root_administrator', _id: user._id } });
    expect(asRootByRoot.status).toBe(200);
    expect(asRootByRoot.body.data!.type).toBe('root_administrator');
    expect((await api('DELETE', `/api/v1/su/${user._id}`, { token: superUser.user.jwt })).status).toBe(403);

    const read = await api<User>('GET', `/api/v1/su/${user._id}`, { token: superUser.user.jwt });
    expect(read.body.data!.email).toBe(email);
    expect((await api('GET', `/api/v1/su/${premiumAdmin.user._id}`, { token: superUser.user.jwt })).status).toBe(404);
  });

  it('keeps the refresh of the user lists to root', async () => {
    expect((await api('GET', '/api/v1/application/update-users', { token: superUser.user.jwt })).status).toBe(403);
    expect((await api('GET', '/api/v1/application/update-users', { token: root.user.jwt })).status).toBe(200);
  });
});

describe('forgotten password', () => {
  const ask = (email: string) => api('POST', '/api/v1/users/forgot-password', { body: { email } });

  it('answers the same for an unknown e-mail and e-mails a one-hour link to a known one', async () => {
    const created = await createMember();
    expect((await choosePassword(created.email, 'Secret-1')).status).toBe(200);
    const unknown = uniqueAddress('nobody');
    const [known, notKnown] = [await ask(created.email), await ask(unknown)];
    expect(notKnown).toEqual(known);
    expect(known).toEqual({ status: 200, body: { res: true, data: { acknowledged: true } } });
    expect(await mailsTo(unknown)).toEqual([]);

    const mails = await awaitMailsTo(created.email, 2);
    const token = passwordLinkTokenOf(mails.find((mail) => mail.Subject.includes('Réinitialisation'))!)!;
    const link = await entities.get(keys.passwordLink(createHash('sha256').update(token).digest('hex')));
    expect(Number(link!.expires_at) - Date.now() / 1000).toBeLessThanOrEqual(3600);
    expect(Number(link!.expires_at) - Date.now() / 1000).toBeGreaterThan(3500);
    expect((await api('POST', '/api/v1/users/set-password', { body: { token, password: 'Renewed-9', password_confirm: 'Renewed-9' } })).status).toBe(200);
    expect((await signIn(created.email, 'Renewed-9')).status).toBe(200);
    expect((await signIn(created.email, 'Secret-1')).status).toBe(401);
  });

  it('sends no more than three links an hour to one address, answering alike', async () => {
    const created = await createMember();
    await awaitMailsTo(created.email);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await ask(created.email)).status).toBe(200);
    // Each answer comes after its e-mail left: the invitation and three links, no more.
    expect(await mailsTo(created.email)).toHaveLength(4);
  });
});

describe('registration', () => {
  const form = (email: string) => ({ email, first_name: 'Inès', last_name: 'Moreau', password: 'Register-1', password_confirm: 'Register-1', terms: true });

  it('refuses a form without the terms accepted or with a different confirmation', async () => {
    const email = uniqueAddress('reg');
    expect((await api('POST', '/api/v1/users/register', { body: { ...form(email), terms: false } })).status).toBe(400);
    expect((await api('POST', '/api/v1/users/register', { body: { ...form(email), password_confirm: 'Register-2' } })).status).toBe(400);
    const pending = await api<Registration[]>('GET', '/api/v1/registrations', { token: superUser.user.jwt });
    expect(pending.body.data!.map((registration) => registration.email)).not.toContain(email);
  });

  it('creates nothing usable until a super user accepts it into a customer', async () => {
    const email = uniqueAddress('reg');
    const registered = await api('POST', '/api/v1/users/register', { body: form(email) });
    expect(registered).toEqual({ status: 200, body: { res: true, data: { acknowledged: true } } });
    const before = await signIn(email, 'Register-1');
    expect(before.status).toBe(401);
    expect(before.body.msg).toBe('bad_credentials');

    expect((await api('GET', '/api/v1/registrations', { token: basicAdmin.user.jwt })).status).toBe(403);
    const pending = await api<Registration[]>('GET', '/api/v1/registrations', { token: superUser.user.jwt });
    const registration = pending.body.data!.find((candidate) => candidate.email === email)!;
    expect(registration).toMatchObject({ first_name: 'Inès', last_name: 'Moreau' });
    expect(registration).not.toHaveProperty('password_hash');

    const accepted = await api<User>('POST', `/api/v1/registrations/${registration._id}/accept`, {
      token: superUser.user.jwt,
      body: { customer: testEnvironment().customers.basic, type: 'member', allowed_locations: ['loc-mairie'] },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    made.push({ id: accepted.body.data!._id, su: false, token: () => basicAdmin.user.jwt });
    expect(accepted.body.data).toMatchObject({ email, customer: testEnvironment().customers.basic, allowed_locations: ['loc-mairie'] });
    const [mail] = await awaitMailsTo(email);
    expect(mail.BodyText).toContain('/login');

    const after = await signIn(email, 'Register-1');
    expect(after.status).toBe(200);
    expect(after.body.data!.customer._id).toBe(testEnvironment().customers.basic);
    const twice = await api('POST', `/api/v1/registrations/${registration._id}/accept`, {
      token: superUser.user.jwt,
      body: { customer: testEnvironment().customers.basic, type: 'member', allowed_locations: ['loc-mairie'] },
    });
    expect(twice.status).toBe(404);
  });

  it("tells the system configuration's administrators' addresses that a registration waits", async () => {
    const previous = (await api<unknown>('GET', '/api/v1/system_config', { token: root.user.jwt })).body.data;
    const administrator = uniqueAddress('admins');
    try {
      const set = await api('PUT', '/api/v1/system_config', {
        token: root.user.jwt,
        body: { administrators_email: [{ email: administrator }], only_custom_administrators_email: true },
      });
      expect(set.status).toBe(200);
      const email = uniqueAddress('reg');
      await api('POST', '/api/v1/users/register', { body: form(email) });
      // Registrations made by files running at the same time reach the same address: this one's notice is the one naming its e-mail.
      const notices = await eventually(() => mailsTo(administrator), (mails) => mails.some((mail) => mail.BodyText.includes(email)), 15_000);
      const notice = notices.find((mail) => mail.BodyText.includes(email));
      expect(notice?.BodyText).toContain('/settings/su');
      expect(await mailsTo(testEnvironment().accounts.super.email)).not.toContainEqual(expect.objectContaining({ BodyText: expect.stringContaining(email) }));
    } finally {
      await api('PUT', '/api/v1/system_config', { token: root.user.jwt, body: previous });
    }
  });

  it('answers a registration of a known e-mail alike, and keeps nothing of it', async () => {
    const { email } = testEnvironment().accounts.premiumMember;
    const answer = await api('POST', '/api/v1/users/register', { body: form(email) });
    expect(answer).toEqual({ status: 200, body: { res: true, data: { acknowledged: true } } });
    const pending = await api<Registration[]>('GET', '/api/v1/registrations', { token: root.user.jwt });
    expect(pending.body.data!.map((registration) => registration.email)).not.toContain(email);
  });

  it('lets root refuse a registration', async () => {
    const email = uniqueAddress('reg');
    await api('POST', '/api/v1/users/register', { body: form(email) });
    const pending = await api<Registration[]>('GET', '/api/v1/registrations', { token: root.user.jwt });
    const registration = pending.body.data!.find((candidate) => candidate.email === email)!;
    expect((await api('DELETE', `/api/v1/registrations/${registration._id}`, { token: root.user.jwt })).status).toBe(200);
    const left = await api<Registration[]>('GET', '/api/v1/registrations', { token: root.user.jwt });
    expect(left.body.data!.map((candidate) => candidate.email)).not.toContain(email);
  });
});
