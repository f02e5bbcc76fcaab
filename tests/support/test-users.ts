import { randomUUID } from 'node:crypto';
import { api, login, type AccountName } from './api';
import { entities } from './aws';
import { eventually } from './eventually';

export interface TestUser {
  _id: string;
  email: string;
  password: string;
  customer: string | null;
  key: { PK: string; SK: string };
}

/**
 * A user made for one test file, stored as users were before the profile existed (no language, no
 * preferences), so tests never change the demo accounts. A null customer makes a super user.
 */
export const createTestUser = async (customer: string | null, options: { role?: 'member' | 'administrator' | 'super_administrator'; firstName?: string } = {}): Promise<TestUser> => {
  const { hashPassword } = await import('../../functions/src/services/password-hasher');
  const suffix = randomUUID().slice(0, 8);
  const _id = `usr-test-${suffix}`;
  const email = `profile-${suffix}@energie-plus.example`;
  const password = `pw-${suffix}`;
  const role = options.role ?? (customer ? 'member' : 'super_administrator');
  const key = customer ? { PK: `C#${customer}`, SK: `USER#${_id}` } : { PK: 'SU', SK: `USER#${_id}` };
  await entities.put({
    ...key,
    GSI1PK: `EMAIL#${email}`,
    GSI1SK: 'USER',
    kind: 'user',
    _id,
    first_name: options.firstName ?? 'Paule',
    last_name: 'Profil',
    email,
    type: role,
    internal_role: role,
    is_root: false,
    customer,
    picture: '/img/avatars/male.svg',
    allowed_locations: 'view',
    last_notification_read: null,
    password_hash: await hashPassword(password),
  });
  // Its entry in the customer's list of users, as a save writes it (a super user has none).
  if (customer) await entities.put({ PK: `C#${customer}#USERS`, SK: `USER#${_id}`, kind: 'user-entry', user: _id });
  return { _id, email, password, customer, key };
};

/**
 * Puts a demo account's language back to French after a test switched the interface to English in
 * the header (which stores the choice on the profile): later files sign in expecting French. The
 * header's save may still be on its way, so it is awaited first (a few seconds at most); when none
 * comes (the test stopped before it switched), French is written all the same.
 */
export const restoreDemoLanguage = async (account: AccountName): Promise<void> => {
  await eventually(async () => (await login(account)).user.language, (language) => language !== 'fr', 5_000).catch(() => undefined);
  const token = (await login(account)).user.jwt;
  const answer = await api('PUT', '/api/v1/users/profile', { token, body: { language: 'fr' } });
  if (answer.status !== 200) throw new Error(`The language of ${account} could not be restored: ${JSON.stringify(answer.body)}`);
};
