import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@shared/api/openapi';
import { ROUTES } from '@shared/api/routes';

describe('OpenAPI document', () => {
  const document = buildOpenApiDocument('test');

  it('describes every route of the table, with its method', () => {
    for (const route of ROUTES) {
      expect(document.paths[route.path]?.[route.method.toLowerCase()]).toMatchObject({ operationId: route.operation });
    }
  });

  it('asks a bearer token on signed-in routes only', () => {
    expect(document.paths['/api/v1/users/authenticate'].post).toMatchObject({ security: [] });
    expect(document.paths['/api/v1/points'].post).toMatchObject({ security: [{ bearer: [] }] });
  });

  it('shows request bodies from the same zod schemas the API validates with', () => {
    const body = (document.paths['/api/v1/users/authenticate'].post as { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } })
      .requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(['user', 'last_customer']);
  });

  it('declares path parameters', () => {
    expect(document.paths['/api/v2/data/{pointId}/{from}/{to}'].delete).toMatchObject({
      parameters: [{ name: 'pointId' }, { name: 'from' }, { name: 'to' }],
    });
  });
});

describe('route table and handlers', () => {
  it('agree on every request body (a handler refuses to start otherwise)', async () => {
    for (const group of ['users', 'locations', 'points', 'data', 'system'] as const) {
      await expect(import(`../../functions/src/handlers/${group}.ts`)).resolves.toHaveProperty('handler');
    }
  });
});
