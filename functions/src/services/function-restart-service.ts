import {
  GetFunctionConfigurationCommand,
  ListFunctionsCommand,
  UpdateFunctionConfigurationCommand,
  type FunctionConfiguration,
} from '@aws-sdk/client-lambda';
import { lambda } from '../clients/lambda';
import { config, requireSetting } from '../config';
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
 * Restarting serverless functions: a new `RESTARTED_AT` in every function's environment makes
 * Lambda retire every warm instance, so the next call starts a fresh one, without the in-memory
 * caches (customer facts, signing keys, transports). Its own function goes last, as the answer
 * is already on its way by then. The environment is read first: the update replaces it whole.
 */
export const restartFunctions = async (restartedAt: string): Promise<number> => {
  const self = process.env.AWS_LAMBDA_FUNCTION_NAME ?? '';
  const names = await listAppFunctions();
  const ordered = [...names.filter((name) => name !== self), ...names.filter((name) => name === self)];
  let restarted = 0;
  await forEachConcurrently(ordered, 4, async (name) => {
    try {
      const current = await lambda.send(new GetFunctionConfigurationCommand({ FunctionName: name }));
      await lambda.send(
        new UpdateFunctionConfigurationCommand({
          FunctionName: name,
          Environment: { Variables: { ...(current.Environment?.Variables ?? {}), RESTARTED_AT: restartedAt } },
        }),
      );
      restarted += 1;
    } catch (error) {
      logger.warn('function not restarted', { name, ...describeError(error) });
    }
  });
  logger.info('functions restarted', { restarted, of: names.length, restartedAt, previous: config.RESTARTED_AT ?? null });
  return restarted;
};
