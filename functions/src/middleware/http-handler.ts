import { gzipSync } from 'node:zlib';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { z } from 'zod';
import type { EndpointGroup, FileAnswer, OperationsOf } from '@shared/api/routes';
import { isPageRequest } from '@shared/api/paging';
import { API, routeKey, routesOfGroup } from '@shared/api/routes';
import { effectiveRequestView } from '@shared/permissions/request-view';
import type { LanguageKey } from '@shared/constants';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@shared/constants';
import { config } from '../config';
import { AppError } from '../errors';
import { correlated, describeError, logger } from '../logger';
import { assertRouteAllowed } from '../services/access-service';
import { takeApiRequest } from '../services/api-rate-limits';
import { unpagedListBudgetOf, withUnpagedListBudget } from '../services/unpaged-list-budget';
import { callerFromAuthorizer } from './caller';
import { mapError } from './error-mapper';
import { applyOwnership } from './ownership';
import { sourceAddressOf } from './source-address';
import type { HttpRequest, RouteHandler } from './types';

const MESSAGE = Symbol('answer with message');

/** An answer that carries a message code beside its data (e.g. "Calculation launched"). */
export const withMessage = <T>(data: T, msg: string) => ({ [MESSAGE]: true as const, data, msg });

const isWithMessage = (value: unknown): value is ReturnType<typeof withMessage> =>
  typeof value === 'object' && value !== null && MESSAGE in value;

const PAGE = Symbol('a page of a paged list');

/** A page of a paged list route: its items, and the next page's cursor (null on the last) that the envelope carries beside them. */
export const asPage = <T>(data: T[], nextCursor: string | null) => ({ [PAGE]: true as const, data, next_cursor: nextCursor });

const isPage = (value: unknown): value is ReturnType<typeof asPage> => typeof value === 'object' && value !== null && PAGE in value;

/** The envelope of a successful answer: `{ res, data }`, with `msg` or `next_cursor` when the handler gives them. */
const envelopeOf = (data: unknown) => {
  if (isWithMessage(data)) return { res: true, data: data.data, msg: data.msg };
  if (isPage(data)) return { res: true, data: data.data, next_cursor: data.next_cursor };
  return { res: true, data };
};

const decodeBody = (event: APIGatewayProxyEvent): unknown => {
  if (!event.body) return undefined;
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AppError('validation_failed', { cause: error, details: 'Body is not JSON' });
  }
};

const lowerCaseHeaders = (headers: APIGatewayProxyEvent['headers']): Record<string, string> =>
  Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value ?? '')]));

const parse = <T>(schema: z.ZodType<T>, value: unknown, part: string): T => {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError('validation_failed', { details: { part, issues: parsed.error.issues } });
  return parsed.data;
};

const decodedPathParameters = (event: APIGatewayProxyEvent): Record<string, string> =>
  Object.fromEntries(Object.entries(event.pathParameters ?? {}).map(([name, value]) => [name, decodeURIComponent(value ?? '')]));

