import type { Context } from 'aws-lambda';
import type { CustomerDeletionJob, CustomerPurgeSweep } from '../services/job-launcher';
import { runCustomerDeletionEvent } from '../services/customer-deletion-service';
import { correlated } from '../logger';

/**
 * The purge sweep (the deployment's schedule), or one run of a customer's purge, started by the
 * sweep or by the run before it; Lambda's retries of a failed run resume from its checkpoint.
 */
export const handler = correlated(
  (job: CustomerDeletionJob | CustomerPurgeSweep) => job.correlationId ?? (job.kind === 'customer_deletion' ? job.jobId : undefined),
  (job: CustomerDeletionJob | CustomerPurgeSweep, context: Context | undefined): Promise<unknown> =>
    runCustomerDeletionEvent(job, context ? () => context.getRemainingTimeInMillis() : undefined),
);
