import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { countLogLine, finishUsage, startUsage } from './usage/meter';

/** One structured JSON line per event; CloudWatch (and the emulator's log) keep them. */
type Level = 'debug' | 'info' | 'warn' | 'error';

/** What every line of one request or job carries. */
interface LogContext {
  correlationId: string;
}

const context = new AsyncLocalStorage<LogContext>();

/**
 * The correlation id of the request or job being handled: the API Gateway request id for API
 * calls, the schedule's execution id (or the job's own id) for jobs; undefined outside one.
 */
export const currentCorrelationId = (): string | undefined => context.getStore()?.correlationId;

/** Runs `work` with every log line (and every job or send it starts) carrying `correlationId`. */
export const withCorrelationId = <T>(correlationId: string, work: () => T): T => context.run({ correlationId }, work);

/**
 * What a payload that starts other work (an asynchronous invoke, a schedule, an outbox send)
 * spreads into itself so that the work logs under the same id: `{ correlationId }`, or nothing
 * outside a request.
 */
export const correlationFields = (): { correlationId?: string } => {
  const correlationId = currentCorrelationId();
  return correlationId ? { correlationId } : {};
};

/** A usable id from an event: a non-empty string that is not an unfilled template (`<aws.scheduler.execution-id>`). */
const usable = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 200 && !value.startsWith('<');

/**
 * Wraps a Lambda handler so that each invocation runs under a correlation id: the one `idOf`
 * reads from the event (a request id, the id a starting request passed), else the invocation's
 * own request id.
 */
export const correlated =
  <Event, Context extends { awsRequestId?: string } | undefined, Result>(
    idOf: (event: Event) => unknown,
    handler: (event: Event, lambdaContext: Context) => Promise<Result>,
  ) =>
  (event: Event, lambdaContext: Context): Promise<Result> => {
    let found: unknown;
    try {
      found = idOf(event);
    } catch {
      found = undefined;
    }
    const correlationId = usable(found) ? found : (lambdaContext?.awsRequestId ?? randomUUID());
    return withCorrelationId(correlationId, () => withUsage(() => handler(event, lambdaContext)));
  };

/**
 * Runs one invocation's work metered (usage/meter.ts): if the sample takes it, one `usage` line
 * is written when it ends, with its duration and what it called. `correlated` does it for every
 * handler it wraps; a handler without a correlation id (the authorizer) calls it itself.
 */
export const withUsage = async <Result>(work: () => Promise<Result>): Promise<Result> => {
  startUsage();
  const started = performance.now();
  try {
    return await work();
  } finally {
    const usage = finishUsage(performance.now() - started);
    if (usage) process.stdout.write(`${JSON.stringify({ level: 'info', message: 'usage', time: new Date().toISOString(), ...correlationFields(), ...usage })}\n`);
  }
};

const write = (level: Level, message: string, fields: Record<string, unknown> = {}): void => {
  const line = JSON.stringify({ level, message, time: new Date().toISOString(), ...correlationFields(), ...fields });
  countLogLine(Buffer.byteLength(line) + 1);
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
};

export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};

/** The namespace of the product's metrics (the operations dashboard reads it, infra/lib/stacks/operations-stack.ts). */
export const METRICS_NAMESPACE = 'WattWise';

/** The product's own metrics (each a custom metric CloudWatch bills by the month). */
export const PRODUCT_METRICS = ['ImportedRows', 'AlertsEvaluated', 'EmailsSent'] as const;
export type ProductMetric = (typeof PRODUCT_METRICS)[number];

/**
 * Records a product metric as a log line in CloudWatch's embedded metric format: CloudWatch
 * turns it into a metric (namespace `WattWise`, dimension `Stage`) with no API call from the
 * function. The line is also an ordinary info line (message `metric`) with the correlation id.
 */
export const metric = (name: ProductMetric, value: number, fields: Record<string, unknown> = {}): void => {
  const stage = process.env.METRICS_STAGE ?? 'local';
  write('info', 'metric', {
    ...fields,
    _aws: {
      Timestamp: Date.now(),
      CloudWatchMetrics: [{ Namespace: METRICS_NAMESPACE, Dimensions: [['Stage']], Metrics: [{ Name: name, Unit: 'Count' }] }],
    },
    Stage: stage,
    [name]: value,
  });
};

export const describeError = (error: unknown): Record<string, unknown> =>
  error instanceof Error
    ? { name: error.name, error: error.message, stack: error.stack, cause: describeCause(error.cause) }
    : { error: String(error) };

const describeCause = (cause: unknown): unknown =>
  cause instanceof Error ? { name: cause.name, error: cause.message } : cause;
