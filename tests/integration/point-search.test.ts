import { beforeAll, describe, expect, it } from 'vitest';
import type { Point } from '@shared/schemas/point';
import { awsEnvironment } from '../../infra/local/emulator';
import { api } from '../support/api';
import { entities } from '../support/aws';
import { anotherPremiumCustomer } from '../support/customers';
import { testEnvironment } from '../support/environment';

/**
 * The search index of points (issue 43) at a few thousand points: a search answers what matches,
 * page by page, reading one bucket of the index rather than the customer's points; saves, moves,
 * renames and deletions keep it right; points written before it (no list order, no terms) get
 * both from the backfill, which can stop and go on, and rewrites nothing new when run again.
 */
const POINTS = 2_000;
const OLD_POINTS = 150;

let admin: string;
let customerId: string;
let east: string;
let west: string;

interface Listed {
  _id: string;
  name: string;
  technical_id: string;
  locations_name?: string[];
}
type Envelope = { res: boolean; data?: Listed[]; msg?: string; next_cursor?: string | null };

const get = async (path: string) => {
  const answer = await api<Listed[]>('GET', path, { token: admin });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Envelope;
};
const ids = (items: readonly { _id: string }[] | undefined) => (items ?? []).map((item) => item._id);
const padded = (index: number) => String(index).padStart(4, '0');

/** Every page of a list, following next_cursor. */
const allPages = async (path: string, limit: number): Promise<Listed[]> => {
  const items: Listed[] = [];
  let cursor: string | null = null;
  do {
    const page: Envelope = await get(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    items.push(...page.data!);
    cursor = page.next_cursor ?? null;
  } while (cursor);
  return items;
};

/**
 * The Queries of a list read beside the customer's fetched last data dates (`withLatestDates`: one small Query of
 * their own partition `C#<customer>#FETCHDATES`, made by every points answer; a Query of the customer's partition,
 * where its points are, would count among the others).
 */
const besideFetchedDates = (queries: readonly string[]) => queries.filter((query) => query !== 'table C#<customer>#FETCHDATES');

/** The functions' code, run in this process against the deployment's tables (its settings are read once, at its first import). */
const functionsCode = async () => {
  const environment = testEnvironment();
  Object.assign(process.env, awsEnvironment(environment.endpoint), { ENTITIES_TABLE: environment.entitiesTable, SERIES_TABLE: environment.seriesTable });
  const [{ keys }, { pointItem, pointItemsWithIndex }] = await Promise.all([import('../../functions/src/data/keys'), import('../../functions/src/data/point-repository')]);
  return { keys, pointItem, pointItemsWithIndex };
};

/** The services of the deployed functions, run in this process against the same table (to count the calls a search makes). */
const services = async () => {
  await functionsCode();
  const [lists, backfill, client] = await Promise.all([
    import('../../functions/src/services/point-list-service'),
    import('../../functions/src/services/point-index-backfill-service'),
    import('../../functions/src/clients/dynamodb'),
  ]);
  const caller = { userId: 'u-test', customerId, homeCustomerId: customerId, role: 'administrator' as const, isRoot: false, remember: false };
  /**
   * The DynamoDB calls `run` makes, by operation, and what each Query read: its index (or the table)
   * and the keys and prefixes it named (`C#…`, `C#…#FETCHDATES`, an index bucket …), customer ids left out.
   */
  const callsOf = async (run: () => Promise<unknown>): Promise<Record<string, number> & { queries: string[] }> => {
    const before = client.dynamoCallsMade();
    const queries: string[] = [];
    const name = `queries-${Math.random()}`;
    client.dynamo.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'QueryCommand') {
          const input = args.input as { IndexName?: string; ExpressionAttributeValues?: Record<string, unknown> };
          const values = Object.values(input.ExpressionAttributeValues ?? {}).filter((value): value is string => typeof value === 'string');
          queries.push(`${input.IndexName ?? 'table'} ${values.map((value) => value.replaceAll(customerId, '<customer>')).join(' ')}`);
        }
        return next(args);
      },
      { step: 'initialize', name },
    );
    try {
      await run();
    } finally {
      client.dynamo.middlewareStack.remove(name);
    }
    const calls: Record<string, number> = {};
    for (const [kind, count] of client.dynamoCallsMade()) {
      const made = count - (before.get(kind) ?? 0);
      if (made > 0) calls[kind.split(' ')[0]] = (calls[kind.split(' ')[0]] ?? 0) + made;
    }
    return Object.assign(calls, { queries });
  };

  return { ...lists, ...backfill, caller, callsOf };
};

