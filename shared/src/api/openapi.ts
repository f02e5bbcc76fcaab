import * as z from 'zod';
import { ERROR_STATUS, type ErrorCode } from '../errors';
import type { GlobalRule } from '../permissions/global-rule';
import { OPENAPI_NAMED_SCHEMAS } from './openapi-schemas';
import { ANY_SIGNED_IN_USER, NOT_FOUND_CODE_OF, pathParameterNames, ROUTES, type RouteDefinition } from './routes';

type Json = Record<string, unknown>;

const COMPONENTS = '#/components/schemas/';
const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
/** Where zod points a part two schemas share that has no name of its own. */
const SHARED_REF = /^#\/components\/schemas\/((?:input:)?)__shared#\/\$defs\/(.+)$/;
const INPUT = 'input:';

const walk = (node: unknown, visit: (object: Json) => void): void => {
  if (Array.isArray(node)) node.forEach((item) => walk(item, visit));
  else if (typeof node === 'object' && node !== null) {
    visit(node as Json);
    Object.values(node).forEach((value) => walk(value, visit));
  }
};

const renameRefs = (node: unknown, rename: (name: string) => string): void =>
  walk(node, (object) => {
    if (typeof object.$ref === 'string' && object.$ref.startsWith(COMPONENTS)) object.$ref = COMPONENTS + rename(object.$ref.slice(COMPONENTS.length));
  });

/**
 * Every schema of one direction (what clients send, or what the API answers) converted in one
 * pass, so a named schema is written once and referenced, and a part two schemas share without a
 * name is written once too. Answers are the `output` of their schemas (defaults applied), bodies
 * the `input`. Input names carry a prefix until they are merged with the answers' names.
 */
const convert = (entries: [string, z.ZodType][], io: 'input' | 'output') => {
  const prefix = io === 'input' ? INPUT : '';
  const registry = z.registry<{ id: string }>();
  const idOf = new Map<z.ZodType, string>();
  for (const [id, schema] of entries) {
    if (idOf.has(schema)) continue;
    registry.add(schema, { id });
    idOf.set(schema, prefix + id);
  }
  const { schemas } = z.toJSONSchema(registry, { io, unrepresentable: 'any', cycles: 'ref', uri: (id) => COMPONENTS + prefix + id });
  const components: Record<string, Json> = {};
  for (const [id, schema] of Object.entries(schemas as Record<string, Json>)) {
    if (id === '__shared') {
      for (const [name, shared] of Object.entries((schema.$defs ?? {}) as Record<string, Json>)) components[`${prefix}Shared${name.replace(/^_+schema/, '')}`] = shared;
      continue;
    }
    const { $id: _id, $schema: _schema, ...body } = schema;
    components[prefix + id] = body;
  }
  walk(components, (object) => {
    const shared = typeof object.$ref === 'string' ? SHARED_REF.exec(object.$ref) : null;
    if (shared) object.$ref = `${COMPONENTS}${shared[1]}Shared${shared[2].replace(/^_+schema/, '')}`;
  });
  return { components, idOf };
};

/** The schema of each path parameter or query field, from the route's object schema (strings only: no references). */
const fieldSchemas = (schema: z.ZodType): Record<string, Json> =>
  ((z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, Json> }).properties ?? {});

/** What the description says of a route that crosses customers. */
const GLOBAL_RULE_TEXT: Record<GlobalRule | 'none', string> = {
  none: '',
  'super-user': ' Crosses customers: super users and root only.',
  root: '',
  'vendor-signature': " Crosses customers: takes effect only with the vendor's verified signature (fresh, for this machine, applied once).",
};

/** The refusals of a report that must carry the vendor's signature. */
const VENDOR_SIGNATURE_CODES: ErrorCode[] = [
  'vendor_signature_missing',
  'vendor_signature_invalid',
  'vendor_answer_foreign',
  'vendor_answer_stale',
  'vendor_answer_replayed',
  'vendor_answer_altered',
];

