import type { CustomerDeletionJob } from '../services/job-launcher';
import { runCustomerDeletion } from '../services/customer-deletion-service';

/** A customer's deletion, started by DELETE /customers/{id}; Lambda's retries of a failed run resume it. */
export const handler = async (job: CustomerDeletionJob): Promise<void> => {
  await runCustomerDeletion(job);
};
