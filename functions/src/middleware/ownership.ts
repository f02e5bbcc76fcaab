import type { RouteDefinition } from '@shared/api/routes';
import { decideOwnedAccess, isListed, type Owned } from '@shared/permissions/ownership';
import { getOwnedObject } from '../data/owned-repository';
import { AppError } from '../errors';
import type { HttpRequest, RouteHandler } from './http-handler';

const isOwned = (value: unknown): value is Owned =>
  typeof value === 'object' && value !== null && typeof (value as Owned).user === 'string';

/**
 * The ownership step, the one place the ownership policy is applied to owned objects: a list
 * keeps what the request view shows; a call on one object runs only when the policy allows it
 * (another customer's id or someone else's unshared object: 404; changing a shared object that
 * is not one's own: 403 `not_allowed`). Routes without an ownership rule pass straight through.
 */
export const applyOwnership = async (route: RouteDefinition, request: HttpRequest, handler: RouteHandler): Promise<unknown> => {
  const rule = route.owned;
  const caller = request.caller;
  if (!rule || !caller?.customerId) return handler(request);
  const viewer = { userId: caller.userId, role: caller.role, isRoot: caller.isRoot };
  if (rule.intent === 'list') {
    const answer = await handler(request);
    if (!Array.isArray(answer)) throw new Error(`${route.operation}: an owned list must answer an array`);
    return answer.filter((item) => isOwned(item) && isListed(viewer, request.headers.requestView, item));
  }
  const id = (request.params as Record<string, string>)[rule.param ?? 'id'];
  const item = id === undefined ? null : await getOwnedObject(caller.customerId, rule.kind, id);
  const decision = item ? decideOwnedAccess(viewer, item, rule.intent) : 'not_found';
  if (decision !== 'allowed') throw new AppError(decision);
  return handler(request);
};
