import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@shared/schemas/user';
import type { Registration } from '@shared/schemas/user-admin';
import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from '@shared/network/edge-headers';
import { DEFAULT_ABUSE_LIMITS, throttleSubjectOf, windowOf, type ThrottledAction } from '@shared/users/abuse-limits';
import { keys } from '../../functions/src/data/keys';
import { api, login, type ApiAnswer } from '../support/api';
import { entities, originSecret } from '../support/aws';
import { testEnvironment } from '../support/environment';
import { awaitMailsTo, mailsTo, passwordLinkTokenOf } from '../support/mail';

/**
 * The public account routes' abuse limits against the deployed API (the test deployment keeps the
 * default limits). The emulator's API Gateway takes a request's source address from its
 * X-Forwarded-For header (AWS's takes the connection's), so each test speaks from addresses of
 * its own: random IPv6 /64 networks, which the limits count as one address each. Behind the edge
 * (CloudFront, or the local web server that plays it) a request is counted for the viewer address
 * the edge names, which the API believes only beside the deployment's origin secret.
 */

const randomNetwork = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
const freshAddress = () => `${randomNetwork()}::1`;
const from = (address: string) => ({ 'X-Forwarded-For': address });
const uniqueAddress = (who: string) => `${who}-${randomUUID().slice(0, 8)}@wattwise-abuse.example`;
const limitOf = (action: ThrottledAction) => DEFAULT_ABUSE_LIMITS[action].address!;

const signIn = (email: string, password: string, address: string, headers: Record<string, string> = {}) =>
  api('POST', '/api/v1/users/authenticate', { body: { user: { email, password, remember: false } }, headers: { ...from(address), ...headers } });

/** Windows are fixed: a run that would straddle two waits for the next one, so that its tries all count in one. */
const roomInWindow = async (action: ThrottledAction, neededSeconds: number): Promise<void> => {
  const now = Date.now() / 1000;
  const { end } = windowOf(Math.floor(now), limitOf(action).windowSeconds);
  if (end - now < neededSeconds) await new Promise((resolve) => setTimeout(resolve, (end - now + 1) * 1000));
};

const triesCounted = async (action: ThrottledAction, address: string) => {
  const { start } = windowOf(Math.floor(Date.now() / 1000), limitOf(action).windowSeconds);
  return (await entities.get(keys.throttleWindow(action, 'address', throttleSubjectOf(address), start)))?.tries;
};

let premiumAdmin: string;
let root: string;
const madeUsers: string[] = [];
const madeRegistrations: string[] = [];

beforeAll(async () => {
  premiumAdmin = (await login('premiumAdministrator')).user.jwt;
  root = (await login('root')).user.jwt;
});

afterAll(async () => {
  for (const id of madeUsers) await api('DELETE', `/api/v1/users/${id}`, { token: premiumAdmin });
  for (const id of madeRegistrations) await api('DELETE', `/api/v1/registrations/${id}`, { token: root });
});

