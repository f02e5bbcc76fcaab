import { describe, expect, it } from 'vitest';
import { valuesImportedBesidesApi } from '../../../web/build/route-table-for-browser';

describe('the route table the browser receives', () => {
  it('lets web modules import API and types only', () => {
    expect(valuesImportedBesidesApi("import { API } from '@shared/api/routes';")).toEqual([]);
    expect(valuesImportedBesidesApi("import type { RouteDefinition } from '@shared/api/routes';")).toEqual([]);
    expect(valuesImportedBesidesApi("import { API, type HttpMethod } from '@shared/api/routes';")).toEqual([]);
    expect(valuesImportedBesidesApi("import { API, fillPath } from '@shared/api/routes';")).toEqual(['fillPath']);
  });
});
