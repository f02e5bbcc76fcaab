import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PERMISSIONS } from '@shared/permissions/default-permissions';
import { api, login } from '../support/api';
import { entities } from '../support/aws';
import { createTestCustomer, seedMember, tokenOf } from '../support/customers';
import { testEnvironment } from '../support/environment';
import { eventually } from '../support/eventually';

/**
 * What a customer's users may do follows the customer's own standing and permission map, read
 * again within a minute: no token has to expire for a change to take effect, and one customer's
 * change never reaches another. The customer that changes is the test's own: the demo customers are
 * read by files running at the same time.
 */
let basicCustomer: string;
const basic = () => basicCustomer;
const premium = () => testEnvironment().customers.premium;
const MINUTE = 60_000;

let basicMember: string;
let premiumMember: string;

const ingestStatus = async (token: string) =>
  (await api('POST', '/api/v1/data', { token, body: { data: [] } })).status;

beforeAll(async () => {
  basicCustomer = (await createTestCustomer((await login('root')).user.jwt))._id;
  basicMember = await tokenOf(await seedMember(basicCustomer));
  premiumMember = (await login('premiumMember')).user.jwt;
});

describe('a customer\'s permission map', () => {
  it('applies to that customer\'s users only, without signing in again', async () => {
    const { 'app.manual_entry': _removed, ...memberWithoutEntry } = DEFAULT_PERMISSIONS.member;
    expect(await ingestStatus(basicMember)).toBe(400);
    await entities.put({ PK: `C#${basic()}`, SK: 'ACL', kind: 'acl', permissions: { ...DEFAULT_PERMISSIONS, member: memberWithoutEntry } });
    expect(await eventually(() => ingestStatus(basicMember), (status) => status === 403, MINUTE)).toBe(403);
    // The other customer's members keep the right: the empty batch is refused by its schema, not by the gate.
    expect(await ingestStatus(premiumMember)).toBe(400);
    expect((await entities.get({ PK: `C#${premium()}`, SK: 'ACL' }))?.permissions.member['app.manual_entry']).toBeDefined();
    await entities.put({ PK: `C#${basic()}`, SK: 'ACL', kind: 'acl', permissions: DEFAULT_PERMISSIONS });
    expect(await eventually(() => ingestStatus(basicMember), (status) => status === 400, MINUTE)).toBe(400);
  }, 3 * MINUTE);
});

describe('a deactivated customer', () => {
  it('refuses its users within a minute, whatever their token says, and lets them back when reactivated', async () => {
    const points = async () => api('GET', '/api/v1/points', { token: basicMember });
    expect((await points()).status).toBe(200);
    await entities.set({ PK: `C#${basic()}`, SK: 'CUSTOMER' }, { active: false });
    const refused = await eventually(points, (answer) => answer.status === 403, MINUTE);
    expect(refused.body.msg).toBe('customer_deactivated');
    expect((await api('GET', '/api/v1/points', { token: premiumMember })).status).toBe(200);
    await entities.set({ PK: `C#${basic()}`, SK: 'CUSTOMER' }, { active: true });
    expect((await eventually(points, (answer) => answer.status === 200, MINUTE)).status).toBe(200);
  }, 3 * MINUTE);
});
