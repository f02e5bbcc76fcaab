import { GetFunctionConfigurationCommand, InvokeCommand } from '@aws-sdk/client-lambda';
import type { ServerEvent } from '@shared/realtime/events';
import { vendorIsAllowedSchema, type ApplicationInformation, type SpyReport, type UpdateCheck } from '@shared/schemas/application';
import { lambda } from '../clients/lambda';
import * as z from 'zod';
import { latestRelease, releaseManifest } from '../clients/vendor-service';
import { config, requireSetting } from '../config';
import { applyVendorAnswer, getApplicationState, setApplicationState, startUpdate } from '../data/application-repository';
import { listCustomers } from '../data/customer-repository';
import { tableSize } from '../data/table';
import { getSystemConfig } from '../data/system-repository';
import { entitiesTable } from '../data/table';
import { AppError } from '../errors';
import { correlationFields, describeError, logger } from '../logger';
import { isApplicationLocked, licenseSummary } from './license-service';
import { listAppFunctions, restartOtherFunctions, restartSelf } from './function-restart-service';
import { pushToCustomer } from './realtime-service';
import { type Caller } from './caller';
import { verifyVendorAnswer } from './vendor-answer-verifier';

const deployedAt = async (): Promise<string | null> => {
  const name = process.env.AWS_LAMBDA_FUNCTION_NAME;
  if (!name) return null;
  try {
    const { LastModified } = await lambda.send(new GetFunctionConfigurationCommand({ FunctionName: name }));
    return LastModified ? new Date(LastModified).toISOString() : null;
  } catch (error) {
    logger.warn('deployment date unknown', describeError(error));
    return null;
  }
};

/** The installed version: the one an update installed, else the one this code was built as. */
const installedVersion = async (): Promise<string> => (await getApplicationState()).installed_version ?? config.APP_VERSION;

/** The about screen's facts (spec 1 §2.4). */
export const getApplicationInformation = async (): Promise<ApplicationInformation> => {
  const [state, system, locked, licence, entities, series, deployed] = await Promise.all([
    getApplicationState(),
    getSystemConfig(),
    isApplicationLocked(),
    licenseSummary(),
    tableSize(entitiesTable()),
    tableSize(config.SERIES_TABLE),
    deployedAt(),
  ]);
  return {
    version: state.installed_version ?? config.APP_VERSION,
    build_version: config.APP_VERSION,
    commit: config.APP_COMMIT,
    built_at: config.APP_BUILT_AT,
    deployed_at: deployed,
    restarted_at: state.restarted_at,
    stage: config.APP_STAGE,
    region: config.AWS_REGION,
    environment: config.APP_ENVIRONMENT,
    machine_id: system.machine_id,
    is_locked: locked,
    can_from_server: system.can_from_server,
    licence,
    sizes: { entities, series },
  };
};

/** Every open browser: each customer's connections, and those of sessions on no customer. */
export const pushToEveryone = async (event: ServerEvent): Promise<number> => {
  const customers = await listCustomers();
  const counts = await Promise.all([...customers.map((customer) => customer._id), 'none'].map((id) => pushToCustomer(id, event)));
  return counts.reduce((sum, count) => sum + count, 0);
};

/** Starts the application job (restart or update) without waiting for it. */
const startApplicationJob = async (job: ApplicationJob): Promise<void> => {
  await lambda.send(
    new InvokeCommand({
      FunctionName: requireSetting('APPLICATION_UPDATE_FUNCTION'),
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify({ ...job, ...correlationFields() })),
    }),
  );
};

/**
 * Restarts the application ('Application is restarting'): the time is recorded for the about
 * screen and the application job stamps every function (see function-restart-service), this one
 * after it has answered; the browsers are then told (`applicationRestart`) and reconnect.
 */
export const restartApplication = async (caller: Caller): Promise<{ functions: number; restarted_at: string }> => {
  const restartedAt = new Date().toISOString();
  const functions = await listAppFunctions();
  await setApplicationState({ restarted_at: restartedAt });
  await startApplicationJob({ kind: 'restart', restartedAt, requestedFrom: process.env.AWS_LAMBDA_FUNCTION_NAME ?? null, requestedBy: caller.userId });
  logger.info('application restart started', { by: caller.userId, functions: functions.length });
  return { functions: functions.length, restarted_at: restartedAt };
};

/** Every function restarted, the browsers told, and last the job's own function. */
const restartEverything = async (restartedAt: string, requestedFrom: string | null): Promise<void> => {
  await setApplicationState({ restarted_at: restartedAt });
  await restartOtherFunctions(restartedAt, requestedFrom);
  await pushToEveryone({ event: 'applicationRestart', data: { restarted_at: restartedAt } }).catch((error: unknown) =>
    logger.warn('restart not announced', describeError(error)),
  );
  await restartSelf(restartedAt);
};

const compareVersions = (a: string, b: string): number => {
  const parts = (version: string) => version.replace(/^v/, '').split(/[.-]/).map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  const [left, right] = [parts(a), parts(b)];
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const [x, y] = [left[index] ?? 0, right[index] ?? 0];
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x).localeCompare(String(y));
  }
  return 0;
};