/** The error codes a route can answer, from what the route says: the steps every request goes through, and the objects it names. */
export const errorCodesOf = (route: RouteDefinition): ErrorCode[] => {
  const codes: ErrorCode[] = [];
  const hasParameters = pathParameterNames(route.path).length > 0;
  if (route.body || hasParameters || Object.keys(fieldSchemas(route.query)).length > 0) codes.push('validation_failed');
  if (route.access === 'signed-in') {
    codes.push('unauthorized', 'session_expired', 'customer_not_found', 'customer_deactivated');
    if (route.permission !== ANY_SIGNED_IN_USER || route.rootOnly || route.global) codes.push('forbidden');
    if (route.global === 'vendor-signature') codes.push(...VENDOR_SIGNATURE_CODES);
    if (route.premium) codes.push('premium_required');
    if (route.rateCost > 0) codes.push('rate_limited');
  }
  if (route.print) codes.push('not_allowed');
  // A paged list called without `limit` and `cursor` that cannot be answered whole (too large, or too long to read): page it.
  if (route.paged) codes.push('list_too_large');
  const named = route.owned && route.owned.intent !== 'list' && route.owned.intent !== 'create';
  if (named && route.owned) codes.push(NOT_FOUND_CODE_OF[route.owned.kind] ?? 'not_found', 'not_allowed');
  if (route.owned?.container) codes.push(NOT_FOUND_CODE_OF[route.owned.container.kind] ?? 'not_found', 'not_allowed');
  if (hasParameters) codes.push('not_found');
  codes.push('internal_error');
  return [...new Set(codes)];
};

/**
 * The failures a route can answer, by status: each distinct set of codes is one response under
 * `components/responses` (`403.customer_deactivated.forbidden`), which routes reference.
 */
const failures = (route: RouteDefinition, responses: Record<string, Json>): Record<string, Json> => {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(route)) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => {
        const name = [status, ...codes].join('.');
        responses[name] ??= {
          description: `Failure: \`msg\` is ${codes.map((code) => `\`${code}\``).join(' or ')}`,
          ...(status === 429 ? { headers: { 'Retry-After': { description: 'Seconds to wait before the next request counts again', schema: { type: 'integer', minimum: 1 } } } } : {}),
          content: {
            'application/json': {
              schema: { type: 'object', required: ['res', 'msg'], properties: { res: { const: false }, msg: { type: 'string', enum: codes }, data: {} } },
              example: { res: false, msg: codes[0] },
            },
          },
        };
        return [status, { $ref: `#/components/responses/${name}` }];
      }),
  );
};

const describe = (route: RouteDefinition): string => {
  const who = route.access === 'public' ? 'Public.' : route.permission === ANY_SIGNED_IN_USER ? 'Any signed-in user.' : `Needs \`${route.permission}\` (${route.action}).`;
  const owned = route.owned ? ` Owned ${route.owned.kind}s: ${route.owned.intent === 'list' ? 'filtered by the RequestView header' : `the ownership policy (${route.owned.intent})`}.` : '';
  const cost = route.rateCost > 1 ? ` Counts as ${route.rateCost} requests against the rate limit.` : '';
  return `${who}${route.rootOnly ? ' Root only.' : ''}${GLOBAL_RULE_TEXT[route.global ?? 'none']}${route.premium ? ' Premium customers only (403 premium_required).' : ''}${owned}${cost}`;
};

/** Whether a successful answer may leave out `data` (a route that answers nothing). */
const mayOmitData = (schema: z.ZodType) => schema.safeParse(undefined).success;

const HEADER_PARAMETERS = {
  Language: { name: 'Language', in: 'header', required: false, description: 'The language of messages and e-mails (`fr`, `en`).', schema: { type: 'string' } },
  RequestView: {
    name: 'RequestView',
    in: 'header',
    required: false,
    description: 'Which owned objects a list shows: `all`, `customer`, `user:{id}`, `my_and_shared`, `shared`, `my`.',
    schema: { type: 'string' },
  },
};

/**
 * The OpenAPI 3.1 document of the REST API, built from the route table and the same zod schemas
 * the functions validate with (bodies, path parameters, query strings, answers), so it cannot
 * drift from what the API accepts and answers. Entity schemas are named once under
 * `components/schemas` (see openapi-schemas) and referenced.
 */
