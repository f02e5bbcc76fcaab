import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { GetFunctionConfigurationCommand, InvokeCommand } from '@aws-sdk/client-lambda';
import type { ServerEvent } from '@shared/realtime/events';
import type { ApplicationInformation, SpyReport, UpdateCheck } from '@shared/schemas/application';
import { dynamo } from '../clients/dynamodb';
import { lambda } from '../clients/lambda';
import * as z from 'zod';
import { latestRelease, releaseManifest } from '../clients/vendor-service';
import { config, requireSetting } from '../config';
import { getApplicationState, setApplicationLock, setApplicationState, startUpdate } from '../data/application-repository';
import { listCustomers } from '../data/customer-repository';
import { getSystemConfig } from '../data/system-repository';
import { entitiesTable } from '../data/table';
import { AppError } from '../errors';
import { describeError, logger } from '../logger';
import { restartFunctions } from './function-restart-service';
import { pushToCustomer } from './realtime-service';
import type { Caller } from './session-service';

const tableSize = async (tableName: string | undefined) => {
  if (!tableName) return { bytes: 0, items: 0 };
  const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
  return { bytes: Number(Table?.TableSizeBytes ?? 0), items: Number(Table?.ItemCount ?? 0) };
};

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

/** The about screen's facts (spec 1 §2.4). The licence summary belongs to the licence (none yet). */
export const getApplicationInformation = async (): Promise<ApplicationInformation> => {
  const [state, system, entities, series, deployed] = await Promise.all([
    getApplicationState(),
    getSystemConfig(),
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
    is_locked: system.is_locked,
    can_from_server: system.can_from_server,
    licence: null,
    sizes: { entities, series },
  };
};

/** Every open browser: each customer's connections, and those of sessions on no customer. */
export const pushToEveryone = async (event: ServerEvent): Promise<number> => {
  const customers = await listCustomers();
  const counts = await Promise.all([...customers.map((customer) => customer._id), 'none'].map((id) => pushToCustomer(id, event)));
  return counts.reduce((sum, count) => sum + count, 0);
};

/**
 * Restarts the application: every function is stamped (see function-restart-service), the time
 * is recorded for the about screen, and the browsers are told so that they reconnect.
 */
export const restartApplication = async (caller: Caller | null): Promise<{ restarted: number; restarted_at: string }> => {
  const restartedAt = new Date().toISOString();
  await setApplicationState({ restarted_at: restartedAt });
  const restarted = await restartFunctions(restartedAt);
  logger.info('application restarted', { by: caller?.userId ?? 'update', restarted });
  await pushToEveryone({ event: 'applicationRestart', data: { restarted_at: restartedAt } }).catch((error: unknown) =>
    logger.warn('restart not announced', describeError(error)),
  );
  return { restarted, restarted_at: restartedAt };
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
  await lambda.send(
    new InvokeCommand({
      FunctionName: requireSetting('APPLICATION_UPDATE_FUNCTION'),
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify({ version, requestedBy: caller.userId })),
    }),
  );
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
  const [system, state] = await Promise.all([getSystemConfig(), getApplicationState()]);
  return {
    allowed: system.can_from_server && !system.is_locked && state.is_allowed_to_update,
    can_from_server: system.can_from_server,
    is_allowed_to_update: state.is_allowed_to_update,
    vendor_service_url: requireSetting('VENDOR_SERVICE_URL'),
  };
};

/**
 * The browser's report of the vendor service's answer (spec 1 §7, when the server may not talk
 * to it): the lock follows the vendor's word (root still signs in), and whether updates are allowed.
 */
export const reportSpy = async (caller: Caller, report: SpyReport): Promise<{ is_locked: boolean }> => {
  const system = await getSystemConfig();
  if (system.is_locked !== report.is_locked) {
    await setApplicationLock(report.is_locked);
    logger.warn(report.is_locked ? 'application locked by the vendor' : 'application unlocked by the vendor', { reportedBy: caller.userId });
  }
  await setApplicationState({ is_allowed_to_update: report.is_allowed_to_update, spy_at: new Date().toISOString() });
  return { is_locked: report.is_locked };
};

const updateJobSchema = z.object({ version: z.string().min(1), requestedBy: z.string().nullable() });

/**
 * The update job. Here (the emulator) a release is its manifest: the job reads it from the vendor
 * service, records its version as installed and restarts every function, which the browsers see
 * (they reload once reconnected). On AWS the same job would start the release's deployment
 * pipeline (CodePipeline on the vendor's artefact), whose last stage does these two steps.
 */
export const installRelease = async (event: unknown): Promise<void> => {
  const job = updateJobSchema.parse(event);
  try {
    const manifest = await releaseManifest(job.version);
    await setApplicationState({ installed_version: manifest.version, wanted_version: null, update_state: 'idle' });
    await restartApplication(null);
    logger.info('application updated', { version: manifest.version, requestedBy: job.requestedBy });
  } catch (error) {
    await setApplicationState({ update_state: 'failed' });
    logger.error('application update failed', { version: job.version, ...describeError(error) });
  }
};
