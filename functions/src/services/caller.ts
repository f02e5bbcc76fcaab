import type { Viewer } from '@shared/permissions/ownership';
import type { Role } from '@shared/permissions/roles';
import { AppError } from '../errors';

/** Who makes a request, as the authorizer vouched for it: every service that acts for someone takes one. */
export interface Caller {
  userId: string;
  customerId: string | null;
  homeCustomerId: string | null;
  role: Role;
  isRoot: boolean;
  remember: boolean;
  /** Set for the PDF renderer's page: the one report its print token lets it read. */
  printReport?: string;
}

/** The customer a request works in; a session without one (a super user between customers) cannot touch customer data. */
export const customerOf = (caller: Caller): string => {
  if (!caller.customerId) throw new AppError('customer_not_found');
  return caller.customerId;
};

/** The caller as the ownership policy sees them. */
export const viewerOf = (caller: Pick<Caller, 'userId' | 'role' | 'isRoot'>): Viewer => ({ userId: caller.userId, role: caller.role, isRoot: caller.isRoot });
