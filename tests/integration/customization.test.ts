// @runs-alone: rewrites the system's logo and background, which the session routes answer to everyone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customizations } from '@shared/schemas/session';
import { api, login } from '../support/api';
import { entities } from '../support/aws';

/** A 1×1 transparent PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
/** The smallest JPEG header: what the type check reads. */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]).toString('base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64');

let root: string;
let superUser: string;
let admin: string;

const read = async () => (await api<Customizations>('GET', '/api/v1/system/customizations')).body.data!;

beforeAll(async () => {
  root = (await login('root')).user.jwt;
  superUser = (await login('super')).user.jwt;
  admin = (await login('premiumAdministrator')).user.jwt;
});

afterAll(async () => {
  await entities.delete({ PK: 'SYSTEM', SK: 'CUSTOMIZATION' });
});

describe('customization', () => {
  it('takes a logo, shown to anyone before sign-in with an address that serves its bytes, and removes it (custom_logo)', async () => {
    const uploaded = await api<Customizations>('POST', '/api/v1/system/customizations/logo', { token: root, body: { content_type: 'image/png', data: PNG } });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.data!.logo).toMatch(/system\/customizations\/logo\//);
    const shown = await read();
    expect(shown.logo).toMatch(/system\/customizations\/logo\//);
    const served = await fetch(shown.logo!);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).toString('base64')).toBe(PNG);

    const removed = await api<Customizations>('DELETE', '/api/v1/system/customizations/custom_logo', { token: root });
    expect(removed).toMatchObject({ status: 200, body: { data: { logo: null } } });
    expect((await read()).logo).toBeNull();
    // Its bytes went with it.
    expect((await fetch(shown.logo!)).status).toBeGreaterThanOrEqual(400);
  });

  it('takes a background image from a super user, replacing the previous one', async () => {
    const first = await api<Customizations>('POST', '/api/v1/system/customizations/background_image', { token: superUser, body: { content_type: 'image/png', data: PNG } });
    const second = await api<Customizations>('POST', '/api/v1/system/customizations/background_image', { token: superUser, body: { content_type: 'image/jpeg', data: JPEG } });
    expect(second.status).toBe(200);
    expect(second.body.data!.background_image).not.toBe(first.body.data!.background_image);
    const served = await fetch((await read()).background_image!);
    expect(Buffer.from(await served.arrayBuffer()).toString('base64')).toBe(JPEG);
    expect((await api('DELETE', '/api/v1/system/customizations/custom_background_image', { token: superUser })).status).toBe(200);
    expect((await read()).background_image).toBeNull();
  });

  it('refuses SVG, files that are not what they claim, oversized files and unknown names, writing nothing', async () => {
    const svg = await api('POST', '/api/v1/system/customizations/logo', { token: root, body: { content_type: 'image/svg+xml', data: SVG } });
    expect(svg.status).toBe(400);
    const disguised = await api('POST', '/api/v1/system/customizations/logo', { token: root, body: { content_type: 'image/png', data: SVG } });
    expect(disguised).toMatchObject({ status: 400, body: { msg: 'image_type_invalid' } });
    const large = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(1024 * 1024)]).toString('base64');
    const oversized = await api('POST', '/api/v1/system/customizations/logo', { token: root, body: { content_type: 'image/png', data: large } });
    expect(oversized).toMatchObject({ status: 400, body: { msg: 'image_too_large' } });
    expect((await api('DELETE', '/api/v1/system/customizations/custom_favicon', { token: root })).status).toBe(400);
    expect(await read()).toEqual({ logo: null, background_image: null });
  });

  it('is the product\'s: a customer administrator may not change it (403)', async () => {
    expect((await api('POST', '/api/v1/system/customizations/logo', { token: admin, body: { content_type: 'image/png', data: PNG } })).status).toBe(403);
    expect((await api('DELETE', '/api/v1/system/customizations/custom_logo', { token: admin })).status).toBe(403);
    expect((await read()).logo).toBeNull();
  });
});
