import { InvokeCommand } from '@aws-sdk/client-lambda';
import type * as z from 'zod';
import { ftpAddress, missingFtpFields, type FtpRetriever, type ftpRetrieverInputSchema } from '@shared/schemas/ftp-retriever';
import { lambda } from '../clients/lambda';
import { assertDestinationAllowed } from '../clients/outbound-destination';
import { requireSetting } from '../config';
import {
  deleteFtpRetriever,
  deleteRemoteFileRecords,
  getFtpRetriever,
  listFtpRetrieversOfCustomer,
  putNewFtpRetriever,
  updateFtpRetrieverSettings,
  type StoredFtpRetriever,
} from '../data/ftp-retriever-repository';
import { AppError } from '../errors';
import { customerOf, type Caller } from './caller';
import { newId } from './new-id';
import { putRecurringSchedule, removeSchedule, type ScheduledTarget } from './schedule-service';
import { sealSecret } from './secret-box';
import { correlationFields } from '../logger';

type ParsedInput = z.output<typeof ftpRetrieverInputSchema>;

/** What the browser sees: never the password, only whether one is stored. */
const shown = (retriever: StoredFtpRetriever): FtpRetriever => {
  const { customer: _customer, password_sealed: sealed, ...rest } = retriever;
  return { ...rest, has_password: Boolean(sealed) };
};

const targetOf = (customerId: string, ftpId: string): ScheduledTarget => ({ kind: 'ftp', id: ftpId, customerId });

const requireRetriever = async (caller: Caller, ftpId: string): Promise<StoredFtpRetriever> => {
  const retriever = await getFtpRetriever(customerOf(caller), ftpId);
  if (!retriever) throw new AppError('not_found');
  return retriever;
};

/** The settings of an input that passed the mandatory check. */
const settingsOf = (input: ParsedInput) => ({
  host: input.host!.trim(),
  port: input.port!,
  user: input.user!.trim(),
  path: input.path!.trim(),
  active: input.active,
  timeInterval: input.timeInterval,
  isSftp: input.isSftp,
});

/** All fields there, and a server the outbound-destination policy lets us reach: checked before anything is written. */
const assertComplete = async (input: ParsedInput, hasStoredPassword: boolean) => {
  const missing = missingFtpFields(input, { hasStoredPassword });
  if (missing.length) throw new AppError('ftp_fields_mandatory', { details: { missing } });
  await assertDestinationAllowed(input.host!.trim(), input.port!);
};

export const listFtpRetrievers = async (caller: Caller): Promise<FtpRetriever[]> => (await listFtpRetrieversOfCustomer(customerOf(caller))).map(shown);

export const getFtpRetrieverOf = async (caller: Caller, ftpId: string): Promise<FtpRetriever> => shown(await requireRetriever(caller, ftpId));

/**
 * A new retriever: its password sealed for the customer, and its schedule (every `timeInterval`
 * minutes, enabled while active). Without a schedule there is no retriever: a failure to create
 * it removes the record again.
 */
export const createFtpRetriever = async (caller: Caller, input: ParsedInput): Promise<FtpRetriever> => {
  await assertComplete(input, false);
  const customerId = customerOf(caller);
  const now = new Date().toISOString();
  const retriever: StoredFtpRetriever = {
    _id: newId('ftp'),
    customer: customerId,
    ...settingsOf(input),
    password_sealed: await sealSecret(customerId, input.password!),
    created_at: now,
    updated_at: now,
    last_run_at: null,
    last_status: null,
    last_error_kind: null,
    last_error: null,
    files_retrieved_last_run: null,
    files_waiting: null,
    running_since: null,
  };
  await putNewFtpRetriever(retriever);
  try {
    await putRecurringSchedule(targetOf(customerId, retriever._id), retriever.timeInterval, retriever.active);
  } catch (error) {
    await deleteFtpRetriever(customerId, retriever._id);
    throw error;
  }
  return shown(retriever);
};

/**
 * Saves the settings (an empty password keeps the stored one) and brings the schedule in step;
 * saving twice changes nothing more.
 */
export const updateFtpRetrieverOf = async (caller: Caller, ftpId: string, input: ParsedInput): Promise<FtpRetriever> => {
  const existing = await requireRetriever(caller, ftpId);
  await assertComplete(input, Boolean(existing.password_sealed));
  const updated: StoredFtpRetriever = {
    ...existing,
    ...settingsOf(input),
    password_sealed: input.password ? await sealSecret(existing.customer, input.password) : existing.password_sealed,
    updated_at: new Date().toISOString(),
  };
  await updateFtpRetrieverSettings(existing.customer, ftpId, {
    host: updated.host,
    port: updated.port,
    user: updated.user,
    password_sealed: updated.password_sealed,
    path: updated.path,
    active: updated.active,
    timeInterval: updated.timeInterval,
    isSftp: updated.isSftp,
    updated_at: updated.updated_at,
  });
  await putRecurringSchedule(targetOf(existing.customer, ftpId), updated.timeInterval, updated.active);
  // Another server or folder: what was remembered of the old one's files says nothing of the new one's.
  if (ftpAddress(existing) !== ftpAddress(updated)) await deleteRemoteFileRecords(existing.customer, ftpId);
  return shown(updated);
};

/** The schedule goes first (no retrieval starts after), then the retriever and what it remembered of its files. Meter files it brought stay. */
export const deleteFtpRetrieverOf = async (caller: Caller, ftpId: string) => {
  const existing = await requireRetriever(caller, ftpId);
  await removeSchedule(targetOf(existing.customer, ftpId));
  await deleteFtpRetriever(existing.customer, ftpId);
  await deleteRemoteFileRecords(existing.customer, ftpId);
  return { deleted: ftpId };
};

/** 'Retrieve now': the same job the schedule starts, started at once without waiting for it. */
export const runFtpRetrieverNow = async (caller: Caller, ftpId: string) => {
  const existing = await requireRetriever(caller, ftpId);
  if (!existing.active) return { started: false };
  await lambda.send(
    new InvokeCommand({
      FunctionName: requireSetting('SCHEDULED_JOBS_FUNCTION_ARN'),
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify({ ...targetOf(existing.customer, ftpId), ...correlationFields() })),
    }),
  );
  return { started: true };
};
