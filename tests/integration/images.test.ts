import { beforeAll, describe, expect, it } from 'vitest';
import type { Image } from '@shared/schemas/image';
import { api, login } from '../support/api';

/** A 1×1 transparent PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let owner: string;
let colleague: string;
let otherCustomer: string;

beforeAll(async () => {
  owner = (await login('premiumAdministrator')).user.jwt;
  colleague = (await login('premiumMember')).user.jwt;
  otherCustomer = (await login('basicAdministrator')).user.jwt;
});

const upload = (token: string, body: Record<string, unknown>) => api<Image>('POST', '/api/v1/images', { token, body });

describe('images', () => {
  it('are uploaded, listed with an address that serves their bytes, renamed and deleted', async () => {
    const created = await upload(owner, { name: 'Logo chaufferie.png', content_type: 'image/png', data: PNG });
    expect(created.status).toBe(200);
    const image = created.body.data!;
    expect(image).toMatchObject({ name: 'Logo chaufferie.png', content_type: 'image/png', size: 70, user: 'usr-premium-admin' });
    expect(image._id).toMatch(/^img-/);
    const served = await fetch(image.url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).toString('base64')).toBe(PNG);
    const listed = (await api<Image[]>('GET', '/api/v1/images', { token: colleague })).body.data!;
    expect(listed.map((entry) => entry._id)).toContain(image._id);
    const renamed = await api<Image>('PUT', '/api/v1/images', { token: owner, body: { _id: image._id, name: 'Chaufferie.png' } });
    expect(renamed.body.data?.name).toBe('Chaufferie.png');
    expect((await api('DELETE', `/api/v1/images/${image._id}`, { token: owner })).status).toBe(200);
    expect((await api('GET', `/api/v1/images/${image._id}`, { token: owner })).status).toBe(404);
  });

  it('refuse a file that is not what it claims, or too large, and write nothing', async () => {
    const before = (await api<Image[]>('GET', '/api/v1/images', { token: owner })).body.data!.length;
    const fake = await upload(owner, { name: 'virus.png', content_type: 'image/png', data: Buffer.from('<script>alert(1)</script>').toString('base64') });
    expect([fake.status, fake.body.msg]).toEqual([400, 'image_type_invalid']);
    const svg = await upload(owner, { name: 'dessin.svg', content_type: 'image/svg+xml', data: PNG });
    expect(svg.status).toBe(400);
    const big = Buffer.alloc(3 * 1024 * 1024 + 1);
    Buffer.from(PNG, 'base64').copy(big);
    const large = await upload(owner, { name: 'énorme.png', content_type: 'image/png', data: big.toString('base64') });
    expect([large.status, large.body.msg]).toEqual([400, 'image_too_large']);
    expect((await api<Image[]>('GET', '/api/v1/images', { token: owner })).body.data!.length).toBe(before);
  });

  it('of another customer are never listed and answer 404', async () => {
    const image = (await upload(owner, { name: 'Privé.png', content_type: 'image/png', data: PNG })).body.data!;
    expect((await api<Image[]>('GET', '/api/v1/images', { token: otherCustomer })).body.data!.map((entry) => entry._id)).not.toContain(image._id);
    expect((await api('GET', `/api/v1/images/${image._id}`, { token: otherCustomer })).status).toBe(404);
    expect((await api('PUT', '/api/v1/images', { token: otherCustomer, body: { _id: image._id, name: 'Volé' } })).status).toBe(404);
    expect((await api('DELETE', `/api/v1/images/${image._id}`, { token: otherCustomer })).status).toBe(404);
    expect((await api('GET', `/api/v1/images/${image._id}`, { token: owner })).status).toBe(200);
  });
});
