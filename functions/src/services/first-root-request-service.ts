import * as z from 'zod';
import { LANGUAGES } from '@shared/constants';
import { answerCloudFormation } from '../clients/cloudformation-response';
import { describeError, logger } from '../logger';
import { provisionFirstRoot, type FirstRootOutcome } from './first-root-service';

const requestSchema = z.object({ email: z.string().trim().email(), language: z.enum(LANGUAGES).optional() });

/** What CloudFormation sends a custom resource's function (the fields this one reads). */
const customResourceEventSchema = z.object({
  RequestType: z.enum(['Create', 'Update', 'Delete']),
  ResponseURL: z.string().url(),
  StackId: z.string(),
  RequestId: z.string(),
  LogicalResourceId: z.string(),
  PhysicalResourceId: z.string().optional(),
  ResourceProperties: z.object({ Email: z.string(), Language: z.string().optional() }).passthrough(),
});

/** One id for the resource whatever the address: a changed address is an update of it, never a replacement (which would delete). */
const PHYSICAL_ID = 'wattwise-first-root';

const dataOf = (outcome: FirstRootOutcome): Record<string, string> => ({
  Outcome: outcome.outcome,
  RootEmail: outcome.email,
  Mail: outcome.outcome === 'created' ? outcome.mail : 'none',
});

/**
 * The first-root function's event: from CloudFormation (the custom resource `Custom::FirstRoot`,
 * answered at its response URL; a Delete leaves every user in place), or a direct invocation
 * `{ email, language? }`, which answers the outcome.
 */
export const handleFirstRootEvent = async (event: unknown): Promise<FirstRootOutcome | void> => {
  const fromCloudFormation = customResourceEventSchema.safeParse(event);
  if (!fromCloudFormation.success) return provisionFirstRoot(requestSchema.parse(event));
  const request = fromCloudFormation.data;
  logger.info('first root custom resource', { requestType: request.RequestType });
  const answer = {
    PhysicalResourceId: request.PhysicalResourceId ?? PHYSICAL_ID,
    StackId: request.StackId,
    RequestId: request.RequestId,
    LogicalResourceId: request.LogicalResourceId,
  };
  if (request.RequestType === 'Delete') {
    return answerCloudFormation(request.ResponseURL, { ...answer, Status: 'SUCCESS', Reason: 'Users are never removed by a deployment' });
  }
  try {
    const { Email, Language } = request.ResourceProperties;
    const outcome = await provisionFirstRoot(requestSchema.parse({ email: Email, ...(Language ? { language: Language } : {}) }));
    await answerCloudFormation(request.ResponseURL, { ...answer, Status: 'SUCCESS', Reason: outcome.outcome, Data: dataOf(outcome) });
  } catch (error) {
    logger.error('first root administrator not provisioned', describeError(error));
    const reason = `The root administrator could not be made: ${String((error as Error)?.message ?? error).slice(0, 300)}`;
    await answerCloudFormation(request.ResponseURL, { ...answer, Status: 'FAILED', Reason: reason });
  }
};
