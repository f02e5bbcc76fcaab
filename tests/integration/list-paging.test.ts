import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { foldText } from '@shared/api/paging';
import type { Point } from '@shared/schemas/point';
import { keys } from '../../functions/src/data/keys';
import { pointItemsWithIndex } from '../../functions/src/data/point-repository';
import { api } from '../support/api';
import { entities } from '../support/aws';
import { anotherPremiumCustomer, seedMember, tokenOf } from '../support/customers';
import { testEnvironment } from '../support/environment';
import { TEST_UNPAGED_LIST_LIMIT_BYTES } from '../../infra/local/test-deployment-settings';

/**
 * A mid-size customer (1,250 points, past one DynamoDB page of 1 MB) read through the three paged
 * point lists: every point once across the pages, in the whole answer's order, searched on the
 * server, a page's cursor refused when altered and read by no other customer, the answer gzipped.
 */
const POINTS = 1_250;

let admin: string;
let customerId: string;
let north: string;
let south: string;

interface Envelope<T> {
  res: boolean;
  data?: T[];
  msg?: string;
  next_cursor?: string | null;
}

type Listed = Pick<Point, '_id' | 'name'> & { locations_name?: string[] };

const get = async <T = Listed>(path: string, token = admin) => {
  const answer = await api<T[]>('GET', path, { token });
  return { status: answer.status, body: answer.body as Envelope<T> };
};