const json = (statusCode: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyResult => ({
  statusCode,
  headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  body: JSON.stringify(body),
});

/** A file route's answer: the bytes base64-encoded for API Gateway (its binary media types let them through as they are). */
const file = (answer: FileAnswer): APIGatewayProxyResult => ({
  statusCode: 200,
  headers: {
    'Content-Type': answer.contentType,
    'Content-Disposition': `attachment; filename="${answer.fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(answer.fileName)}`,
    'Cache-Control': 'no-store',
  },
  body: Buffer.from(answer.content).toString('base64'),
  isBase64Encoded: true,
});

/**
 * What AWS Lambda lets a function return synchronously: 6 MB of response payload, the JSON of the
 * whole answer (headers and body). The emulator returns more; every deployment refuses it here
 * instead, so an answer that would fail on AWS fails the same way in tests, with a named error.
 */
export const LAMBDA_ANSWER_LIMIT_BYTES = 6 * 1024 * 1024;

/**
 * What the unpaged call of a paged list may answer: Lambda's limit, or less where the deployment
 * says so (`UNPAGED_LIST_LIMIT_BYTES`: the test deployment's is small, so that a test of a few
 * hundred points meets the refusal a customer of 20,000 would).
 */
export const unpagedListLimitBytes = (): number => Math.min(LAMBDA_ANSWER_LIMIT_BYTES, config.UNPAGED_LIST_LIMIT_BYTES ?? LAMBDA_ANSWER_LIMIT_BYTES);

/**
 * The answer as Lambda would return it, refused past the limit: 502 `answer_too_large` as AWS would
 * (named), or, for the unpaged call of a paged list, 413 `list_too_large`: the client can page it.
 */
const withinLimit = (answer: APIGatewayProxyResult, unpagedList: boolean): APIGatewayProxyResult => {
  const bytes = Buffer.byteLength(JSON.stringify(answer));
  const limit = unpagedList ? unpagedListLimitBytes() : LAMBDA_ANSWER_LIMIT_BYTES;
  if (bytes <= limit) return answer;
  throw new AppError(unpagedList ? 'list_too_large' : 'answer_too_large', { details: { bytes, limit } });
};

/** Below this, gzip saves less than its header and the time it takes. */
export const COMPRESS_FROM_BYTES = 1024;

/** Whether an Accept-Encoding header takes gzip (`gzip`, `gzip;q=0.8`, `*`), and not refuses it (`q=0`). */
export const acceptsGzip = (acceptEncoding: string | undefined): boolean =>
  (acceptEncoding ?? '').split(',').some((entry) => {
    const [coding, ...parameters] = entry.trim().toLowerCase().split(';');
    const weight = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && (!weight || Number(weight.slice(2)) > 0);
  });

// Whether the answer may go out gzip-compressed: API Gateway turns a base64 body into bytes only for a request that names an Accept (any, with `*/*` binary), else it would send base64 text.
const takesGzipAnswer = (request: Record<string, string>): boolean => acceptsGzip(request['accept-encoding']) && Boolean(request.accept);

/**
 * A JSON answer gzip-compressed for a client that takes it: a base64 body API Gateway passes on as
 * bytes (its binary media types), with Content-Encoding for the browser. A 15 MB list of points
 * leaves the function as ~1 MB, well under Lambda's 6 MB.
 */
const compressedFor = (request: Record<string, string>, answer: APIGatewayProxyResult): APIGatewayProxyResult => {
  const headers = { ...answer.headers, Vary: 'Accept-Encoding' };
  if (answer.isBase64Encoded || !takesGzipAnswer(request) || Buffer.byteLength(answer.body) < COMPRESS_FROM_BYTES) return { ...answer, headers };
  return { ...answer, headers: { ...headers, 'Content-Encoding': 'gzip' }, body: gzipSync(answer.body).toString('base64'), isBase64Encoded: true };
};

type Operations<Group extends EndpointGroup> = { [Name in OperationsOf<Group>]: RouteHandler<(typeof API)[Name]> };

/**
 * The one HTTP stack of every endpoint group, doing what the route table says in this order:
 * route lookup by the API Gateway resource template, caller from the authorizer, the route's
 * permission, premium flag and the customer's standing, the caller's API rate limit (429 before
 * anything is read or written), header normalisation, path parameters,
 * query and body parsed by their schemas (400 before anything is read), the ownership step on
 * routes of owned objects, then the handler; the error mapper answers every failure.
 */
export const createHttpHandler = <Group extends EndpointGroup>(group: Group, operations: Operations<Group>) => {
  const routes = routesOfGroup(group);
  const handlers = operations as unknown as Record<string, RouteHandler>;
  const missing = routes.filter((route) => !handlers[route.operation]).map((route) => route.operation);
  if (missing.length) throw new Error(`Group ${group} lacks operations: ${missing.join(', ')}`);
  const byTemplate = new Map(routes.map((route) => [routeKey(route.method, route.path), route]));

  const core = async (event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> => {
    const route = byTemplate.get(routeKey(event.httpMethod, event.resource));
    if (!route) throw new AppError('not_found', { details: `No route for ${event.httpMethod} ${event.resource}` });
    const caller = route.access === 'public' ? null : callerFromAuthorizer(event.requestContext.authorizer);
    if (caller) {
      await assertRouteAllowed(route, caller);
      await takeApiRequest(route, caller, new Date());
    }
    const headers = lowerCaseHeaders(event.headers);
    const request: HttpRequest = {
      params: parse(route.params, decodedPathParameters(event), 'params'),
      query: parse(route.query, event.queryStringParameters ?? {}, 'query'),
      body: route.body ? parse(route.body, decodeBody(event) ?? {}, 'body') : undefined,
      headers: {
        language: (LANGUAGES as readonly string[]).includes(headers.language) ? (headers.language as LanguageKey) : DEFAULT_LANGUAGE,
        requestView: effectiveRequestView(headers.requestview, { role: caller?.role ?? 'member', isRoot: caller?.isRoot ?? false }),
        mobile: headers.mobile === 'true',
      },
      // API Gateway's own view of the connection, or the viewer's address the edge names beside the origin secret.
      sourceAddress: await sourceAddressOf(event.requestContext?.identity?.sourceIp || null, headers),
      caller,
    };
    // A print token reads the print routes of the report it names, and nothing else.
    if (caller?.printReport && !(route.print && (request.params as { id?: string }).id === caller.printReport)) throw new AppError('not_allowed');
    // The unpaged call of a paged list reads within the function's time and, for a client without gzip, the bytes it may answer.
    const unpagedList = route.paged && !isPageRequest(request.query as { limit?: number; cursor?: string });
    const timeLeftMs = typeof context?.getRemainingTimeInMillis === 'function' ? context.getRemainingTimeInMillis() : null;
    const budget = unpagedList ? unpagedListBudgetOf(timeLeftMs, takesGzipAnswer(headers) ? null : unpagedListLimitBytes()) : null;
    const data = await withUnpagedListBudget(budget, () => applyOwnership(route, request, handlers[route.operation]));
    logger.info('request', { group, operation: route.operation, user: caller?.userId, customer: caller?.customerId });
    if (route.file) return withinLimit(file(data as FileAnswer), false);
    // The limit holds what the function returns: the compressed answer when the client takes gzip.
    return withinLimit(compressedFor(headers, json(200, route.raw ? data : envelopeOf(data))), unpagedList);
  };

  const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult>().handler(core).onError(async (request) => {
    const mapped = mapError(request.error);
    if (mapped.status >= 500) logger.error('request failed', { group, ...describeError(request.error) });
    else logger.info('request refused', { group, code: mapped.body.msg, details: (request.error as AppError).details });
    request.response = json(mapped.status, mapped.body, mapped.headers);
  });
  // Every line of a request, and every job it starts, carries API Gateway's request id.
  return correlated((event: APIGatewayProxyEvent) => event.requestContext?.requestId, (event: APIGatewayProxyEvent, context: Context) => handler(event, context));
};