beforeAll(async () => {
  const { keys, pointItem, pointItemsWithIndex } = await functionsCode();
  ({ customerId, token: admin } = await anotherPremiumCustomer());
  const location = async (name: string) => {
    const answer = await api<{ _id: string }>('POST', '/api/v2/locations', { token: admin, body: { name, type: 'Offices', parent: null } });
    expect(answer.status).toBe(200);
    return answer.body.data!._id;
  };
  east = await location('Entrepôt Est');
  west = await location('Magasin Ouest');
  const template = await api<Point>('POST', '/api/v1/points', {
    token: admin,
    body: { name: 'Compteur modèle', technical_id: 'SRCH-MODELE', resource: 'electricity', series_type: 'index', unit: 'kWh', location: [east] },
  });
  expect(template.status).toBe(200);
  const names = new Map([
    [east, 'Entrepôt Est'],
    [west, 'Magasin Ouest'],
  ]);
  const now = new Date().toISOString();
  const point = (index: number): Point => ({
    ...template.body.data!,
    _id: `pt-srch-${padded(index)}`,
    name: index % 100 === 0 ? `Éclairage ${padded(index)}` : `Compteur ${padded(index)}`,
    technical_id: `SRCH-${padded(index)}`,
    location: index % 2 === 0 ? [east] : [west],
    created_at: now,
    updated_at: now,
  });
  // As a save writes them (search terms included) ...
  const indexed = Array.from({ length: POINTS }, (_, index) => pointItemsWithIndex(point(index + 1), names)).flat();
  // ... and as points were written before the list order and the index: the point and its claim only.
  const old = Array.from({ length: OLD_POINTS }, (_, index) => {
    const item = point(POINTS + 1 + index);
    const { GSI1PK: _listPartition, GSI1SK: _listOrder, ...bare } = pointItem(item);
    return [bare, { ...keys.technicalId(customerId, item.technical_id), kind: 'technical-id', point: item._id }];
  }).flat();
  await entities.putMany([...indexed, ...old]);
}, 120_000);