/** Every page of a list, following next_cursor: the items in the order the pages gave them. */
const allPages = async (path: string, limit: number, token = admin): Promise<{ items: Listed[]; pages: number }> => {
  const items: Listed[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const answer: { status: number; body: Envelope<Listed> } = await get(`${path}${separator}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.next_cursor === null || typeof answer.body.next_cursor === 'string').toBe(true);
    expect(answer.body.data!.length).toBeLessThanOrEqual(limit);
    items.push(...answer.body.data!);
    cursor = answer.body.next_cursor ?? null;
    pages += 1;
  } while (cursor);
  return { items, pages };
};

const ids = (items: readonly { _id: string }[]) => items.map((item) => item._id);

/** The raw bytes of an answer as they travel (no decompression on the way), with its headers. */
const rawGet = (path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; bytes: Buffer }> =>
  new Promise((resolve, reject) => {
    const url = new URL(`${testEnvironment().restBaseUrl}${path}`);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const outgoing = send(url, { method: 'GET', headers: { Authorization: `Bearer ${admin}`, ...headers } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, bytes: Buffer.concat(chunks) }));
      answer.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });

beforeAll(async () => {
  ({ customerId, token: admin } = await anotherPremiumCustomer());
  const location = async (name: string) => {
    const answer = await api<{ _id: string }>('POST', '/api/v2/locations', { token: admin, body: { name, type: 'Offices', parent: null } });
    expect(answer.status).toBe(200);
    return answer.body.data!._id;
  };
  north = await location('Bâtiment Nord');
  south = await location('Bâtiment Sud');
  // One point saved through the API, the others written as a save writes them (pointItemsWithIndex), as a large customer's would be.
  const saved = await api<Point>('POST', '/api/v1/points', {
    token: admin,
    body: { name: 'Compteur 0000', technical_id: 'PAGE-0000', resource: 'electricity', series_type: 'index', unit: 'kWh', location: [north] },
  });
  expect(saved.status).toBe(200);
  const now = new Date().toISOString();
  const names = new Map([
    [north, 'Bâtiment Nord'],
    [south, 'Bâtiment Sud'],
  ]);
  const items = Array.from({ length: POINTS - 1 }, (_, offset) => {
    const index = offset + 1;
    const name = index % 10 === 0 ? `Éclairage ${index}` : index % 7 === 0 ? `ÉCLAIRAGE secours ${index}` : `Compteur ${String(index).padStart(4, '0')}`;
    return pointItemsWithIndex(
      {
        ...saved.body.data!,
        _id: `pt-page-${index}`,
        name,
        technical_id: `PAGE-${index}`,
        location: index % 3 === 0 ? [south] : index % 50 === 1 ? [] : [north],
        created_at: now,
        updated_at: now,
      },
      names,
    );
  }).flat();
  await entities.putMany(items);
}, 60_000);

describe('a paged list of points', () => {
  it('answers every point once across its pages, in the order of the whole answer, for each of the three lists', async () => {
    for (const path of ['/api/v1/points', '/api/v2/points/get-all/all', '/api/v1/points/get-all-with-locations-name']) {
      const whole = await get(path);
      expect(whole.status).toBe(200);
      expect(whole.body.next_cursor, 'the unpaged answer is the spec’s').toBeUndefined();
      expect(whole.body.data).toHaveLength(POINTS);
      const paged = await allPages(path, 500);
      expect(paged.pages).toBe(3);
      expect(ids(paged.items)).toEqual(ids(whole.body.data!));
      expect(new Set(ids(paged.items)).size).toBe(POINTS);
      expect(paged.items[0]).toEqual(whole.body.data![0]);
    }
    const timed = async (path: string) => {
      const started = performance.now();
      expect((await get(path)).status).toBe(200);
      return Math.round(performance.now() - started);
    };
    console.log(
      `GET /api/v1/points, ${POINTS} points: whole ${await timed('/api/v1/points')} ms, a first page of 50 ${await timed('/api/v1/points?limit=50')} ms, ` +
        `a search's first page ${await timed('/api/v1/points?limit=50&q=secours')} ms`,
    );
  }, 60_000);

  it('orders by name, accents and case ignored, and pages by a limit that does not divide the list', async () => {
    const whole = (await get('/api/v1/points')).body.data!;
    const folded = whole.map((point) => foldText(point.name));
    expect(folded).toEqual([...folded].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
    const paged = await allPages('/api/v1/points?q=eclairage', 37);
    expect(ids(paged.items)).toEqual(ids(whole.filter((point) => foldText(point.name).includes('eclairage'))));
  }, 60_000);

  it('searches on the server, case and accents ignored: on names and technical ids, and on location names where the list has them', async () => {
    const whole = (await get('/api/v1/points')).body.data!;
    const lighting = await get('/api/v1/points?q=%C3%A9CLAIRAGE%20SECOURS');
    expect(lighting.body.next_cursor).toBeUndefined();
    expect(ids(lighting.body.data!)).toEqual(ids(whole.filter((point) => foldText(point.name).includes('eclairage secours'))));
    expect(lighting.body.data!.length).toBeGreaterThan(100);
    expect(ids((await get('/api/v1/points?q=page-1249')).body.data!)).toEqual(['pt-page-1249']);
    const inSouth = await allPages('/api/v1/points/get-all-with-locations-name?q=batiment%20sud', 200);
    expect(inSouth.items.length).toBe(Math.floor((POINTS - 1) / 3));
    expect(inSouth.items.every((point) => point.locations_name?.[0] === 'Bâtiment Sud')).toBe(true);
  }, 60_000);

  it('pages a location’s points and the points without location as their whole answers', async () => {
    for (const selection of [north, 'alone']) {
      const whole = await get(`/api/v2/points/get-all/${selection}`);
      const paged = await allPages(`/api/v2/points/get-all/${selection}`, 250);
      expect(whole.body.data!.length).toBeGreaterThan(0);
      expect(ids(paged.items)).toEqual(ids(whole.body.data!));
    }
    expect((await get('/api/v2/points/get-all/loc-missing?limit=10')).status).toBe(404);
  }, 60_000);

  it('shows a member with one allowed location only its points, page by page', async () => {
    const account = await seedMember(customerId);
    const user = (await entities.withPrefix(keys.usersOfCustomer(customerId).PK, 'USER#')).find((item) => item.email === account.email)!;
    await entities.set({ PK: String(user.PK), SK: String(user.SK) }, { allowed_locations: [south] });
    const member = await tokenOf(account);
    const paged = await allPages('/api/v1/points', 100, member);
    expect(paged.items.length).toBe(Math.floor((POINTS - 1) / 3));
    expect(ids(paged.items)).toEqual(ids((await get('/api/v1/points', member)).body.data!));
  }, 60_000);

  it('refuses an altered cursor and a limit out of range with 400, and a cursor reads nothing of its customer for another', async () => {
    const first = await get('/api/v1/points?limit=5');
    const cursor = first.body.next_cursor!;
    const altered = `${cursor.slice(0, 10)}${cursor[10] === 'A' ? 'B' : 'A'}${cursor.slice(11)}`;
    for (const query of [`cursor=${altered}`, 'cursor=not-a-cursor', 'limit=0', 'limit=501', 'limit=ten']) {
      const refused = await get(`/api/v1/points?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.msg).toBe('validation_failed');
    }
    const other = await anotherPremiumCustomer();
    const theirs = await get(`/api/v1/points?cursor=${cursor}`, other.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual([]);
    expect(theirs.body.next_cursor).toBeNull();
  }, 60_000);

  it('answers gzip-compressed to a client that takes it, and plain to one that does not', async () => {
    const zipped = await rawGet('/api/v1/points?limit=500', { Accept: 'application/json', 'Accept-Encoding': 'gzip' });
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(String(zipped.headers.vary)).toMatch(/accept-encoding/i);
    const json = gunzipSync(zipped.bytes);
    expect((JSON.parse(json.toString('utf8')) as Envelope<Listed>).data).toHaveLength(500);
    const plain = await rawGet('/api/v1/points?limit=500', { Accept: 'application/json' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.equals(json)).toBe(true);
    expect(zipped.bytes.length).toBeLessThan(json.length / 5);
  }, 60_000);

  // The test deployment holds an unpaged list to TEST_UNPAGED_LIST_LIMIT_BYTES (512 KiB; Lambda's 6 MB on AWS): these 1,250
  // points are to it what 20,000 points are to 6 MB, ~1 MB of JSON, ~35 times less with gzip.
  it('answers the whole list to a client that takes gzip, and 413 list_too_large, not a 502, to one that does not: it pages', async () => {
    for (const path of ['/api/v1/points', '/api/v2/points/get-all/all', '/api/v1/points/get-all-with-locations-name']) {
      const zipped = await rawGet(path, { Accept: 'application/json', 'Accept-Encoding': 'gzip' });
      expect(zipped.status, path).toBe(200);
      const json = gunzipSync(zipped.bytes);
      expect((JSON.parse(json.toString('utf8')) as Envelope<Listed>).data, path).toHaveLength(POINTS);
      expect(json.length, `${path}: the whole list's JSON is past the test deployment's limit`).toBeGreaterThan(TEST_UNPAGED_LIST_LIMIT_BYTES);
      expect(zipped.bytes.length).toBeLessThan(TEST_UNPAGED_LIST_LIMIT_BYTES / 10);

      const plain = await rawGet(path, { Accept: 'application/json' });
      expect(plain.status, path).toBe(413);
      expect(JSON.parse(plain.bytes.toString('utf8'))).toEqual({ res: false, msg: 'list_too_large' });
      const paged = await allPages(path, 500);
      expect(ids(paged.items), path).toEqual(ids((JSON.parse(json.toString('utf8')) as Envelope<Listed>).data!));
      console.log(`GET ${path}, ${POINTS} points whole: ${json.length} bytes of JSON, ${zipped.bytes.length} bytes gzip; plain: 413`);
    }
    // A selection small enough answers whole without gzip as well.
    const alone = await rawGet('/api/v2/points/get-all/alone', { Accept: 'application/json' });
    expect(alone.status).toBe(200);
    const aloneIds = ids((JSON.parse(alone.bytes.toString('utf8')) as Envelope<Listed>).data!);
    expect(aloneIds.length).toBeGreaterThan(0);
    expect(aloneIds).toEqual(ids((await allPages('/api/v2/points/get-all/alone', 500)).items));
  }, 60_000);
});

describe('the lists of a customer of 1,000 sites, whole', () => {
  const SITES = 1_000;
  let token: string;

  /** Bytes of an answer as JSON, and as gzip when the client takes it. */
  const sizes = async (path: string) => {
    const plain = await rawGet(path, { Accept: 'application/json', Authorization: `Bearer ${token}` });
    const zipped = await rawGet(path, { Accept: 'application/json', 'Accept-Encoding': 'gzip', Authorization: `Bearer ${token}` });
    expect(plain.status).toBe(200);
    expect(gunzipSync(zipped.bytes).equals(plain.bytes)).toBe(true);
    return { json: plain.bytes.length, gzip: zipped.bytes.length, body: JSON.parse(plain.bytes.toString('utf8')) as { data: unknown } };
  };

  beforeAll(async () => {
    let customer: string;
    ({ customerId: customer, token } = await anotherPremiumCustomer());
    const created = await api<Record<string, unknown>>('POST', '/api/v2/locations', {
      token,
      body: { name: 'Région 0', type: 'Offices', parent: null, surface: 1200, address: '1 rue de la République, 69001 Lyon, France' },
    });
    expect(created.status).toBe(200);
    // Regions, cities and buildings (10, 90, 900) over France, each with its address and coordinates, as a large customer's.
    const site = (index: number, parent: string | null, level: string) => ({
      ...keys.location(customer, `site-${index}`),
      ...keys.locationInList(customer, `site-${index}`),
      kind: 'location',
      ...created.body.data!,
      _id: `site-${index}`,
      parent,
      name: `${level} ${index} — Établissement de santé`,
      address: `${index} avenue Jean Jaurès, ${String(10_000 + index * 7).slice(0, 5)} Ville ${index}, France`,
      coordinates: { location: { lat: 43 + (index % 50) / 8, lng: -1 + (index % 70) / 10 } },
      position: index,
    });
    const items = Array.from({ length: SITES - 1 }, (_, offset) => {
      const index = offset + 1;
      if (index < 10) return site(index, null, 'Région');
      if (index < 100) return site(index, `site-${index % 9 || 9}`, 'Ville');
      return site(index, `site-${10 + (index % 90)}`, 'Bâtiment');
    });
    await entities.putMany(items);
  }, 60_000);

  it('answers the tree and the map whole, well under 4 MB before compression', async () => {
    const tree = await sizes('/api/v2/locations');
    const count = (nodes: { children?: unknown[] }[]): number => nodes.reduce((sum, node) => sum + 1 + count((node.children ?? []) as { children?: unknown[] }[]), 0);
    expect(count(tree.body.data as { children?: unknown[] }[])).toBe(SITES);
    const map = await sizes('/api/v1/maplytics');
    expect((map.body.data as { markers: unknown[] }).markers.length).toBe(SITES - 1);
    for (const answer of [tree, map]) expect(answer.json).toBeLessThan(4 * 1024 * 1024);
    console.log(`${SITES} sites: GET /api/v2/locations ${tree.json} bytes JSON, ${tree.gzip} gzip; GET /api/v1/maplytics ${map.json} bytes JSON, ${map.gzip} gzip`);
  }, 60_000);
});
