import type * as z from 'zod';
import type { RouteDefinition } from '@shared/api/routes';
import type { LanguageKey } from '@shared/constants';
import type { Owned } from '@shared/permissions/ownership';
import type { RequestView } from '@shared/permissions/request-view';
import type { Caller } from '../services/caller';

type Output<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

/** The parts of a route a request's types follow. */
type RouteShape = Pick<RouteDefinition, 'access'> & { body: unknown; params: unknown; query: unknown };

/** What a handler receives: everything the route table describes, already checked and parsed. */
export interface HttpRequest<Route extends RouteShape = RouteDefinition> {
  body: Output<Route['body']>;
  params: Output<Route['params']>;
  query: Output<Route['query']>;
  headers: { language: LanguageKey; requestView: RequestView; mobile: boolean };
  /**
   * The address the request came from: the viewer's, as the edge names it beside the origin secret,
   * else API Gateway's view of the connection. What the public account routes are throttled by.
   */
  sourceAddress: string | null;
  /** Null only on public routes. */
  caller: RouteDefinition['access'] extends Route['access'] ? Caller | null : Route['access'] extends 'public' ? null : Caller;
  /**
   * Set by the ownership step on a route that lists owned objects: whether an item will stay in the
   * answer, for a handler that spends work on each item it answers (it need not spend it on the others).
   */
  listed?: (item: Owned) => boolean;
}

export type RouteHandler<Route extends RouteShape = RouteDefinition> = (request: HttpRequest<Route>) => Promise<unknown>;
