import * as z from 'zod';
import type { ErrorCode } from '../errors';
import type { GlobalRule } from '../permissions/global-rule';
import type { OwnedIntent } from '../permissions/ownership';
import type { Action, ResourceKey } from '../permissions/resource-keys';
import { isPremiumKey, isSystemKey } from '../permissions/resource-keys';
import { idSchema } from '../schemas/common';

/**
 * How a route of the table is declared: `route` (signed-in, behind a permission key) and
 * `publicRoute`, with what each says about the route. Each endpoint group declares its routes in
 * `route-table/<group>.ts`; `routes.ts` assembles the table.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One Lambda function serves each group. */
export const ENDPOINT_GROUPS = ['users', 'system', 'application', 'notifications', 'locations', 'points', 'data', 'dashboards', 'images', 'files', 'ftp', 'sources', 'weather', 'reminders', 'alerts', 'email', 'customizations', 'customers', 'exports', 'reports', 'subscriptions'] as const;
export type EndpointGroup = (typeof ENDPOINT_GROUPS)[number];

/** What the handler of a file route answers: the bytes go out as they are, the name in Content-Disposition. */
export const fileAnswerSchema = z.object({ fileName: z.string(), contentType: z.string(), content: z.custom<Uint8Array<ArrayBufferLike>>((value) => value instanceof Uint8Array) });
export type FileAnswer = z.infer<typeof fileAnswerSchema>;

/** The explicit permission of a signed-in route that any signed-in user may call. */
export const ANY_SIGNED_IN_USER = 'any-signed-in-user' as const;
export type RoutePermission = ResourceKey | typeof ANY_SIGNED_IN_USER;

/** Kinds of owned objects: each carries an owner and `sharing.shared` (see permissions/ownership). */
export const OWNED_KINDS = ['tab', 'widget', 'alert', 'reminder', 'export', 'report', 'subscription'] as const;
export type OwnedKind = (typeof OWNED_KINDS)[number];

/** The 404 code of a kind whose screens say so in their own words (spec 2 §8: 'Alert not found'); `not_found` for the others. */
export const NOT_FOUND_CODE_OF: Partial<Record<OwnedKind, ErrorCode>> = { alert: 'alert_not_found', report: 'report_not_found', subscription: 'subscription_not_found' };

/**
 * How someone else's unshared object of a kind answers when it is not `not_found` (see
 * decideOwnedAccess): another user's private tab is refused 'Not allowed' (spec 1 §4.4), so that
 * the dashboard says so rather than 'The page requested does not exist'.
 */
export const PRIVATE_ANSWER_OF: Partial<Record<OwnedKind, 'not_allowed'>> = { tab: 'not_allowed' };

/** Where a request names an object: a path parameter or a field of the body. */
export interface IdSource {
  in: 'params' | 'body';
  /** A field name, or a dotted path into the body (`alert._id`). */
  field: string;
}

/**
 * How the ownership step treats a route of owned objects:
 * - `list`: of the answer's array, keeps what the request view shows — unless `container` names
 *   an owned container (a tab), which is then read as a whole once the caller may read it;
 * - `create`: the object is new; when `container` names an owned container, the caller must be
 *   allowed to contribute to it;
 * - `read`, `contribute`, `modify`: loads the object named by `id` and lets the call through only
 *   as the ownership policy decides (404, or 403 `not_allowed`).
 * A container source holding an id of another kind (a location page) is not an owned container.
 */
export interface OwnedRule {
  kind: OwnedKind;
  intent: OwnedIntent | 'list' | 'create';
  id?: IdSource;
  container?: IdSource & { kind: OwnedKind };
}

/** Path parameters and query strings are objects of strings before their schema reads them. */
export type StringsSchema = z.ZodType<Record<string, unknown>, Record<string, string | undefined>>;

const NO_PARAMETERS = z.object({});

/** Everything about a route, enforced by the server and read by the web, the API stack and the OpenAPI document. */
export interface RouteDefinition<
  Group extends EndpointGroup = EndpointGroup,
  Body extends z.ZodType = z.ZodType,
  Params extends StringsSchema = StringsSchema,
  Query extends StringsSchema = StringsSchema,
  Response extends z.ZodType = z.ZodType,
> {
  /** Stable name the handler dispatches on: the route's key in `API`. */
  operation: string;
  method: HttpMethod;
  /** Path under the API base, in API Gateway template form (`/api/v1/tabs/{id}`). */
  path: string;
  group: Group;
  /** `public` routes run without the authorizer. */
  access: 'public' | 'signed-in';
  /** The permission key the caller's role must hold, or `ANY_SIGNED_IN_USER`; null only on public routes. */
  permission: RoutePermission | null;
  /** What the caller does on that key: viewing, creating, editing or deleting. */
  action: Action;
  /** Refused with 403 `premium_required` to a customer without the premium licence. */
  premium: boolean;
  /** Only root may call it, whatever the permission map says (spec 1 §6). */
  rootOnly: boolean;
  /**
   * Set on routes whose effect crosses customers: who may call them (see permissions/global-rule),
   * enforced beside the permission key. Every route behind a system key is one; a route behind
   * another key or open to any signed-in user says so itself.
   */
  global: GlobalRule | null;
  /** The request body's schema (validated before the handler runs); none for routes without a body. */
  body: Body | null;
  /** The path parameters' schema: a malformed id answers 400 before anything is read. */
  params: Params;
  query: Query;
  /** The schema of `data` in a successful answer. */
  response: Response;
  /** Set on routes of owned objects: the ownership step applies the one policy. */
  owned: OwnedRule | null;
  /** A GET that changes something (restart, update, dump, a licence applied): never called with real data by the route walk. */
  sideEffect: boolean;
  /** Readable with a report's print token (the PDF renderer's page), for the report the token names only. */
  print: boolean;
  /** The content type of a route that answers a file (its bytes, the name in Content-Disposition) instead of JSON. */
  file: string | null;
  /** Answers its data as the whole JSON body, without the `{ res, data }` envelope: a document other tools read as it is (the OpenAPI description). */
  raw: boolean;
  /**
   * What one request takes from the caller's API rate limit (shared/src/customers/api-rate-limits.ts):
   * 1, more for a route whose work is scarce, 0 for a route not counted. Public routes are not
   * counted (the abuse limits hold the account routes).
   */
  rateCost: number;
  /**
   * A list that can grow without bound: its query is `listQuerySchema` (q, limit, cursor; see
   * paging.ts) and a page request's envelope carries `next_cursor` beside `data`.
   */
  paged: boolean;
}

