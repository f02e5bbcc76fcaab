import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { DatabaseDump } from '@shared/schemas/application';
import { s3 } from '../clients/s3';
import { requireSetting } from '../config';
import { claimDump, getDump, type StoredDump } from '../data/database-dump-repository';
import { keys } from '../data/keys';
import { AppError } from '../errors';
import { logger } from '../logger';
import { customerOf, type Caller } from './caller';
import { launchDatabaseDump } from './job-launcher';
import { newId } from './new-id';

/** How long a dump's link works. */
const LINK_SECONDS = 300;
/** A dump whose job has shown no life for this long (longer than its function may run) is no longer under way. */
const DUMP_STALE_MS = 20 * 60_000;

/** A dump as answered: once done, with a fresh short-lived link that saves under its name. */
const viewOf = async (dump: StoredDump): Promise<DatabaseDump> => {
  const url =
    dump.state === 'done'
      ? await getSignedUrl(
          s3,
          new GetObjectCommand({
            Bucket: requireSetting('DOCUMENTS_BUCKET'),
            Key: dump.object_key,
            ResponseContentDisposition: `attachment; filename="${dump.file_name}"`,
            ResponseContentType: 'application/gzip',
          }),
          { expiresIn: LINK_SECONDS },
        )
      : null;
  return {
    job: dump.job,
    scope: dump.scope,
    state: dump.state,
    items: dump.items,
    done: dump.done,
    total: dump.total,
    table: dump.table,
    file_name: dump.file_name,
    started_at: dump.started_at,
    finished_at: dump.finished_at,
    url,
    expires_in_seconds: url ? LINK_SECONDS : null,
  };
};

/**
 * Starts a dump of the caller's scope — the current customer's data, or (root) everything — in the
 * dump job, and answers it at once; a dump of the same scope under way is answered instead of a
 * second one (one conditional write decides).
 */
export const startDatabaseDump = async (caller: Caller, scope: 'customer' | 'all'): Promise<DatabaseDump> => {
  const customerId = scope === 'customer' ? customerOf(caller) : null;
  const job = newId('job');
  const now = new Date();
  const claim = await claimDump(
    {
      job,
      scope,
      customer: customerId,
      state: 'running',
      items: 0,
      done: 0,
      total: customerId ? 1 : 2,
      table: null,
      object_key: keys.databaseDumpObject(customerId, job),
      file_name: `wattwise-${customerId ?? 'all'}-${now.toISOString().slice(0, 10)}.jsonl.gz`,
      started_at: now.toISOString(),
      finished_at: null,
      heartbeat_at: now.getTime(),
    },
    now.getTime() - DUMP_STALE_MS,
  );
  if (claim.started) {
    await launchDatabaseDump({ kind: 'database_dump', scope, customerId, requestedBy: caller.userId, jobId: job });
    logger.info('database dump started', { job, scope, customerId, by: caller.userId });
  }
  return viewOf(claim.dump);
};

/** A dump of the caller's customer or of all data, by its job id; another's (or one replaced since) is not found. */
export const getDatabaseDump = async (caller: Caller, jobId: string): Promise<DatabaseDump> => {
  const candidates = await Promise.all([caller.customerId ? getDump(caller.customerId) : null, getDump(null)]);
  const dump = candidates.find((candidate) => candidate?.job === jobId);
  if (!dump) throw new AppError('not_found');
  return viewOf(dump);
};
