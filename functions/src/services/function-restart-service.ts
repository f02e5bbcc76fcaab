import {
  GetFunctionConfigurationCommand,
  ListFunctionsCommand,
  UpdateFunctionConfigurationCommand,
  type FunctionConfiguration,
} from '@aws-sdk/client-lambda';
import { lambda } from '../clients/lambda';
import { requireSetting } from '../config';
import { forEachConcurrently } from '../concurrency';
import { describeError, logger } from '../logger';

/** The app's functions: every function whose name starts with one of its stacks' names. */
export const listAppFunctions = async (): Promise<string[]> => {
  const prefixes = requireSetting('APP_FUNCTION_PREFIXES').split(',').filter(Boolean);
  const names: string[] = [];
  let Marker: string | undefined;
  do {
    const page = await lambda.send(new ListFunctionsCommand({ Marker, MaxItems: 50 }));
    names.push(
      ...(page.Functions ?? [])
        .map((fn: FunctionConfiguration) => fn.FunctionName ?? '')
        .filter((name) => prefixes.some((prefix) => name.startsWith(prefix))),
    );
    Marker = page.NextMarker;
  } while (Marker);
  return names;
};

/**
 * Stamps one function with a new `RESTARTED_AT`: Lambda then retires its warm instances, so the
 * next call starts a fresh one, without the in-memory caches (customer facts, signing keys,
 * transports). The environment is read first: the update replaces it whole.
 */
export const stampFunction = async (name: string, restartedAt: string): Promise<boolean> => {
  try {
    const current = await lambda.send(new GetFunctionConfigurationCommand({ FunctionName: name }));
    await lambda.send(
      new UpdateFunctionConfigurationCommand({
        FunctionName: name,
        Environment: { Variables: { ...(current.Environment?.Variables ?? {}), RESTARTED_AT: restartedAt } },
      }),
    );
    return true;
  } catch (error) {
    logger.warn('function not restarted', { name, ...describeError(error) });
    return false;
  }
};

/**
 * Restarts every function of the app but the running one and `spared` (the function that asked,
 * still answering its caller), then `spared`. The running function is the caller's to stamp last:
 * in the emulator a new configuration stops the instances still at work, as AWS does not.
 */
export const restartOtherFunctions = async (restartedAt: string, spared: string | null): Promise<number> => {
  const self = process.env.AWS_LAMBDA_FUNCTION_NAME ?? '';
  const names = await listAppFunctions();
  let restarted = 0;
  await forEachConcurrently(
    names.filter((name) => name !== self && name !== spared),
    4,
    async (name) => void ((await stampFunction(name, restartedAt)) && (restarted += 1)),
  );
  if (spared && names.includes(spared) && (await stampFunction(spared, restartedAt))) restarted += 1;
  logger.info('functions restarted', { restarted, of: names.length, restartedAt });
  return restarted;
};

/** The running function, stamped last of all. */
export const restartSelf = async (restartedAt: string): Promise<void> => {
  const self = process.env.AWS_LAMBDA_FUNCTION_NAME;
  if (self) await stampFunction(self, restartedAt);
};
