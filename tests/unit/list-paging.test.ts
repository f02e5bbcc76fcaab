import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { foldText, isPageRequest, listQuerySchema, MAX_PAGE_LIMIT, pageLimitOf, DEFAULT_PAGE_LIMIT } from '@shared/api/paging';
import { buildOpenApiDocument } from '@shared/api/openapi';
import { API, ROUTES } from '@shared/api/routes';
import { decodeCursor, encodeCursor } from '../../functions/src/services/page-cursor';
import { compareOrderKeys, pointOrderKey } from '../../functions/src/data/point-repository';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return { code: (error as { code?: string }).code, status: (error as { status?: number }).status };
  }
  return null;
};

describe('the query of a paged list', () => {
  it('reads limit from its query-string text and keeps q trimmed', () => {
    expect(listQuerySchema.parse({ q: '  Compteur Lyon ', limit: '50', cursor: 'abc_-1' })).toEqual({ q: 'Compteur Lyon', limit: 50, cursor: 'abc_-1' });
  });

  it('is the whole list when it names neither limit nor cursor, even with q', () => {
    const query = listQuerySchema.parse({ q: 'lyon' });
    expect(isPageRequest(query)).toBe(false);
    expect(isPageRequest(listQuerySchema.parse({ limit: '1' }))).toBe(true);
    expect(isPageRequest(listQuerySchema.parse({ cursor: 'x' }))).toBe(true);
    expect(pageLimitOf(listQuerySchema.parse({ cursor: 'x' }))).toBe(DEFAULT_PAGE_LIMIT);
  });

  it('reads a blank q as no search', () => {
    expect(listQuerySchema.parse({ q: '   ' }).q).toBeUndefined();
  });

  it.each([['0'], ['-1'], [String(MAX_PAGE_LIMIT + 1)], ['1.5'], ['ten'], ['']])('refuses limit %j', (limit) => {
    expect(listQuerySchema.safeParse({ limit }).success).toBe(false);
  });

  it('refuses a q over 100 characters and a cursor that is not base64url', () => {
    expect(listQuerySchema.safeParse({ q: 'a'.repeat(101) }).success).toBe(false);
    expect(listQuerySchema.safeParse({ q: ` ${'a'.repeat(100)} ` }).success).toBe(true);
    expect(listQuerySchema.safeParse({ cursor: 'a+b/c=' }).success).toBe(false);
  });

  it('is the query of the three point lists, which the route table marks as paged', () => {
    expect(ROUTES.filter((route) => route.paged).map((route) => `${route.method} ${route.path}`).sort()).toEqual([
      'GET /api/v1/points',
      'GET /api/v1/points/get-all-with-locations-name',
      'GET /api/v2/points/get-all/{locationId}',
    ]);
    for (const route of [API.listPoints, API.listPointsOfSelection]) expect(route.query).toBe(listQuerySchema);
    // The pickers' list takes the same query, and `fields=picker` beside it.
    expect(Object.keys(API.listPointsWithLocationNames.query.shape)).toEqual([...Object.keys(listQuerySchema.shape), 'fields']);
  });
});

describe('a page cursor', () => {
  it('reads back the position it was written with', () => {
    const position = `électricité bâtiment 12\u0001point-42`;
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(listQuerySchema.safeParse({ cursor }).success).toBe(true);
    expect(decodeCursor(cursor)).toBe(position);
  });

  it('holds no customer: only the position', () => {
    const payload = JSON.parse(Buffer.from(encodeCursor('compteur\u0001p1'), 'base64url').toString('utf8'));
    expect(Object.keys(payload).sort()).toEqual(['after', 'check', 'v']);
  });

  it('is refused with 400 validation_failed when altered, forged or not a cursor', () => {
    const cursor = encodeCursor('compteur 10\u0001point-10');
    const altered = `${cursor.slice(0, 20)}${cursor[20] === 'A' ? 'B' : 'A'}${cursor.slice(21)}`;
    const lastAltered = `${cursor.slice(0, -1)}${cursor.at(-1) === 'A' ? 'B' : 'A'}`;
    const forged = Buffer.from(JSON.stringify({ v: 1, after: 'zzz\u0001p', check: 'AAAAAAAAAAAA' })).toString('base64url');
    for (const bad of [altered, lastAltered, forged, 'bm90IGEgY3Vyc29y', 'x']) {
      expect(refusal(() => decodeCursor(bad))).toEqual({ code: 'validation_failed', status: 400 });
    }
  });
});

describe('the order of a customer\'s points', () => {
  const sorted = (names: string[]) =>
    names
      .map((name, index) => ({ name, key: pointOrderKey({ _id: `p${index}`, name }) }))
      .sort((a, b) => compareOrderKeys(a.key, b.key))
      .map(({ name }) => name);

  it('is by name, accents and case ignored, a name before the longer names it begins', () => {
    expect(sorted(['Zone B', 'éclairage', 'Eau froide', 'eau', 'Chauffage', 'ÉCLAIRAGE 2'])).toEqual(['Chauffage', 'eau', 'Eau froide', 'éclairage', 'ÉCLAIRAGE 2', 'Zone B']);
  });

  it('puts points of the same name in the order of their ids, so that a position is exact', () => {
    const first = pointOrderKey({ _id: 'a1', name: 'Compteur' });
    const second = pointOrderKey({ _id: 'b2', name: 'compteur' });
    expect(compareOrderKeys(first, second)).toBeLessThan(0);
  });

  it('folds search text as it orders', () => {
    expect(foldText('Électricité ÇA')).toBe('electricite ca');
  });
});

describe('the OpenAPI document of a paged list', () => {
  it('names q, limit and cursor, none required, and next_cursor in the answer', () => {
    const operation = (buildOpenApiDocument('test').paths['/api/v1/points/get-all-with-locations-name'] as Record<string, any>).get;
    const query = operation.parameters.filter((parameter: { in?: string }) => parameter.in === 'query');
    expect(query.map((parameter: { name: string; required: boolean }) => [parameter.name, parameter.required])).toEqual([
      ['q', false],
      ['limit', false],
      ['cursor', false],
      ['fields', false],
    ]);
    expect(operation.responses[200].content['application/json'].schema.properties.next_cursor).toMatchObject({ type: ['string', 'null'] });
  });
});

describe('every writer of a point item', () => {
  const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const sourceFiles = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (name === 'node_modules') return [];
      if (statSync(full).isDirectory()) return sourceFiles(full);
      return /\.tsx?$/.test(name) ? [full] : [];
    });

  /** A point written without its order key is missing from every page of the point lists (they read GSI1). */
  it('writes it through pointItem, which gives it its place in the list order', () => {
    const writers = ['functions/src', 'tests', 'infra']
      .flatMap((folder) => sourceFiles(path.join(ROOT, folder)))
      .filter((file) => /kind: 'point'/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(ROOT, file));
    expect(writers).toEqual(['functions/src/data/point-repository.ts', 'tests/unit/list-paging.test.ts']);
    expect(readFileSync(path.join(ROOT, 'functions/src/data/point-repository.ts'), 'utf8').match(/kind: 'point'/g)).toHaveLength(1);
  });

  /** A point written without its search terms is missing from every search (they read the index). */
  it('writes its search terms through point-search-index alone', () => {
    const writers = ['functions/src', 'tests', 'infra']
      .flatMap((folder) => sourceFiles(path.join(ROOT, folder)))
      .filter((file) => /kind: 'point-term'/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(ROOT, file));
    expect(writers).toEqual(['functions/src/data/point-search-index.ts', 'tests/unit/list-paging.test.ts']);
  });
});
