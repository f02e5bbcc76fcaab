import { inspect } from 'node:util';

/** How much of the last value a timeout's message shows: enough to see what was read, not a page of it. */
const SHOWN_CHARACTERS = 2_000;

const shown = (value: unknown) => {
  const text = inspect(value, { depth: 4, maxArrayLength: 20, maxStringLength: 300, breakLength: Infinity });
  return text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS)}…` : text;
};

/**
 * Polls until a read satisfies a condition (stream-driven rollups and jobs follow writes within
 * seconds) and returns the accepted value. A read or a condition that throws is tried again. When
 * the time is up it throws, with the last value read and the last error in its message: a caller
 * may rely on the value it gets being accepted.
 */
export const eventually = async <T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 30_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  let anyValue = false;
  let last: T | undefined;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await read();
      anyValue = true;
      last = value;
      lastError = undefined;
      if (accept(value)) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const value = anyValue ? `last value: ${shown(last)}` : 'no value was read';
  const error = lastError === undefined ? '' : `; last error: ${lastError instanceof Error ? lastError.message : shown(lastError)}`;
  throw new Error(`Not accepted within ${timeoutMs} ms; ${value}${error}`, { cause: lastError });
};
