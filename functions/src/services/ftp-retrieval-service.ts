import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { ftpAddress, type FtpFailure } from '@shared/schemas/ftp-retriever';
import {
  claimRemoteFile,
  getFtpRetriever,
  listRemoteFileRecords,
  markRemoteFileRetrieved,
  recordFtpRun,
  recordObservation,
  releaseRemoteFile,
  type RemoteFileRecord,
  type StoredFtpRetriever,
} from '../data/ftp-retriever-repository';
import { describeError, logger } from '../logger';
import { receiveFile } from './file-intake';
import { newId } from './new-id';
import { connectRemoteFileServer, describeRemoteFailure, type RemoteFileServer } from './remote-file-server';
import { decide, isMeterFileName, SETTLE_MS, versionOf, type RemoteEntry } from './remote-file-selection';
import { openSecret } from './secret-box';

/** What one retrieval did, as the job answers it (and logs it). */
export interface RetrievalSummary {
  status: 'ok' | 'error' | 'skipped';
  retrieved: string[];
  /** Files seen still changing (or new): taken once two listings agree. */
  waiting: string[];
  /** Files whose new date hid the same bytes as the version taken before. */
  unchanged: string[];
  /** Files that could not be copied (tried again next run), with the reason. */
  failed: string[];
  error: { kind: FtpFailure; message: string } | null;
}

/** A run stops starting copies after this long and leaves the rest to the next one (the job may run 15 minutes). */
const RUN_BUDGET_MS = 10 * 60 * 1000;
/** A claim older than the job's own limit belongs to a run that died: its file may be taken again. */
const CLAIM_STALE_MS = 16 * 60 * 1000;

const sha256OfFile = async (file: string): Promise<string> => {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
};

interface RunContext {
  retriever: StoredFtpRetriever;
  server: RemoteFileServer;
  run: string;
  memory: Map<string, RemoteFileRecord>;
  workDir: string;
  summary: RetrievalSummary;
  deadline: number;
}

/**
 * Copies one settled file into the product and imports it, once: the claim makes sure no other
 * run copies this version; a copy whose bytes equal the version taken before is only remembered.
 */
const take = async (context: RunContext, entry: RemoteEntry): Promise<void> => {
  const { retriever, run, memory } = context;
  const customerId = retriever.customer;
  const version = versionOf(entry);
  const now = new Date();
  if (!(await claimRemoteFile(customerId, retriever._id, entry.name, version, run, now.toISOString(), new Date(now.getTime() - CLAIM_STALE_MS).toISOString()))) return;
  const local = path.join(context.workDir, `${context.summary.retrieved.length + context.summary.unchanged.length}.part`);
  try {
    await context.server.download(retriever.path, entry.name, local);
    const hash = await sha256OfFile(local);
    const before = memory.get(entry.name);
    if (before?.hash === hash) {
      await markRemoteFileRetrieved(customerId, retriever._id, entry.name, { version, at: new Date().toISOString(), hash, fileId: before.file_id ?? null });
      context.summary.unchanged.push(entry.name);
    } else {
      const file = await receiveFile({
        customerId,
        name: entry.name,
        origin: { kind: retriever.isSftp ? 'sftp' : 'ftp', id: retriever._id, label: ftpAddress(retriever) },
        body: createReadStream(local),
        importNow: true,
      });
      await markRemoteFileRetrieved(customerId, retriever._id, entry.name, { version, at: file.received_at, hash, fileId: file._id });
      context.summary.retrieved.push(entry.name);
    }
    memory.set(entry.name, { ...(before ?? { name: entry.name, observed: version, observed_at: now.toISOString() }), retrieved: version, hash });
  } catch (error) {
    await releaseRemoteFile(customerId, retriever._id, entry.name, run);
    throw error;
  } finally {
    await rm(local, { force: true });
  }
};

/**
 * One look at the folder: files already taken are passed over, settled ones are taken, the others
 * are remembered as they look now. Answers the names still waiting.
 */
