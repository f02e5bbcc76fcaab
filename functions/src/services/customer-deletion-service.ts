import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { CUSTOMER_DELETION_STEPS } from '@shared/schemas/customer';
import { requireSetting } from '../config';
import { s3 } from '../clients/s3';
import { deleteCustomerItem, deleteCustomerItems, getCustomer, pageOfCustomerPartition } from '../data/customer-repository';
import { keys } from '../data/keys';
import { listSuperUsers } from '../data/user-repository';
import { describeError, logger } from '../logger';
import type { CustomerDeletionJob } from './job-launcher';
import { pushToUser } from './realtime-service';
import { removeSchedule, type ScheduledTarget } from './schedule-service';
import { purgeSeriesOfPoints } from './series-job-service';

/** Items whose entity has a schedule named after it (schedule-service), by sort-key prefix. */
const SCHEDULED_PREFIXES: [string, ScheduledTarget['kind']][] = [
  ['FTP#', 'ftp'],
  ['SRC#', 'source'],
  ['ALERT#', 'alert'],
  ['REM#', 'reminder'],
  ['SUB#', 'subscription'],
];

const progress = async (job: CustomerDeletionJob, done: number, state: 'running' | 'done' | 'failed') => {
  if (!job.requestedBy) return;
  await pushToUser(job.requestedBy, {
    event: 'jobProgress',
    data: { job: job.jobId, kind: job.kind, point: job.customerId, done, total: CUSTOMER_DELETION_STEPS.length, state },
  }).catch((error) => logger.warn('progress not pushed', describeError(error)));
};

/** Every sort key of the customer's partition but the customer item itself (kept to the end: it says "being deleted"). */
const sortKeysOfPartition = async (customerId: string): Promise<string[]> => {
  const sortKeys: string[] = [];
  let next: Record<string, unknown> | undefined;
  do {
    const page = await pageOfCustomerPartition(customerId, next);
    sortKeys.push(...page.items.map((item) => item.SK).filter((sk) => sk !== keys.customer(customerId).SK));
    next = page.next;
  } while (next);
  return sortKeys;
};

/** Deletes every object under `<customer>/` of a bucket, a page at a time. */
const emptyPrefix = async (bucket: string, customerId: string): Promise<number> => {
  let removed = 0;
  for (;;) {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${customerId}/`, MaxKeys: 1000 }));
    const objects = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
    if (objects.length === 0) return removed;
    await s3.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects, Quiet: true } }));
    removed += objects.length;
  }
};

const announceRemoval = async (customerId: string) => {
  const superUsers = await listSuperUsers();
  await Promise.all(
    superUsers.map((user) =>
      pushToUser(user._id, { event: 'customersChanged', data: { customer: customerId, state: 'removed' } }).catch((error) =>
        logger.warn('removal not pushed', describeError(error)),
      ),
    ),
  );
};

/**
 * Removes a customer marked for deletion, in an order that a new run can always resume: series of
 * its points (the point items stay until then, so a new run finds them), schedules of its
 * scheduled entities, its S3 objects (uploads, images and documents), every other item of its
 * partition, and last the customer item, which until then keeps everyone of it out.
 */
export const runCustomerDeletion = async (job: CustomerDeletionJob): Promise<void> => {
  const { customerId } = job;
  logger.info('customer deletion started', { job: job.jobId, customer: customerId });
  try {
    const customer = await getCustomer(customerId);
    if (!customer) {
      await announceRemoval(customerId);
      return progress(job, CUSTOMER_DELETION_STEPS.length, 'done');
    }
    if (!customer.deleting) throw new Error(`Customer ${customerId} is not marked for deletion`);

    const sortKeys = await sortKeysOfPartition(customerId);
    const pointIds = sortKeys.filter((sk) => sk.startsWith('PT#')).map((sk) => sk.slice(3));
    await purgeSeriesOfPoints(pointIds.map((pointId) => ({ customerId, pointId })));
    await progress(job, 1, 'running');

    for (const sk of sortKeys) {
      const scheduled = SCHEDULED_PREFIXES.find(([prefix]) => sk.startsWith(prefix));
      if (scheduled) await removeSchedule({ kind: scheduled[1], id: sk.slice(scheduled[0].length), customerId });
    }
    await progress(job, 2, 'running');

    const removedObjects = (await emptyPrefix(requireSetting('UPLOADS_BUCKET'), customerId)) + (await emptyPrefix(requireSetting('DOCUMENTS_BUCKET'), customerId));
    await progress(job, 3, 'running');

    await deleteCustomerItems(customerId, sortKeys);
    // Anything written while the job ran (a stream batch, a job that had started) goes too.
    await deleteCustomerItems(customerId, await sortKeysOfPartition(customerId));
    await progress(job, 4, 'running');

    await deleteCustomerItem(customerId);
    logger.info('customer deleted', { job: job.jobId, customer: customerId, items: sortKeys.length, points: pointIds.length, objects: removedObjects });
    await announceRemoval(customerId);
    await progress(job, CUSTOMER_DELETION_STEPS.length, 'done');
  } catch (error) {
    logger.error('customer deletion failed', { job: job.jobId, customer: customerId, ...describeError(error) });
    await progress(job, 0, 'failed');
    throw error;
  }
};
