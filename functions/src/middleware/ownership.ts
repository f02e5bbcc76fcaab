import type { IdSource, RouteDefinition } from '@shared/api/routes';
import { isListed, type Owned } from '@shared/permissions/ownership';
import { isIdOf } from '@shared/schemas/ids';
import { assertAccess } from '../services/owned-access';
import { viewerOf } from '../services/caller';
import type { HttpRequest, RouteHandler } from './types';

const isOwned = (value: unknown): value is Owned =>
  typeof value === 'object' && value !== null && typeof (value as Owned).user === 'string';

const idIn = (request: HttpRequest, source: IdSource): string | null => {
  const holder = (source.in === 'params' ? request.params : request.body) as unknown;
  const value = source.field
    .split('.')
    .reduce<unknown>((inside, field) => (typeof inside === 'object' && inside !== null ? (inside as Record<string, unknown>)[field] : undefined), holder);
  return typeof value === 'string' ? value : null;
};

/**
 * The ownership step, the one place the ownership policy is applied to owned objects (see
 * `OwnedRule`): another customer's id or someone else's unshared object answers 404 (a tab, 403
 * `not_allowed`); changing a shared object that is not one's own, 403 `not_allowed`; lists keep what the request view shows.
 * Routes without an ownership rule pass straight through.
 */
export const applyOwnership = async (route: RouteDefinition, request: HttpRequest, handler: RouteHandler): Promise<unknown> => {
  const rule = route.owned;
  const caller = request.caller;
  if (!rule || !caller?.customerId) return handler(request);
  const customerId = caller.customerId;
  const viewer = viewerOf(caller);
  const container = rule.container ? idIn(request, rule.container) : null;
  const inContainer = rule.container !== undefined && isIdOf(rule.container.kind, container);
  if (rule.intent === 'list' || rule.intent === 'create') {
    if (inContainer) await assertAccess(customerId, viewer, rule.container!.kind, container, rule.intent === 'list' ? 'read' : 'contribute');
    if (rule.intent === 'create') return handler(request);
    // Inside a container the caller may read, everything in it is listed; elsewhere, what the request view shows.
    const listed = (item: Owned) => inContainer || isListed(viewer, request.headers.requestView, item);
    const answer = await handler({ ...request, listed });
    if (inContainer) return answer;
    if (!Array.isArray(answer)) throw new Error(`${route.operation}: an owned list must answer an array`);
    return answer.filter((item) => isOwned(item) && listed(item));
  }
  await assertAccess(customerId, viewer, rule.kind, rule.id ? idIn(request, rule.id) : null, rule.intent);
  return handler(request);
};
