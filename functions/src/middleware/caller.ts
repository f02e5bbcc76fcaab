import * as z from 'zod';
import { roleSchema } from '@shared/permissions/roles';
import { AppError } from '../errors';
import { type Caller } from '../services/caller';

/** API Gateway hands the authorizer's context as strings. */
const authorizerContextSchema = z.object({
  userId: z.string().min(1),
  customerId: z.string(),
  homeCustomerId: z.string(),
  role: roleSchema,
  isRoot: z.enum(['true', 'false']),
  remember: z.enum(['true', 'false']),
  /** Empty unless the caller holds a print token. */
  printReport: z.string().default(''),
});

export type AuthorizerContext = z.infer<typeof authorizerContextSchema>;

export const toAuthorizerContext = (caller: Caller): AuthorizerContext => ({
  userId: caller.userId,
  customerId: caller.customerId ?? '',
  homeCustomerId: caller.homeCustomerId ?? '',
  role: caller.role,
  isRoot: String(caller.isRoot) as 'true' | 'false',
  remember: String(caller.remember) as 'true' | 'false',
  printReport: caller.printReport ?? '',
});

export const callerFromAuthorizer = (context: unknown): Caller => {
  const parsed = authorizerContextSchema.safeParse(context);
  if (!parsed.success) throw new AppError('unauthorized', { details: parsed.error.issues });
  const value = parsed.data;
  return {
    userId: value.userId,
    customerId: value.customerId || null,
    homeCustomerId: value.homeCustomerId || null,
    role: value.role,
    isRoot: value.isRoot === 'true',
    remember: value.remember === 'true',
    ...(value.printReport ? { printReport: value.printReport } : {}),
  };
};
