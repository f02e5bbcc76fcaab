import type { Context } from 'aws-lambda';
import type { CustomerDeletionJob } from '../services/job-launcher';
import { runCustomerDeletion } from '../services/customer-deletion-service';
import { correlated } from '../logger';

/** A customer's deletion, started by DELETE /customers/{id}; Lambda's retries of a failed run resume it. */
export const handler = correlated(
  (job: CustomerDeletionJob) => job.correlationId ?? job.jobId,
  async (job: CustomerDeletionJob, _context: Context | undefined): Promise<void> => {
    await runCustomerDeletion(job);
  },
);