interface RouteSpec<Body extends z.ZodType | null, Params, Query, Response> {
  body?: Body;
  params?: Params;
  query?: Query;
  response: Response;
  owned?: OwnedRule;
  sideEffect?: boolean;
  print?: boolean;
  file?: string;
  raw?: boolean;
  paged?: boolean;
}

interface SignedInSpec<Body extends z.ZodType | null, Params, Query, Response> extends RouteSpec<Body, Params, Query, Response> {
  permission: RoutePermission;
  action?: Action;
  /** Defaults to whether the permission key is a premium one (spec 1 §6). */
  premium?: boolean;
  rootOnly?: boolean;
  /** A route that crosses customers without a system key (a vendor-signed report); routes behind a system key are global by themselves. */
  global?: GlobalRule;
  /** What a request takes from the caller's API rate limit; 1 unless the route's work is scarcer. */
  rateCost?: number;
}

type Defined<T, Fallback> = [T] extends [undefined] ? Fallback : T;

/** The schemas of a route, with the defaults of what it does not name: no body, no parameters, no query. */
const schemasOf = <Body, Params, Query, Response>(spec: RouteSpec<Body & (z.ZodType | null), Params, Query, Response>) => ({
  body: (spec.body ?? null) as Defined<Body, null>,
  params: (spec.params ?? NO_PARAMETERS) as Defined<Params, typeof NO_PARAMETERS>,
  query: (spec.query ?? NO_PARAMETERS) as Defined<Query, typeof NO_PARAMETERS>,
  response: spec.response,
  owned: spec.owned ?? null,
  sideEffect: spec.sideEffect ?? false,
  print: spec.print ?? false,
  file: spec.file ?? null,
  raw: spec.raw ?? false,
  paged: spec.paged ?? false,
});

export const publicRoute = <
  const Group extends EndpointGroup,
  Body extends z.ZodType | undefined = undefined,
  Params extends StringsSchema | undefined = undefined,
  Query extends StringsSchema | undefined = undefined,
  Response extends z.ZodType = z.ZodType,
>(
  method: HttpMethod,
  path: string,
  group: Group,
  spec: RouteSpec<Body & (z.ZodType | null), Params, Query, Response>,
) => ({
  operation: '',
  method,
  path,
  group,
  access: 'public' as const,
  permission: null,
  action: 'view' as Action,
  premium: false,
  rootOnly: false,
  global: null,
  rateCost: 0,
  ...schemasOf<Body, Params, Query, Response>(spec),
});

/** A route behind a system key reaches every customer: super users' and root's, or root's alone. */
const globalRuleOf = (permission: RoutePermission, rootOnly: boolean): GlobalRule | null => {
  if (permission === ANY_SIGNED_IN_USER || !isSystemKey(permission)) return null;
  return rootOnly ? 'root' : 'super-user';
};

export const route = <
  const Group extends EndpointGroup,
  Body extends z.ZodType | undefined = undefined,
  Params extends StringsSchema | undefined = undefined,
  Query extends StringsSchema | undefined = undefined,
  Response extends z.ZodType = z.ZodType,
>(
  method: HttpMethod,
  path: string,
  group: Group,
  spec: SignedInSpec<Body & (z.ZodType | null), Params, Query, Response>,
) => ({
  operation: '',
  method,
  path,
  group,
  access: 'signed-in' as const,
  permission: spec.permission,
  action: spec.action ?? ('view' as Action),
  premium: spec.premium ?? (spec.permission !== ANY_SIGNED_IN_USER && isPremiumKey(spec.permission)),
  rootOnly: spec.rootOnly ?? false,
  global: spec.global ?? globalRuleOf(spec.permission, spec.rootOnly ?? false),
  rateCost: spec.rateCost ?? 1,
  ...schemasOf<Body, Params, Query, Response>(spec),
});

/** The permission of the locations-and-points settings, shared by the locations, points and data groups. */
/** A body sent bare or as `{ data: … }` (spec 1 §7, spec 2 §7: tabs, widgets and reports carry `data`). */
export const wrapped = <T extends z.ZodObject>(schema: T) =>
  z.preprocess((body) => (typeof body === 'object' && body !== null && 'data' in body ? (body as { data: unknown }).data : body), schema);

/** A group's file holds the routes of that group only. */
export type GroupRoutes<Group extends EndpointGroup> = Record<string, { group: Group }>;

export const SETTINGS = { permission: 'app.settings.locations_and_points' } as const;
/** The dashboard's permission, shared by the dashboards and images groups. */
export const DASHBOARD = { permission: 'app.dashboard' } as const;
/** The path parameters of a route naming one object. */
export const byId = z.object({ id: idSchema });
