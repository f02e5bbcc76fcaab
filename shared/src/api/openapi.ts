import { z } from 'zod';
import { ERROR_STATUS } from '../errors';
import { ROUTES } from './routes';

const envelope = {
  type: 'object',
  required: ['res'],
  properties: { res: { type: 'boolean' }, data: {}, msg: { type: 'string' } },
};

const failure = {
  type: 'object',
  required: ['res', 'msg'],
  properties: { res: { const: false }, msg: { type: 'string', enum: Object.keys(ERROR_STATUS) }, data: {} },
};

const statusesOf = (signedIn: boolean, hasBody: boolean): number[] =>
  [...new Set([...(hasBody ? [400] : []), ...(signedIn ? [401, 403] : []), 404, 500])];

/**
 * The OpenAPI 3.1 document of the REST API, built from the route table and the same zod schemas
 * the functions validate with, so it cannot drift from what the API accepts.
 */
export const buildOpenApiDocument = (version: string) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of ROUTES) {
    const parameters = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    paths[route.path] ??= {};
    paths[route.path][route.method.toLowerCase()] = {
      operationId: route.operation,
      tags: [route.group],
      ...(route.permission ? { description: `Needs \`${route.permission}\` (${route.action})${route.premium ? ', premium' : ''}.` } : {}),
      ...(route.access === 'signed-in' ? { security: [{ bearer: [] }] } : { security: [] }),
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' }) } },
            },
          }
        : {}),
      responses: {
        200: { description: 'Success', content: { 'application/json': { schema: envelope } } },
        ...Object.fromEntries(
          statusesOf(route.access === 'signed-in', Boolean(route.body)).map((status) => [
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
