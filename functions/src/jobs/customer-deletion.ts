import type { Context } from 'aws-lambda';
import type { CustomerDeletionJob } from '../services/job-launcher';
import { runCustomerDeletion } from '../services/customer-deletion-service';
import { correlated } from '../logger';

/**
 * One run of a customer's deletion, started by DELETE /customers/{id} or by the run before it;
 * Lambda's retries of a failed run resume from its checkpoint.
 */
export const handler = correlated(
  (job: CustomerDeletionJob) => job.correlationId ?? job.jobId,
  async (job: CustomerDeletionJob, context: Context | undefined): Promise<void> => {
    await runCustomerDeletion(job, context ? () => context.getRemainingTimeInMillis() : undefined);
  },
);
