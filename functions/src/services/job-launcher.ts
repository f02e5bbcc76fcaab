import { InvokeCommand } from '@aws-sdk/client-lambda';
import { requireSetting } from '../config';
import { lambda } from '../clients/lambda';
import { correlationFields } from '../logger';
import { newId } from './new-id';

export type SeriesJob =
  | { kind: 'calculate'; customerId: string; pointId: string; requestedBy: string | null; from?: number; to?: number }
  | { kind: 'merge'; customerId: string; pointId: string; sourceIds: string[]; requestedBy: string | null }
  | { kind: 'purge'; customerId: string; pointId: string; requestedBy: string | null }
  | { kind: 'convert'; customerId: string; pointId: string; fromUnit: string; toUnit: string; requestedBy: string | null };

/** `correlationId`: the request or job that started it (its lines carry that id; without one, the job's own id). */
export type LaunchedJob = SeriesJob & { jobId: string; correlationId?: string };

/** Starts long series work in the jobs function without waiting for it. */
export const launchJob = async (job: SeriesJob): Promise<string> => {
  const jobId = newId('job');
  await lambda.send(
    new InvokeCommand({
      FunctionName: requireSetting('SERIES_JOBS_FUNCTION'),
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify({ ...job, jobId, ...correlationFields() } satisfies LaunchedJob)),
    }),
  );
  return jobId;
};

/** A run of a customer's purge (see customer-deletion-service): `jobId` names the purge it holds. */
export interface CustomerDeletionJob {
  kind: 'customer_deletion';
  customerId: string;
  requestedBy: string | null;
  jobId: string;
  correlationId?: string;
}

/** What the deployment's purge schedule sends the customer-deletion function: purge the customers whose restore window is over. */
export interface CustomerPurgeSweep {
  kind: 'customer_purge_sweep';
  correlationId?: string;
}

/** A database dump (see database-dump-service): `jobId` names its record and its file. */
export interface DatabaseDumpJob {
  kind: 'database_dump';
  scope: 'customer' | 'all';
  /** The customer dumped; null for all data. */
  customerId: string | null;
  requestedBy: string | null;
  jobId: string;
  correlationId?: string;
}

/** Starts a dump in its own function without waiting for it (its log lines carry the request's id). */
export const launchDatabaseDump = async (job: DatabaseDumpJob): Promise<void> => {
  await lambda.send(
    new InvokeCommand({
      FunctionName: requireSetting('DATABASE_DUMP_FUNCTION'),
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify({ ...job, ...correlationFields() } satisfies DatabaseDumpJob)),
    }),
  );
};