/** A member of the premium customer, invited by e-mail (the invitation carries a password link). */
const invitedMember = async (): Promise<{ user: User; token: string }> => {
  const answer = await api<User>('POST', '/api/v1/users', {
    token: premiumAdmin,
    body: { first_name: 'Inès', last_name: 'Limite', email: uniqueAddress('member'), type: 'member', allowed_locations: ['loc-grenoble'] },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  madeUsers.push(answer.body.data!._id);
  const [invitation] = await awaitMailsTo(answer.body.data!.email);
  return { user: answer.body.data!, token: passwordLinkTokenOf(invitation)! };
};

const pendingRegistrations = async () => (await api<Registration[]>('GET', '/api/v1/registrations', { token: root })).body.data!;

describe('sign-in', () => {
  it('refuses an address after its failed tries, even with the right password, writing nothing; another address signs in', { timeout: 120_000 }, async () => {
    const limit = limitOf('sign_in');
    const network = randomNetwork();
    const [attacker, neighbour, other] = [`${network}::1`, `${network}::beef`, freshAddress()];
    const { email, password } = testEnvironment().accounts.basicMember;
    await roomInWindow('sign_in', 60);
    // Each try on another e-mail: the account limit of any one of them is never reached.
    for (let attempt = 0; attempt < limit.count; attempt += 1) {
      expect((await signIn(uniqueAddress('nobody'), 'not-the-password', attacker)).body.msg).toBe('bad_credentials');
    }
    const accountBefore = await entities.get(keys.loginAttempts(email));

    const refused = await signIn(email, password, attacker);
    expect(refused).toMatchObject({ status: 429, body: { res: false, msg: 'too_many_attempts', data: { retry_after: expect.any(Number) } } });
    expect((await signIn(email, password, neighbour)).body.msg).toBe('too_many_attempts');
    expect(await triesCounted('sign_in', attacker)).toBe(limit.count);
    expect(await entities.get(keys.loginAttempts(email))).toEqual(accountBefore);

    const elsewhere = await signIn(email, password, other);
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
  });

  it('gives a successful sign-in its try back', async () => {
    const address = freshAddress();
    const { email, password } = testEnvironment().accounts.premiumMember;
    await roomInWindow('sign_in', 10);
    expect((await signIn(uniqueAddress('nobody'), 'not-the-password', address)).status).toBe(401);
    expect((await signIn(email, password, address)).status).toBe(200);
    expect(await triesCounted('sign_in', address)).toBe(1);
  });
});

describe('forgot-password', () => {
  const ask = (email: string, address: string) => api('POST', '/api/v1/users/forgot-password', { body: { email }, headers: from(address) });

  it('refuses an address after its requests, sending nothing; another address is answered and the link sent', { timeout: 120_000 }, async () => {
    const limit = limitOf('forgot_password');
    const { user } = await invitedMember();
    const [attacker, other] = [freshAddress(), freshAddress()];
    await roomInWindow('forgot_password', 120);
    for (let request = 0; request < limit.count; request += 1) {
      expect(await ask(uniqueAddress('nobody'), attacker)).toEqual({ status: 200, body: { res: true, data: { acknowledged: true } } });
    }
    expect(await ask(user.email, attacker)).toMatchObject({ status: 429, body: { res: false, msg: 'too_many_requests' } });
    expect(await triesCounted('forgot_password', attacker)).toBe(limit.count);
    expect(await mailsTo(user.email)).toHaveLength(1);

    expect(await ask(user.email, other)).toEqual({ status: 200, body: { res: true, data: { acknowledged: true } } });
    const mails = await awaitMailsTo(user.email, 2);
    expect(mails.at(-1)!.Subject).toMatch(/Réinitialisation|reset/i);
  });

  it('answers a known and an unknown e-mail alike, after the same minimum time', async () => {
    const { email } = testEnvironment().accounts.premiumMember;
    const address = freshAddress();
    const timed = async (target: string): Promise<[ApiAnswer, number]> => {
      const started = Date.now();
      const answer = await ask(target, address);
      return [answer, Date.now() - started];
    };
    const [[known, knownMs], [unknown, unknownMs]] = [await timed(email), await timed(uniqueAddress('nobody'))];
    expect(unknown).toEqual(known);
    expect(knownMs).toBeGreaterThanOrEqual(600);
    expect(unknownMs).toBeGreaterThanOrEqual(600);
    expect(Math.abs(knownMs - unknownMs)).toBeLessThan(500);
  });
});

describe('register', () => {
  const form = (email: string) => ({ email, first_name: 'Inès', last_name: 'Moreau', password: 'Register-1', password_confirm: 'Register-1', terms: true });
  const registerFrom = (email: string, address: string) => api('POST', '/api/v1/users/register', { body: form(email), headers: from(address) });
  const noteMade = async (emails: string[]) => {
    for (const registration of await pendingRegistrations()) if (emails.includes(registration.email)) madeRegistrations.push(registration._id);
  };

  it('refuses an address after its requests, storing nothing; another address registers', { timeout: 120_000 }, async () => {
    const limit = limitOf('register');
    const [attacker, other] = [freshAddress(), freshAddress()];
    const emails = Array.from({ length: limit.count }, () => uniqueAddress('reg'));
    await roomInWindow('register', 120);
    for (const email of emails) expect((await registerFrom(email, attacker)).status).toBe(200);
    const refusedEmail = uniqueAddress('reg');
    expect(await registerFrom(refusedEmail, attacker)).toMatchObject({ status: 429, body: { res: false, msg: 'too_many_requests' } });
    expect(await triesCounted('register', attacker)).toBe(limit.count);
    expect((await pendingRegistrations()).map((registration) => registration.email)).not.toContain(refusedEmail);

    expect(await registerFrom(refusedEmail, other)).toEqual({ status: 200, body: { res: true, data: { acknowledged: true } } });
    const pending = (await pendingRegistrations()).map((registration) => registration.email);
    expect(pending).toContain(refusedEmail);
    expect(pending).toEqual(expect.arrayContaining(emails));
    await noteMade([...emails, refusedEmail]);
  });

  it('answers a known and a new e-mail alike, after the same minimum time', async () => {
    const address = freshAddress();
    const timed = async (email: string): Promise<[ApiAnswer, number]> => {
      const started = Date.now();
      const answer = await registerFrom(email, address);
      return [answer, Date.now() - started];
    };
    const newEmail = uniqueAddress('reg');
    const [[known, knownMs], [fresh, freshMs]] = [await timed(testEnvironment().accounts.premiumMember.email), await timed(newEmail)];
    await noteMade([newEmail]);
    expect(fresh).toEqual(known);
    expect(knownMs).toBeGreaterThanOrEqual(1000);
    expect(freshMs).toBeGreaterThanOrEqual(1000);
    expect(Math.abs(knownMs - freshMs)).toBeLessThan(500);
  });
});

describe('password links', () => {
  const setPassword = (token: string, password: string, address: string) =>
    api<{ email: string }>('POST', '/api/v1/users/set-password', { body: { token, password, password_confirm: password }, headers: from(address) });

  it('refuses an address after its wrong links, leaving a good link usable; another address uses it', { timeout: 120_000 }, async () => {
    const limit = limitOf('set_password');
    const { user, token } = await invitedMember();
    const [attacker, other] = [freshAddress(), freshAddress()];
    await roomInWindow('set_password', 60);
    for (let attempt = 0; attempt < limit.count; attempt += 1) {
      expect((await setPassword(randomBytes(32).toString('base64url'), 'Guess-123', attacker)).body.msg).toBe('password_link_invalid');
    }
    expect(await setPassword(token, 'Chosen-123', attacker)).toMatchObject({ status: 429, body: { res: false, msg: 'too_many_attempts' } });
    expect(await entities.get(keys.passwordLink(createHash('sha256').update(token).digest('hex')))).toBeDefined();

    expect(await setPassword(token, 'Chosen-123', other)).toMatchObject({ status: 200, body: { data: { email: user.email } } });
    expect((await signIn(user.email, 'Chosen-123', other)).status).toBe(200);
  });
});

describe('the address counted behind the edge', () => {
  const randomIpv4 = () => `203.0.113.${1 + randomBytes(1)[0] % 254}`;
  const failedSignIn = async (source: string, headers: Record<string, string>) =>
    expect((await signIn(uniqueAddress('nobody'), 'not-the-password', source, headers)).status).toBe(401);

  it('counts a request straight to the API for its source, whatever viewer address it names without the origin secret', async () => {
    const [source, named, alsoNamed] = [freshAddress(), freshAddress(), randomIpv4()];
    await roomInWindow('sign_in', 20);
    await failedSignIn(source, { [VIEWER_ADDRESS_HEADER]: `[${named}]:443` });
    await failedSignIn(source, { [VIEWER_ADDRESS_HEADER]: `${alsoNamed}:443`, [ORIGIN_SECRET_HEADER]: 'a-guessed-origin-secret' });
    await failedSignIn(source, { [VIEWER_ADDRESS_HEADER]: `${alsoNamed}:443`, [ORIGIN_SECRET_HEADER]: `${await originSecret()}x` });
    expect(await triesCounted('sign_in', source)).toBe(3);
    expect(await triesCounted('sign_in', named)).toBeUndefined();
    expect(await triesCounted('sign_in', alsoNamed)).toBeUndefined();
  });

  it('counts a request that carries the origin secret for the viewer address it names, not for its source', async () => {
    const secret = await originSecret();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const [source, viewer, viewerV6] = [freshAddress(), randomIpv4(), freshAddress()];
    await roomInWindow('sign_in', 20);
    await failedSignIn(source, { [VIEWER_ADDRESS_HEADER]: `${viewer}:51234`, [ORIGIN_SECRET_HEADER]: secret });
    await failedSignIn(source, { [VIEWER_ADDRESS_HEADER]: `[${viewerV6}]:443`, [ORIGIN_SECRET_HEADER]: secret });
    expect(await triesCounted('sign_in', viewer)).toBe(1);
    expect(await triesCounted('sign_in', viewerV6)).toBe(1);
    expect(await triesCounted('sign_in', source)).toBeUndefined();
  });

  it('counts a request through the local web server for the address it came from, whatever the viewer sent', async () => {
    // The web server, like CloudFront, writes its own origin secret and viewer address over the viewer's.
    const [forwardedFor, named] = [freshAddress(), freshAddress()];
    await roomInWindow('forgot_password', 20);
    const before = (await triesCounted('forgot_password', '127.0.0.1')) ?? 0;
    const answer = await fetch(`${testEnvironment().webUrl}/api/v1/users/forgot-password`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...from(forwardedFor),
        [VIEWER_ADDRESS_HEADER]: `[${named}]:443`,
        [ORIGIN_SECRET_HEADER]: 'a-guessed-origin-secret',
      },
      body: JSON.stringify({ email: uniqueAddress('nobody') }),
    });
    expect(answer.status).toBe(200);
    // Other files may ask through the web server at the same time: counted once at least, and never for an address the viewer named.
    expect(await triesCounted('forgot_password', '127.0.0.1')).toBeGreaterThan(before);
    expect(await triesCounted('forgot_password', named)).toBeUndefined();
    expect(await triesCounted('forgot_password', forwardedFor)).toBeUndefined();
  });
});