/** Asks the vendor for the latest release: `new_version` when it is newer than the installed one. */
export const checkUpdate = async (): Promise<UpdateCheck> => {
  const [current, system] = await Promise.all([installedVersion(), getSystemConfig()]);
  const latest = await latestRelease(system.machine_id, current);
  return { current_version: current, new_version: compareVersions(latest.version, current) > 0 ? latest.version : null };
};

/**
 * Starts installing the vendor's latest release: records the wanted version (one update at a
 * time), tells every browser (`applicationUpdateStart`) and hands the work to the update job.
 */
export const forceUpdate = async (caller: Caller): Promise<{ version: string; started_at: string }> => {
  const check = await checkUpdate();
  const version = check.new_version ?? check.current_version;
  const startedAt = new Date().toISOString();
  if (!(await startUpdate(version, startedAt))) throw new AppError('update_in_progress');
  await startApplicationJob({ kind: 'update', version, requestedFrom: process.env.AWS_LAMBDA_FUNCTION_NAME ?? null, requestedBy: caller.userId });
  await pushToEveryone({ event: 'applicationUpdateStart', data: {} }).catch((error: unknown) =>
    logger.warn('update start not announced', describeError(error)),
  );
  return { version, started_at: startedAt };
};

/**
 * Whether updates may be looked for and installed in the background: the server may talk to the
 * vendor (communication.can_from_server), the application is not locked, and the vendor's last
 * word did not forbid updates.
 */
export const isBackgroundAllowed = async () => {
  const [system, state, locked] = await Promise.all([getSystemConfig(), getApplicationState(), isApplicationLocked()]);
  return {
    allowed: system.can_from_server && !locked && state.is_allowed_to_update,
    can_from_server: system.can_from_server,
    is_allowed_to_update: state.is_allowed_to_update,
    vendor_service_url: requireSetting('VENDOR_SERVICE_URL'),
  };
};

/**
 * The browser's report of the vendor service's answer (spec 1 §7, when the server may not talk
 * to it). The browser is only the messenger: the answer it relays must carry the vendor's
 * signature, for this machine, signed within the last minutes and after the last one applied.
 * Then the lock follows the vendor's word (root still signs in), and whether updates are allowed.
 * Anything else changes nothing.
 */
export const reportSpy = async (caller: Caller, report: SpyReport, now: Date = new Date()): Promise<{ is_locked: boolean }> => {
  const system = await getSystemConfig();
  const relayed = vendorIsAllowedSchema.safeParse(report.result);
  const claims = await verifyVendorAnswer(relayed.success ? relayed.data.data.signature : undefined, {
    machineId: system.machine_id,
    vendorPublicKey: config.LICENSE_PUBLIC_KEY,
    now,
  });
  const said = [report, relayed.data?.data];
  if (said.some((answer) => answer?.is_locked !== claims.is_locked || answer.is_allowed_to_update !== claims.is_allowed_to_update)) {
    throw new AppError('vendor_answer_altered');
  }
  const applied = await applyVendorAnswer({
    is_locked: claims.is_locked,
    is_allowed_to_update: claims.is_allowed_to_update,
    signedAt: claims.iat,
    receivedAt: now.toISOString(),
  });
  if (!applied) throw new AppError('vendor_answer_replayed', { details: { signed_at: new Date(claims.iat * 1000).toISOString() } });
  if (system.is_locked !== claims.is_locked) {
    logger.warn(claims.is_locked ? 'application locked by the vendor' : 'application unlocked by the vendor', { reportedBy: caller.userId });
  }
  return { is_locked: claims.is_locked };
};

const applicationJobSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('restart'), restartedAt: z.string(), requestedFrom: z.string().nullable(), requestedBy: z.string() }),
  z.object({ kind: z.literal('update'), version: z.string().min(1), requestedFrom: z.string().nullable(), requestedBy: z.string() }),
]);
type ApplicationJob = z.infer<typeof applicationJobSchema>;

/**
 * The application job: a restart, or an update. Here (the emulator) a release is its manifest:
 * the update reads it from the vendor service, records its version as installed and restarts
 * every function, which the browsers see (they reload once reconnected). On AWS the same job would
 * start the release's deployment pipeline (CodePipeline on the vendor's artefact), whose last
 * stage does these two steps.
 */
export const runApplicationJob = async (event: unknown): Promise<void> => {
  const job = applicationJobSchema.parse(event);
  if (job.kind === 'restart') return restartEverything(job.restartedAt, job.requestedFrom);
  let installed: string;
  try {
    installed = (await releaseManifest(job.version)).version;
    await setApplicationState({ installed_version: installed, wanted_version: null, update_state: 'idle' });
  } catch (error) {
    await setApplicationState({ update_state: 'failed' });
    logger.error('application update failed', { version: job.version, ...describeError(error) });
    return;
  }
  logger.info('application updated', { version: installed, requestedBy: job.requestedBy });
  await restartEverything(new Date().toISOString(), job.requestedFrom);
};