describe('a search of points at a few thousand points', () => {
  it('finds a technical id, and words of the name and of the location name in any order, a page at a time', async () => {
    const started = performance.now();
    const one = await get('/api/v1/points/get-all-with-locations-name?limit=50&q=srch-1234');
    const rareMs = Math.round(performance.now() - started);
    expect(ids(one.data)).toEqual(['pt-srch-1234']);
    expect(one.data![0].locations_name).toEqual(['Entrepôt Est']);
    expect(one.next_cursor).toBeNull();
    // Location words count on the list with location names, not on the others.
    const lighting = await get('/api/v1/points/get-all-with-locations-name?limit=50&q=OUEST%20%C3%A9cl');
    expect(lighting.data!.length).toBe(0);
    const lightingEast = await get('/api/v1/points/get-all-with-locations-name?limit=50&q=eclairage%20entrepot');
    expect(ids(lightingEast.data)).toEqual(Array.from({ length: POINTS / 100 }, (_, index) => `pt-srch-${padded((index + 1) * 100)}`));
    expect(ids((await get('/api/v1/points?q=eclairage%20entrepot')).data)).toEqual([]);
    // A frequent word pages in list order, the pages together being the whole answer.
    const west1 = await allPages('/api/v1/points/get-all-with-locations-name?q=magasin', 400);
    expect(west1.length).toBe(POINTS / 2);
    expect(ids(west1)).toEqual(ids((await get('/api/v1/points/get-all-with-locations-name?q=magasin')).data));
    expect(west1.every((point) => point.locations_name?.[0] === 'Magasin Ouest')).toBe(true);
    // The selection list reads a location's place terms.
    expect(ids(await allPages(`/api/v2/points/get-all/${west}?q=compteur%20001`, 3))).toEqual(['pt-srch-0011', 'pt-srch-0013', 'pt-srch-0015', 'pt-srch-0017', 'pt-srch-0019']);
    console.log(`point search, ${POINTS} points: a rare technical id's first page in ${rareMs} ms`);
  }, 60_000);

  it('reads one bucket of the index and the points it answers by key, never the customer’s list', async () => {
    const { listPointsWithLocationNamesPage, listPointsOfPlace, caller, callsOf } = await services();
    let found: { items: { _id: string }[] } = { items: [] };
    const calls = await callsOf(async () => {
      found = await listPointsWithLocationNamesPage(caller, { q: 'SRCH-1777', limit: 50 });
    });
    expect(ids(found.items)).toEqual(['pt-srch-1777']);
    // One Query of an index bucket, beside the fetched dates' (no list partition).
    expect(besideFetchedDates(calls.queries), calls.queries.join('; ')).toHaveLength(1);
    expect(calls.Query).toBe(calls.queries.length);
    expect(calls.queries.length - besideFetchedDates(calls.queries).length).toBeLessThanOrEqual(1);
    // Manual entry's list: one location's points from its place terms.
    let ofPlace: { _id: string }[] = [];
    const placeCalls = await callsOf(async () => {
      ofPlace = await listPointsOfPlace(caller, west);
    });
    expect(ofPlace.length).toBe(POINTS / 2);
    expect(besideFetchedDates(placeCalls.queries), placeCalls.queries.join('; ')).toHaveLength(1);
    expect(placeCalls.queries.length - besideFetchedDates(placeCalls.queries).length).toBeLessThanOrEqual(1);
  }, 60_000);

  it('follows a point’s save, move, location rename and deletion', async () => {
    const created = await api<Point>('POST', '/api/v1/points', {
      token: admin,
      body: { name: 'Sous-compteur cuisine', technical_id: 'SRCH-CUISINE', resource: 'electricity', series_type: 'index', unit: 'kWh', location: [east] },
    });
    expect(created.status).toBe(200);
    const point = created.body.data!;
    expect(ids((await get('/api/v1/points?limit=10&q=cuisine')).data)).toEqual([point._id]);
    const renamed = await api<Point>('PUT', '/api/v1/points', { token: admin, body: { ...point, name: 'Sous-compteur chambre froide', technical_id: 'SRCH-FROIDE', location: [west] } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(ids((await get('/api/v1/points?limit=10&q=cuisine')).data)).toEqual([]);
    expect(ids((await get('/api/v1/points/get-all-with-locations-name?limit=10&q=chambre%20ouest')).data)).toEqual([point._id]);
    expect(ids((await get(`/api/v2/points/get-all/${west}?limit=10&q=froide`)).data)).toEqual([point._id]);
    expect(ids((await get(`/api/v2/points/get-all/${east}?limit=10&q=froide`)).data)).toEqual([]);
    // The location's new name finds its points; its old one no longer does.
    const renamedLocation = await api('PUT', '/api/v2/locations', { token: admin, body: { _id: west, name: 'Boutique Ouest', type: 'Offices', parent: null } });
    expect(renamedLocation.status, JSON.stringify(renamedLocation.body)).toBe(200);
    expect(ids((await get('/api/v1/points/get-all-with-locations-name?limit=10&q=froide%20boutique')).data)).toEqual([point._id]);
    expect(ids((await get('/api/v1/points/get-all-with-locations-name?limit=10&q=froide%20magasin')).data)).toEqual([]);
    expect(await entities.withPrefix(`C#${customerId}#PTQ`, `${point._id}\u0001magasin`)).toEqual([]);
    const deleted = await api('DELETE', `/api/v1/points/${point._id}`, { token: admin });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(ids((await get('/api/v1/points?limit=10&q=froide')).data)).toEqual([]);
    expect(await entities.withPrefix(`C#${customerId}#PTQ`, `${point._id}\u0001`)).toEqual([]);
  }, 60_000);

  it('gives points written before the index their place in pages and search, resumably and idempotently', async () => {
    const oldId = `pt-srch-${padded(POINTS + 7)}`;
    expect(ids((await get(`/api/v1/points?limit=10&q=srch-${padded(POINTS + 7)}`)).data)).toEqual([]);
    expect((await allPages('/api/v1/points', 500)).length).toBe(POINTS + 1);
    const { backfillPointIndex } = await services();
    // A clock that runs out after the first page: the run stops and says where to go on.
    let ticks = 0;
    const first = await backfillPointIndex({ kind: 'point_index_backfill', customerId, maxMs: 1 }, () => (ticks++ < 2 ? 0 : 10));
    expect(first.next).not.toBeNull();
    expect(first.points).toBe(200);
    const rest = await backfillPointIndex({ kind: 'point_index_backfill', customerId, from: first.next });
    expect(rest.next).toBeNull();
    expect(first.points + rest.points).toBe(POINTS + 1 + OLD_POINTS);
    expect(first.reordered + rest.reordered).toBe(OLD_POINTS);
    expect(ids((await get(`/api/v1/points?limit=10&q=srch-${padded(POINTS + 7)}`)).data)).toEqual([oldId]);
    const pages = await allPages('/api/v1/points', 500);
    expect(pages.length).toBe(POINTS + 1 + OLD_POINTS);
    expect(ids(pages)).toEqual(ids((await get('/api/v1/points')).data));
    // Run again: the same items, none reordered.
    const again = await backfillPointIndex({ kind: 'point_index_backfill', customerId });
    expect(again).toMatchObject({ next: null, reordered: 0, points: POINTS + 1 + OLD_POINTS });
    expect(ids(await allPages('/api/v1/points', 500))).toEqual(ids(pages));
  }, 120_000);
});
