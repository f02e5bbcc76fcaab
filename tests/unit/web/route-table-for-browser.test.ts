import { describe, expect, it } from 'vitest';
import { API } from '../../../shared/src/api/routes';
import { routeTableModule, valuesImportedBesidesApi } from '../../../web/build/route-table-for-browser';

describe('the route table the browser receives', () => {
  it('lets web modules import API and types only', () => {
    expect(valuesImportedBesidesApi("import { API } from '@shared/api/routes';")).toEqual([]);
    expect(valuesImportedBesidesApi("import type { RouteDefinition } from '@shared/api/routes';")).toEqual([]);
    expect(valuesImportedBesidesApi("import { API, type HttpMethod } from '@shared/api/routes';")).toEqual([]);
    expect(valuesImportedBesidesApi("import { API, fillPath } from '@shared/api/routes';")).toEqual(['fillPath']);
  });
});

describe('the stand-in module of the route table', () => {
  it('gives every operation its method and path, as the real table does', async () => {
    const { API: standIn } = (await import(`data:text/javascript,${encodeURIComponent(routeTableModule(API))}`)) as { API: Record<string, unknown> };
    expect(standIn).toEqual(Object.fromEntries(Object.entries(API).map(([operation, route]) => [operation, { operation, method: route.method, path: route.path }])));
  });
});