export const buildOpenApiDocument = (version: string) => {
  const named = Object.entries(OPENAPI_NAMED_SCHEMAS);
  const output = convert([...named, ...ROUTES.filter((route) => !route.file).map((route): [string, z.ZodType] => [`${pascal(route.operation)}Response`, route.response])], 'output');
  const input = convert([...named, ...ROUTES.flatMap((route): [string, z.ZodType][] => (route.body ? [[`${pascal(route.operation)}Body`, route.body]] : []))], 'input');
  const components: Record<string, Json> = { ...output.components, ...input.components };
  const isNamed = (id: string) => id.replace(INPUT, '') in OPENAPI_NAMED_SCHEMAS;
  /** A named schema is referenced; a route's own schema is written where it is used. */
  const use = (id: string): Json => (isNamed(id) ? { $ref: COMPONENTS + id } : structuredClone(components[id]));

  const paths: Record<string, Record<string, unknown>> = {};
  const responses: Record<string, Json> = {};
  for (const route of ROUTES) {
    const pathSchemas = fieldSchemas(route.params);
    const querySchemas = fieldSchemas(route.query);
    const queryRequired = new Set((z.toJSONSchema(route.query, { io: 'input', unrepresentable: 'any' }) as { required?: string[] }).required ?? []);
    const signedIn = route.access === 'signed-in';
    const parameters = [
      ...pathParameterNames(route.path).map((name) => ({ name, in: 'path', required: true, schema: pathSchemas[name] ?? { type: 'string' } })),
      ...Object.entries(querySchemas).map(([name, schema]) => ({ name, in: 'query', required: queryRequired.has(name), schema })),
      ...(signedIn ? [{ $ref: '#/components/parameters/Language' }] : []),
      ...(route.owned?.intent === 'list' ? [{ $ref: '#/components/parameters/RequestView' }] : []),
    ];
    const answer = route.file ? null : use(output.idOf.get(route.response)!);
    paths[route.path] ??= {};
    paths[route.path][route.method.toLowerCase()] = {
      operationId: route.operation,
      tags: [route.group],
      summary: route.operation,
      description: describe(route),
      security: signedIn ? [{ bearer: [] }] : [],
      ...(parameters.length ? { parameters } : {}),
      ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: use(input.idOf.get(route.body)!) } } } } : {}),
      responses: {
        200: route.file
          ? { description: 'The file; its name in Content-Disposition', content: { [route.file]: { schema: { type: 'string', format: 'binary', contentMediaType: route.file } } } }
          : route.raw
          ? { description: 'The document itself, without the envelope', content: { 'application/json': { schema: answer } } }
          : {
              description: 'Success',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: mayOmitData(route.response) ? ['res'] : ['res', 'data'],
                    properties: {
                      res: { const: true },
                      data: answer,
                      msg: { type: 'string' },
                      ...(route.paged ? { next_cursor: { type: ['string', 'null'], description: 'On a page (limit or cursor sent): the next page\'s cursor, null on the last page' } } : {}),
                    },
                  },
                },
              },
            },
        ...failures(route, responses),
      },
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'WattWise API',
      version,
      description:
        'Every answer is `{ res, data?, msg? }`; a failure carries a stable code in `msg`. Sign in with `POST /api/v1/users/authenticate`, then send `Authorization: Bearer <token>`. ' +
        'Lists that can grow without bound take `q`, `limit` and `cursor`: with `limit` or `cursor` they answer a page and `next_cursor` (null on the last page); without, the whole list, or 413 `list_too_large` when it cannot be answered whole (page it). ' +
        'Answers over 1 KB are gzip-compressed for a client that sends `Accept-Encoding: gzip`; a function answer may not exceed 6 MB.',
    },
    tags: [...new Set(ROUTES.map((route) => route.group))].map((name) => ({ name })),
    paths,
    components: {
      schemas: reachableComponents(paths, components),
      responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))),
      parameters: HEADER_PARAMETERS,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
};

/**
 * Keeps the components the paths reach, and gives the inputs their final names: an input that
 * reads the same as the answer of that name shares it; one that differs (defaults not yet
 * applied) is named `<name>Input`.
 */
const reachableComponents = (paths: unknown, components: Record<string, Json>): Record<string, Json> => {
  const reached = new Set<string>();
  const reach = (node: unknown) =>
    walk(node, (object) => {
      if (typeof object.$ref !== 'string' || !object.$ref.startsWith(COMPONENTS)) return;
      const name = object.$ref.slice(COMPONENTS.length);
      if (reached.has(name)) return;
      reached.add(name);
      reach(components[name]);
    });
  reach(paths);

  const rename = new Map<string, string>();
  for (const name of reached) if (name.startsWith(INPUT)) rename.set(name, name.slice(INPUT.length));
  const finalName = (name: string) => rename.get(name) ?? name;
  const text = (name: string) => {
    const copy = structuredClone(components[name]);
    renameRefs(copy, finalName);
    return JSON.stringify(copy);
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const [inputName, name] of rename) {
      if (name !== inputName.slice(INPUT.length) || !reached.has(name) || text(inputName) === text(name)) continue;
      let fresh = `${name}Input`;
      for (let n = 2; reached.has(fresh) || [...rename.values()].includes(fresh); n += 1) fresh = `${name}Input${n}`;
      rename.set(inputName, fresh);
      changed = true;
    }
  }

  renameRefs(paths, finalName);
  const kept: Record<string, Json> = {};
  for (const name of [...reached].sort()) {
    const final = finalName(name);
    if (final in kept) continue;
    const schema = structuredClone(components[name]);
    renameRefs(schema, finalName);
    kept[final] = schema;
  }
  return Object.fromEntries(Object.entries(kept).sort(([a], [b]) => a.localeCompare(b)));
};
