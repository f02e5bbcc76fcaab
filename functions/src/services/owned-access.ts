import { NOT_FOUND_CODE_OF, PRIVATE_ANSWER_OF, type OwnedKind } from '@shared/api/routes';
import { decideOwnedAccess, ownerOnCreate, type OwnedIntent, type Viewer } from '@shared/permissions/ownership';
import { isIdOf } from '@shared/schemas/ids';
import { getOwnedObject } from '../data/owned-repository';
import { listSuperUsers, listUsersOfCustomer } from '../data/user-repository';
import { AppError } from '../errors';
import { viewerOf, type Caller } from './caller';

/**
 * Lets the call through only when the policy allows `intent` on the object: 404, or 403
 * `not_allowed` (also for someone else's private object of a kind that says so, a tab). Used by
 * the ownership step, and by the rare route whose object is named indirectly (an alert log entry
 * names its alert): the service applies the same policy through it.
 */
export const assertAccess = async (customerId: string, viewer: Viewer, kind: OwnedKind, id: string | null, intent: OwnedIntent): Promise<void> => {
  const item = id && isIdOf(kind, id) ? await getOwnedObject(customerId, kind, id) : null;
  const decision = item ? decideOwnedAccess(viewer, item, intent, { privateAnswer: PRIVATE_ANSWER_OF[kind] }) : 'not_found';
  if (decision === 'not_found') throw new AppError(NOT_FOUND_CODE_OF[kind] ?? 'not_found');
  if (decision !== 'allowed') throw new AppError(decision);
};

/**
 * The owner of a new owned object: the caller, or — for a super user or root choosing one — that
 * user, who must be one of the customer's users or a super user.
 */
export const ownerOfNewObject = async (caller: Caller, customerId: string, requested: string | null | undefined): Promise<string> => {
  const owner = ownerOnCreate(viewerOf(caller), requested);
  if (owner === caller.userId) return owner;
  const [users, superUsers] = await Promise.all([listUsersOfCustomer(customerId), listSuperUsers()]);
  if (![...users, ...superUsers].some((user) => user._id === owner)) throw new AppError('validation_failed', { details: { user: 'unknown' } });
  return owner;
};