const look = async (context: RunContext): Promise<string[]> => {
  const { retriever, memory } = context;
  const listed = (await context.server.listFiles(retriever.path)).filter((entry) => isMeterFileName(entry.name));
  const now = new Date();
  const waiting: string[] = [];
  for (const entry of listed) {
    const known = memory.get(entry.name);
    const decision = decide(entry, known, now);
    if (decision === 'take' && Date.now() < context.deadline) {
      try {
        await take(context, entry);
      } catch (error) {
        // One file that cannot be copied does not hold the others back; the next run tries it again.
        context.summary.failed.push(`${entry.name}: ${describeRemoteFailure(error).message}`);
        logger.warn('ftp file not retrieved', { customerId: retriever.customer, ftpId: retriever._id, file: entry.name, ...describeError(error) });
      }
    } else if (decision !== 'retrieved') {
      waiting.push(entry.name);
      if (known?.observed !== versionOf(entry)) {
        await recordObservation(retriever.customer, retriever._id, entry.name, versionOf(entry), now.toISOString());
        memory.set(entry.name, { ...(known ?? { retrieved: null }), name: entry.name, observed: versionOf(entry), observed_at: now.toISOString() });
      }
    }
  }
  return waiting;
};

const retrieveFrom = async (retriever: StoredFtpRetriever, run: string, summary: RetrievalSummary): Promise<void> => {
  const password = await openSecret(retriever.customer, retriever.password_sealed);
  const server = await connectRemoteFileServer({ host: retriever.host, port: retriever.port, user: retriever.user, password, isSftp: retriever.isSftp });
  const workDir = await mkdtemp(path.join(tmpdir(), 'ftp-'));
  try {
    const memory = await listRemoteFileRecords(retriever.customer, retriever._id);
    const context: RunContext = { retriever, server, run, memory, workDir, summary, deadline: Date.now() + RUN_BUDGET_MS };
    summary.waiting = await look(context);
    // New or changed files get a second look within this run, once they had time to change again.
    if (summary.waiting.length && Date.now() + SETTLE_MS < context.deadline) {
      await sleep(SETTLE_MS);
      summary.waiting = await look(context);
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
    await server.close().catch(() => undefined);
  }
};

/**
 * The FTP/SFTP retrieval job (one per schedule firing, or 'retrieve now'): lists the retriever's
 * folder, copies files that are complete and new into the product and imports them. Files stay
 * on the server. An unreachable server or a refused login is recorded on the retriever and logged.
 */
export const retrieveFiles = async (customerId: string, ftpId: string): Promise<RetrievalSummary> => {
  const summary: RetrievalSummary = { status: 'ok', retrieved: [], waiting: [], unchanged: [], failed: [], error: null };
  const retriever = await getFtpRetriever(customerId, ftpId);
  if (!retriever || !retriever.active) {
    logger.warn('ftp retrieval skipped', { customerId, ftpId, reason: retriever ? 'inactive' : 'not_found' });
    return { ...summary, status: 'skipped' };
  }
  const run = newId('job');
  await recordFtpRun(customerId, ftpId, { running_since: new Date().toISOString() });
  try {
    await retrieveFrom(retriever, run, summary);
    if (summary.failed.length) summary.error = { kind: 'file_failed', message: summary.failed.join('; ').slice(0, 500) };
  } catch (error) {
    summary.error = describeRemoteFailure(error);
    logger.error('ftp retrieval failed', { customerId, ftpId, address: ftpAddress(retriever), failure: summary.error.kind, detail: summary.error.message, ...describeError(error) });
  }
  if (summary.error) summary.status = 'error';
  await recordFtpRun(customerId, ftpId, {
    running_since: null,
    last_run_at: new Date().toISOString(),
    last_status: summary.status === 'error' ? 'error' : 'ok',
    last_error_kind: summary.error?.kind ?? null,
    last_error: summary.error?.message ?? null,
    files_retrieved_last_run: summary.retrieved.length,
    files_waiting: summary.waiting.length,
  });
  logger.info('ftp retrieval done', { customerId, ftpId, status: summary.status, retrieved: summary.retrieved.length, waiting: summary.waiting.length, unchanged: summary.unchanged.length });
  return summary;
};
