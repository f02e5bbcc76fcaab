/** One structured JSON line per event; CloudWatch (and the emulator's log) keep them. */
type Level = 'debug' | 'info' | 'warn' | 'error';

const write = (level: Level, message: string, fields: Record<string, unknown> = {}): void => {
  const line = JSON.stringify({ level, message, time: new Date().toISOString(), ...fields });
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
};

export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};

export const describeError = (error: unknown): Record<string, unknown> =>
  error instanceof Error
    ? { name: error.name, error: error.message, stack: error.stack, cause: describeCause(error.cause) }
    : { error: String(error) };

const describeCause = (cause: unknown): unknown =>
  cause instanceof Error ? { name: cause.name, error: cause.message } : cause;
