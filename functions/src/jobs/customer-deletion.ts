import type { Context } from 'aws-lambda';
import type { CustomerDeletionJob } from '../services/job-launcher';
import { runCustomerDeletion } from '../services/customer-deletion-service';

/**
 * One run of a customer's deletion, started by DELETE /customers/{id} or by the run before it;
 * Lambda's retries of a failed run resume from its checkpoint.
 */
export const handler = async (job: CustomerDeletionJob, context?: Context): Promise<void> => {
  await runCustomerDeletion(job, context ? () => context.getRemainingTimeInMillis() : undefined);
};
