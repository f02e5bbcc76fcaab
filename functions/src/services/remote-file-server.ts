import * as posixPath from 'node:path/posix';
import { Client as FtpClient, FileType } from 'basic-ftp';
import SftpClient from 'ssh2-sftp-client';
import type { FtpFailure } from '@shared/schemas/ftp-retriever';
import { checkDestination, DestinationNotAllowedError, type CheckedDestination } from '../clients/outbound-destination';
import type { RemoteEntry } from './remote-file-selection';

/** A customer's FTP or SFTP server, as a retrieval uses it: list a folder, download a file. */
export interface RemoteFileServer {
  /** The plain files of a folder (no folders, no links). */
  listFiles: (folder: string) => Promise<RemoteEntry[]>;
  /** Copies a file into a local file (streamed: memory does not grow with the file). */
  download: (folder: string, name: string, localPath: string) => Promise<void>;
  close: () => Promise<void>;
}

export interface RemoteServerSettings {
  host: string;
  port: number;
  user: string;
  password: string;
  isSftp: boolean;
}

/** Connecting, logging in and each command must answer within this time. */
const TIMEOUT_MS = 20_000;

/**
 * FTP logs in at the address the outbound-destination policy judged. Its data connections go to
 * that same address: basic-ftp refuses a PASV answer naming another host (`allowSeparateTransferHost`
 * stays off) and EPSV names only a port, so a server cannot send us elsewhere.
 */
const connectFtp = async (settings: RemoteServerSettings, destination: CheckedDestination): Promise<RemoteFileServer> => {
  const client = new FtpClient(TIMEOUT_MS);
  try {
    await client.access({ host: destination.address, port: destination.port, user: settings.user, password: settings.password, secure: false });
  } catch (error) {
    client.close();
    throw error;
  }
  return {
    listFiles: async (folder) =>
      (await client.list(folder))
        .filter((entry) => entry.type === FileType.File)
        .map((entry) => ({ name: entry.name, size: entry.size, modified: entry.modifiedAt?.toISOString() ?? entry.rawModifiedAt })),
    download: async (folder, name, localPath) => {
      await client.downloadTo(localPath, posixPath.join(folder, name));
    },
    close: async () => client.close(),
  };
};

const connectSftp = async (settings: RemoteServerSettings, destination: CheckedDestination): Promise<RemoteFileServer> => {
  const client = new SftpClient('wattwise-retriever');
  await client.connect({ host: destination.address, port: destination.port, username: settings.user, password: settings.password, readyTimeout: TIMEOUT_MS, retries: 0 });
  return {
    listFiles: async (folder) =>
      (await client.list(folder))
        .filter((entry) => entry.type === '-')
        .map((entry) => ({ name: entry.name, size: entry.size, modified: new Date(entry.modifyTime).toISOString() })),
    download: async (folder, name, localPath) => {
      // Many reads in flight: a sequential copy waits one round trip per 32 KB, slow on far servers.
      await client.fastGet(posixPath.join(folder, name), localPath, { concurrency: 16, chunkSize: 64 * 1024 });
    },
    close: async () => {
      await client.end();
    },
  };
};

/** Opens a session on the server with the retriever's settings, at the address the policy judged; fails as the server (or the policy) refuses. */
export const connectRemoteFileServer = async (settings: RemoteServerSettings): Promise<RemoteFileServer> => {
  const destination = await checkDestination(settings.host, settings.port);
  return settings.isSftp ? connectSftp(settings, destination) : connectFtp(settings, destination);
};

/**
 * A failure of the server, in words a user can act on (shown on the retriever), with its kind for
 * the list to translate: refused, bad login, unknown host, timeout, missing folder, or a
 * destination the outbound policy does not allow.
 */
export const describeRemoteFailure = (error: unknown): { kind: FtpFailure; message: string } => {
  const code = (error as { code?: unknown }).code;
  const text = error instanceof Error ? error.message : String(error);
  // ssh2-sftp-client names its own method first ("list: No such file").
  const message = text.replace(/^(getConnection|_?list|_?get|createReadStream): /, '').slice(0, 300);
  if (error instanceof DestinationNotAllowedError) return { kind: 'destination_not_allowed', message: 'destination not allowed' };
  if (code === 'ECONNREFUSED' || /ECONNREFUSED/.test(text)) return { kind: 'connection_refused', message: 'connection refused' };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || /ENOTFOUND|EAI_AGAIN/.test(text)) return { kind: 'host_not_found', message: 'host not found' };
  if (code === 530 || /authentication methods failed|login incorrect|^530/i.test(text)) return { kind: 'login_incorrect', message: 'login incorrect' };
  if (code === 'ETIMEDOUT' || /timed? ?out/i.test(text)) return { kind: 'timeout', message: 'connection timed out' };
  if (code === 550 || code === 2 || code === 'ENOENT' || /no such file/i.test(text)) return { kind: 'path_not_found', message };
  return { kind: 'other', message };
};
