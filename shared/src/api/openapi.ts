import * as z from 'zod';
import { ERROR_STATUS } from '../errors';
import { ANY_SIGNED_IN_USER, pathParameterNames, ROUTES, type RouteDefinition } from './routes';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { io, unrepresentable: 'any', cycles: 'ref' });

const success = (route: RouteDefinition) => ({
  type: 'object',
  required: ['res'],
  properties: { res: { const: true }, data: jsonSchema(route.response, 'output'), msg: { type: 'string' } },
});

const failure = {
  type: 'object',
  required: ['res', 'msg'],
  properties: { res: { const: false }, msg: { type: 'string', enum: Object.keys(ERROR_STATUS) }, data: {} },
};

const statusesOf = (route: RouteDefinition): number[] => {
  const validated = Boolean(route.body) || pathParameterNames(route.path).length > 0;
  return [...new Set([...(validated ? [400] : []), ...(route.access === 'signed-in' ? [401, 403] : []), 404, 500])];
};

/** The schema of one path parameter or query field, from the route's object schema. */
const fieldSchemas = (schema: z.ZodType): Record<string, unknown> => {
  const described = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return described.properties ?? {};
};

const describe = (route: RouteDefinition): string => {
  const who = route.access === 'public' ? 'Public.' : route.permission === ANY_SIGNED_IN_USER ? 'Any signed-in user.' : `Needs \`${route.permission}\` (${route.action}).`;
  const owned = route.owned ? ` Owned ${route.owned.kind}s: ${route.owned.intent === 'list' ? 'filtered by the RequestView header' : `the ownership policy (${route.owned.intent})`}.` : '';
  return `${who}${route.rootOnly ? ' Root only.' : ''}${route.premium ? ' Premium customers only (403 premium_required).' : ''}${owned}`;
};

/**
 * The OpenAPI 3.1 document of the REST API, built from the route table and the same zod schemas
 * the functions validate with (bodies, path parameters, query strings, answers), so it cannot
 * drift from what the API accepts and answers.
 */
export const buildOpenApiDocument = (version: string) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of ROUTES) {
    const pathSchemas = fieldSchemas(route.params);
    const querySchemas = fieldSchemas(route.query);
    const parameters = [
      ...pathParameterNames(route.path).map((name) => ({ name, in: 'path', required: true, schema: pathSchemas[name] ?? { type: 'string' } })),
      ...Object.entries(querySchemas).map(([name, schema]) => ({ name, in: 'query', required: false, schema })),
    ];
    paths[route.path] ??= {};
    paths[route.path][route.method.toLowerCase()] = {
      operationId: route.operation,
      tags: [route.group],
      description: describe(route),
      ...(route.access === 'signed-in' ? { security: [{ bearer: [] }] } : { security: [] }),
      ...(parameters.length ? { parameters } : {}),
      ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } } } : {}),
      responses: {
        200: route.file
          ? { description: 'The file; its name in Content-Disposition', content: { [route.file]: { schema: { type: 'string', contentMediaType: route.file } } } }
          : { description: 'Success', content: { 'application/json': { schema: success(route) } } },
        ...Object.fromEntries(
          statusesOf(route).map((status) => [
            status,
            { description: 'Failure; `msg` is a stable code the client translates', content: { 'application/json': { schema: failure } } },
          ]),
        ),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'WattWise API', version },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
};
