import { METER_FILE_EXTENSIONS } from '@shared/schemas/meter-file';
import { config } from '../config';

/** A file as a listing of the server shows it. */
export interface RemoteEntry {
  name: string;
  size: number;
  /** The modification date as the server gives it (exact on SFTP, often to the minute on FTP). */
  modified: string;
}

/** What a retriever remembers of one file name: how it last saw it, and the version it took. */
export interface RemoteFileMemory {
  /** `size|modified` at the last listing that showed a change, and when that listing was made. */
  observed: string | null;
  observed_at: string | null;
  /** `size|modified` of the version copied (or found identical to the one copied before). */
  retrieved: string | null;
}

/**
 * A file is taken only once two listings at least this far apart show the same size and
 * modification date. The earlier listing is the previous run's, or, for a file new or changed
 * since then, a first listing of the same run: the run then lists again after this delay.
 * 10 s unless the deployment says otherwise (`REMOTE_FILE_SETTLE_MS`: the test deployment's is shorter).
 */
export const SETTLE_MS = config.REMOTE_FILE_SETTLE_MS;

export type Decision = 'take' | 'wait' | 'retrieved';

export const versionOf = (entry: RemoteEntry): string => `${entry.size}|${entry.modified}`;

/** Data files only: the import formats' extensions (.csv, .txt, .xlsx), in any case. */
export const isMeterFileName = (name: string): boolean => {
  const lower = name.toLowerCase();
  return !name.startsWith('.') && METER_FILE_EXTENSIONS.some((extension) => lower.endsWith(extension) && lower.length > extension.length);
};

/**
 * What a run does with a listed file: nothing when this version was taken already; take it when
 * an earlier listing, at least `SETTLE_MS` before `now`, showed the same size and date; otherwise
 * wait (the file is new, or still being written) and remember how it looks now.
 */
export const decide = (entry: RemoteEntry, memory: RemoteFileMemory | undefined, now: Date): Decision => {
  const version = versionOf(entry);
  if (memory?.retrieved === version) return 'retrieved';
  if (memory?.observed === version && memory.observed_at && now.getTime() - Date.parse(memory.observed_at) >= SETTLE_MS) return 'take';
  return 'wait';
};
