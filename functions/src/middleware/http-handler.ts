import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { z } from 'zod';
import type { EndpointGroup, RouteDefinition } from '@shared/api/routes';
import { routeKey, routesOfGroup } from '@shared/api/routes';
import { can, permissionSetFor } from '@shared/permissions/abilities';
import { isPremiumKey } from '@shared/permissions/resource-keys';
import type { RequestView } from '@shared/permissions/request-view';
import { effectiveRequestView } from '@shared/permissions/request-view';
import type { LanguageKey } from '@shared/constants';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@shared/constants';
import { getCustomer } from '../data/customer-repository';
import { getPermissionMap } from '../data/system-repository';
import { AppError } from '../errors';
import { describeError, logger } from '../logger';
import type { Caller } from '../services/session-service';
import { callerFromAuthorizer } from './caller';
import { mapError } from './error-mapper';

export interface HttpRequest<Body = unknown> {
  body: Body;
  params: Record<string, string>;
  query: Record<string, string>;
  headers: { language: LanguageKey; requestView: RequestView; mobile: boolean };
  /** Absent on public routes. */
  caller: Caller | null;
}

export interface Operation<Schema extends z.ZodTypeAny = z.ZodTypeAny> {
  body?: Schema;
  run: (request: HttpRequest<z.infer<Schema>>) => Promise<unknown>;
}

const MESSAGE = Symbol('answer with message');

/** An answer that carries a message code beside its data (e.g. "Calculation launched"). */
export const withMessage = <T>(data: T, msg: string) => ({ [MESSAGE]: true as const, data, msg });

const isWithMessage = (value: unknown): value is ReturnType<typeof withMessage> =>
  typeof value === 'object' && value !== null && MESSAGE in value;

/** Typed helper so each operation's body type is inferred from its schema. */
export const operation = <Schema extends z.ZodTypeAny>(definition: Operation<Schema>): Operation<Schema> => definition;

const decodeBody = (event: APIGatewayProxyEvent): unknown => {
  if (!event.body) return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AppError('validation_failed', { cause: error, details: 'Body is not JSON' });
  }
};

const lowerCaseHeaders = (headers: APIGatewayProxyEvent['headers']): Record<string, string> =>
  Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value ?? '')]));

const findRoute = (routes: RouteDefinition[], event: APIGatewayProxyEvent): RouteDefinition => {
  const byTemplate = new Map(routes.map((route) => [routeKey(route.method, route.path), route]));
  const found = byTemplate.get(routeKey(event.httpMethod, event.resource));
  if (!found) throw new AppError('not_found', { details: `No route for ${event.httpMethod} ${event.resource}` });
  return found;
};

const assertAllowed = async (route: RouteDefinition, caller: Caller | null): Promise<void> => {
  if (route.access === 'public') return;
  if (!caller) throw new AppError('unauthorized');
  if (route.permission && !can(permissionSetFor(await getPermissionMap(), caller.role), route.permission, route.action)) {
    throw new AppError('forbidden');
  }
  if (route.permission && isPremiumKey(route.permission)) {
    const customer = caller.customerId ? await getCustomer(caller.customerId) : null;
    if (!customer?.is_premium) throw new AppError('premium_required');
  }
};

const json = (statusCode: number, body: unknown): APIGatewayProxyResult => ({
  statusCode,
  headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  body: JSON.stringify(body),
});

/**
 * The one HTTP stack of every endpoint group: route lookup by the API Gateway resource template,
 * header normalisation, JSON body (base64 decoded when API Gateway encoded it), schema
 * validation, caller from the authorizer, permission and premium checks, and the error mapper.
 */
export const createHttpHandler = (group: EndpointGroup, operations: Record<string, Operation>) => {
  const routes = routesOfGroup(group);
  const missing = routes.filter((route) => !operations[route.operation]).map((route) => route.operation);
  if (missing.length) throw new Error(`Group ${group} lacks operations: ${missing.join(', ')}`);
  const mismatched = routes.filter((route) => operations[route.operation].body !== route.body).map((route) => route.operation);
  if (mismatched.length) throw new Error(`Group ${group} validates other bodies than the route table says: ${mismatched.join(', ')}`);

  const core = async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
    const route = findRoute(routes, event);
    const caller = route.access === 'public' ? null : callerFromAuthorizer(event.requestContext.authorizer);
    await assertAllowed(route, caller);
    const headers = lowerCaseHeaders(event.headers);
    const language = (LANGUAGES as readonly string[]).includes(headers.language) ? (headers.language as LanguageKey) : DEFAULT_LANGUAGE;
    const op = operations[route.operation];
    const rawBody = decodeBody(event);
    const parsed = op.body ? op.body.safeParse(rawBody) : { success: true as const, data: rawBody };
    if (!parsed.success) throw new AppError('validation_failed', { details: parsed.error.issues });
    const data = await op.run({
      body: parsed.data,
      params: Object.fromEntries(Object.entries(event.pathParameters ?? {}).map(([k, v]) => [k, decodeURIComponent(v ?? '')])),
      query: Object.fromEntries(Object.entries(event.queryStringParameters ?? {}).map(([k, v]) => [k, v ?? ''])),
      headers: {
        language,
        requestView: effectiveRequestView(headers.requestview, { role: caller?.role ?? 'member', isRoot: caller?.isRoot ?? false }),
        mobile: headers.mobile === 'true',
      },
      caller,
    });
    logger.info('request', { group, operation: route.operation, user: caller?.userId, customer: caller?.customerId });
    return json(200, isWithMessage(data) ? { res: true, data: data.data, msg: data.msg } : { res: true, data });
  };

  return middy<APIGatewayProxyEvent, APIGatewayProxyResult>().handler(core).onError(async (request) => {
    const mapped = mapError(request.error);
    if (mapped.status >= 500) logger.error('request failed', { group, ...describeError(request.error) });
    else logger.info('request refused', { group, code: mapped.body.msg, details: (request.error as AppError).details });
    request.response = json(mapped.status, mapped.body);
  });
};
