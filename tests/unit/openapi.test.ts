import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import openapiTS from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, errorCodesOf } from '@shared/api/openapi';
import { ANY_SIGNED_IN_USER, API, ENDPOINT_GROUPS, pathParameterNames, ROUTES, type RouteDefinition } from '@shared/api/routes';
import { isPremiumKey } from '@shared/permissions/resource-keys';

type Operation = {
  operationId: string;
  tags: string[];
  security: unknown[];
  parameters?: { name: string; in: string; schema: { pattern?: string } }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: { properties: { data: Record<string, unknown> } } }> }>;
  description: string;
};

const run = promisify(execFile);

describe('OpenAPI document', () => {
  const document = buildOpenApiDocument('test');
  const operation = (path: string, method: string) => (document.paths[path] as Record<string, Operation>)[method];
  const text = JSON.stringify(document);

  it('describes every route of the table, with its method, its group as tag and its key as operationId', () => {
    for (const route of ROUTES) {
      expect(operation(route.path, route.method.toLowerCase())).toMatchObject({ operationId: route.operation, tags: [route.group] });
    }
  });

  it('is a valid OpenAPI 3.1 document for a third-party validator', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('weighs at most 600 KB', () => {
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(600 * 1024);
  });

  it('points every reference at a component of the document, and leaves no $defs behind', () => {
    expect(text).not.toContain('$defs');
    const refs = [...text.matchAll(/"\$ref":"#\/components\/(\w+)\/([^"]+)"/g)];
    expect(refs.length).toBeGreaterThan(100);
    for (const [, kind, name] of refs) expect(document.components[kind as keyof typeof document.components], `${kind}/${name}`).toHaveProperty([name]);
  });

  it('names the shared entities once and references them', () => {
    for (const name of ['Point', 'Location', 'Widget', 'Alert', 'Export', 'Report', 'User', 'SeriesAnswer']) expect(document.components.schemas).toHaveProperty([name]);
    expect(operation('/api/v1/points', 'get').responses[200].content?.['application/json'].schema.properties.data).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Point' } });
    expect(operation('/api/v1/series/query', 'post').requestBody?.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/SeriesQuery' });
  });

  it('describes the document itself as answered without the envelope', () => {
    const schema = operation('/api/v1/openapi.json', 'get').responses[200].content?.['application/json'].schema as { properties?: Record<string, unknown> };
    expect(schema.properties ?? {}).not.toHaveProperty('res');
  });

  it('asks a bearer token on signed-in routes only', () => {
    expect(operation('/api/v1/users/authenticate', 'post')).toMatchObject({ security: [] });
    expect(operation('/api/v1/points', 'post')).toMatchObject({ security: [{ bearer: [] }] });
  });

  it('shows request bodies from the same zod schemas the API validates with', () => {
    const body = operation('/api/v1/users/authenticate', 'post').requestBody?.content['application/json'].schema as { properties: Record<string, unknown> };
    expect(Object.keys(body.properties)).toEqual(['user', 'last_customer']);
  });

  it('declares path parameters with their schemas', () => {
    const parameters = operation('/api/v2/data/{pointId}/{from}/{to}', 'delete').parameters!.filter((parameter) => parameter.in === 'path');
    expect(parameters.map((parameter) => parameter.name)).toEqual(['pointId', 'from', 'to']);
    expect(parameters[0].schema.pattern).toBeDefined();
  });

  it('says who may call each route', () => {
    expect(operation('/api/v1/series/query', 'post').description).toContain('app.dashboard');
    expect(operation('/api/v1/points', 'get').description).toBe('Any signed-in user.');
  });

  it('lists the error codes a route can answer, by status', () => {
    const codesOf = (route: RouteDefinition) => errorCodesOf(route);
    expect(codesOf(API.querySeries)).toEqual(expect.arrayContaining(['validation_failed', 'unauthorized', 'forbidden', 'internal_error']));
    expect(codesOf(API.authenticate)).not.toContain('unauthorized');
    const premium = ROUTES.find((route) => route.premium)!;
    expect(codesOf(premium)).toContain('premium_required');
    const ownedAlert = ROUTES.find((route) => route.owned?.kind === 'alert' && route.owned.intent === 'modify')!;
    expect(codesOf(ownedAlert)).toEqual(expect.arrayContaining(['alert_not_found', 'not_allowed']));
    const refused = operation(API.querySeries.path, 'post').responses[403].$ref!.split('/').at(-1)!;
    expect(document.components.responses[refused as keyof typeof document.components.responses]).toMatchObject({
      content: { 'application/json': { schema: { properties: { msg: { enum: ['customer_deactivated', 'forbidden'] } } } } },
    });
  });

  it('describes a file answer as binary', () => {
    const pdf = ROUTES.find((route) => route.file === 'application/pdf')!;
    expect(operation(pdf.path, pdf.method.toLowerCase()).responses[200].content).toEqual({ 'application/pdf': { schema: { type: 'string', format: 'binary', contentMediaType: 'application/pdf' } } });
  });

  it('generates a typed client that type-checks a script signing in, listing points and querying a series', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'wattwise-openapi-client-'));
    try {
      await writeFile(join(folder, 'api.ts'), await openapiTS(structuredClone(document) as never));
      await copyFile(fileURLToPath(new URL('./openapi-client/sign-in-and-query.ts', import.meta.url)), join(folder, 'sign-in-and-query.ts'));
      const compilerOptions = { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true, skipLibCheck: true, lib: ['ES2023', 'DOM'], types: [] };
      await writeFile(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['sign-in-and-query.ts'] }));
      const tsc = fileURLToPath(new URL('../../node_modules/.bin/tsc', import.meta.url));
      const result = await run(tsc, ['-p', join(folder, 'tsconfig.json')]).catch((error: { stdout: string }) => error);
      expect(result.stdout).toBe('');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
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
