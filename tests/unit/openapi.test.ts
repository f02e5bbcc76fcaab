import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@shared/api/openapi';
import { ANY_SIGNED_IN_USER, ENDPOINT_GROUPS, pathParameterNames, ROUTES } from '@shared/api/routes';
import { isPremiumKey } from '@shared/permissions/resource-keys';

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

  it('declares path parameters with their schemas', () => {
    const parameters = (document.paths['/api/v2/data/{pointId}/{from}/{to}'].delete as { parameters: { name: string; schema: { pattern?: string } }[] }).parameters;
    expect(parameters.map((parameter) => parameter.name)).toEqual(['pointId', 'from', 'to']);
    expect(parameters[0].schema.pattern).toBeDefined();
  });

  it('shows the answer of every route and says who may call it', () => {
    const query = document.paths['/api/v1/series/query'].post as { description: string; responses: Record<number, { content: Record<string, { schema: { properties: { data: { properties: Record<string, unknown> } } } }> }> };
    expect(Object.keys(query.responses[200].content['application/json'].schema.properties.data.properties)).toEqual(['sampling', 'period', 'calendars', 'series']);
    expect(query.description).toContain('app.dashboard');
    expect((document.paths['/api/v1/points'].get as { description: string }).description).toBe('Any signed-in user.');
  });
});

describe('route table', () => {
  it('gives every signed-in route a permission: a key, or the explicit any-signed-in-user marker', () => {
    for (const route of ROUTES) {
      if (route.access === 'signed-in') expect(route.permission, route.operation).not.toBeNull();
      else expect(route.permission, route.operation).toBeNull();
    }
  });

  it('marks premium every route whose permission key is a premium one', () => {
    for (const route of ROUTES) {
      if (route.permission && route.permission !== ANY_SIGNED_IN_USER && isPremiumKey(route.permission)) expect(route.premium, route.operation).toBe(true);
    }
  });

  it('gives every path parameter a schema, and no schema to a parameter the path lacks', () => {
    for (const route of ROUTES) {
      const shape = (route.params as unknown as { shape: Record<string, unknown> }).shape;
      expect(Object.keys(shape).sort(), route.operation).toEqual(pathParameterNames(route.path).sort());
    }
  });

  it('names a path parameter the same wherever two paths share the segment before it (API Gateway allows one name per level)', () => {
    const names = new Map<string, string>();
    for (const route of ROUTES) {
      const segments = route.path.split('/');
      segments.forEach((segment, index) => {
        if (!segment.startsWith('{')) return;
        const parent = segments.slice(0, index).join('/');
        const known = names.get(parent);
        expect(known === undefined || known === segment, `${route.path}: ${segment} beside ${known}`).toBe(true);
        names.set(parent, segment);
      });
    }
  });

  it('has one function per group that serves every route of it', async () => {
    for (const group of ENDPOINT_GROUPS) {
      await expect(import(`../../functions/src/handlers/${group}.ts`)).resolves.toHaveProperty('handler');
    }
  });
});
