import { vi } from 'vitest';

/** The JSON lines written to stdout during `work` (the functions' logger writes one per line). */
export const jsonLinesWrittenDuring = async <T = Record<string, unknown>>(work: () => unknown): Promise<T[]> => {
  const written: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return written.map((line) => JSON.parse(line) as T);
};
