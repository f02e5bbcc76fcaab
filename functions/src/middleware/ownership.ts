import type { IdSource, OwnedKind, RouteDefinition } from '@shared/api/routes';
import { decideOwnedAccess, isListed, type Owned, type OwnedIntent, type Viewer } from '@shared/permissions/ownership';
import type { ErrorCode } from '@shared/errors';
import { isIdOf } from '@shared/schemas/ids';
import { getOwnedObject } from '../data/owned-repository';
import { AppError } from '../errors';
import type { HttpRequest, RouteHandler } from './http-handler';

const isOwned = (value: unknown): value is Owned =>
  typeof value === 'object' && value !== null && typeof (value as Owned).user === 'string';

const idIn = (request: HttpRequest, source: IdSource): string | null => {
  const holder = (source.in === 'params' ? request.params : request.body) as unknown;
  const value = source.field
    .split('.')
    .reduce<unknown>((inside, field) => (typeof inside === 'object' && inside !== null ? (inside as Record<string, unknown>)[field] : undefined), holder);
  return typeof value === 'string' ? value : null;
};

/** The 404 code of a kind whose screens say so in their own words (spec 2 §8: 'Alert not found'). */
const NOT_FOUND_OF: Partial<Record<OwnedKind, ErrorCode>> = { alert: 'alert_not_found' };

/**
 * Lets the call through only when the policy allows `intent` on the object: 404, or 403
 * `not_allowed`. Exported for the rare route whose object is named indirectly (an alert log
 * entry names its alert): the service applies the same policy through it.
 */
export const assertAccess = async (customerId: string, viewer: Viewer, kind: OwnedKind, id: string | null, intent: OwnedIntent): Promise<void> => {
  const item = id && isIdOf(kind, id) ? await getOwnedObject(customerId, kind, id) : null;
  const decision = item ? decideOwnedAccess(viewer, item, intent) : 'not_found';
  if (decision === 'not_found') throw new AppError(NOT_FOUND_OF[kind] ?? 'not_found');
  if (decision !== 'allowed') throw new AppError(decision);
};

/**
 * The ownership step, the one place the ownership policy is applied to owned objects (see
 * `OwnedRule`): another customer's id or someone else's unshared object answers 404; changing a
 * shared object that is not one's own, 403 `not_allowed`; lists keep what the request view shows.
 * Routes without an ownership rule pass straight through.
 */
export const applyOwnership = async (route: RouteDefinition, request: HttpRequest, handler: RouteHandler): Promise<unknown> => {
  const rule = route.owned;
  const caller = request.caller;
  if (!rule || !caller?.customerId) return handler(request);
  const customerId = caller.customerId;
  const viewer = { userId: caller.userId, role: caller.role, isRoot: caller.isRoot };
  const container = rule.container ? idIn(request, rule.container) : null;
  const inContainer = rule.container !== undefined && isIdOf(rule.container.kind, container);
  if (rule.intent === 'list' || rule.intent === 'create') {
    if (inContainer) await assertAccess(customerId, viewer, rule.container!.kind, container, rule.intent === 'list' ? 'read' : 'contribute');
    const answer = await handler(request);
    if (rule.intent === 'create' || inContainer) return answer;
    if (!Array.isArray(answer)) throw new Error(`${route.operation}: an owned list must answer an array`);
    return answer.filter((item) => isOwned(item) && isListed(viewer, request.headers.requestView, item));
  }
  await assertAccess(customerId, viewer, rule.kind, rule.id ? idIn(request, rule.id) : null, rule.intent);
  return handler(request);
};
