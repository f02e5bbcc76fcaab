import { promises as fs, type Stats } from 'node:fs';
import * as path from 'node:path';
import FtpSrv from 'ftp-srv';
import ssh2, { type Connection, type SFTPWrapper } from 'ssh2';
import { listenOnTestPort, listenServer, LOOPBACK_HOST } from './loopback-port';

// CommonJS packages: their named exports are read from the default one.
const { Server, utils } = ssh2;

/**
 * Real FTP and SFTP servers on loopback ports, serving a folder of this machine with one user and
 * password, as a customer's meter file server would. FTP is ftp-srv (passive mode on loopback);
 * SFTP is ssh2's own server with a read-only SFTP subsystem over the folder.
 */
export interface FileServer {
  protocol: 'ftp' | 'sftp';
  host: string;
  port: number;
  user: string;
  password: string;
  /** Logins refused so far (bad user or password). */
  refusedLogins: () => number;
  close: () => Promise<void>;
}

export interface FileServerOptions {
  root: string;
  user: string;
  password: string;
}

const HOST = LOOPBACK_HOST;

/** ftp-srv logs through bunyan by default: keep the test output to the tests. */
const quietLog = {
  child: () => quietLog,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/**
 * The control connection listens on the test ports; the data connections on ports of their own
 * (the product connects them to the control connection's address, already judged by its policy).
 */
export const startFtpServer = async ({ root, user, password }: FileServerOptions): Promise<FileServer> => {
  const pasvMin = 40_000 + Math.floor(Math.random() * 20_000);
  let refused = 0;
  let server: FtpSrv | undefined;
  const port = await listenOnTestPort(async (candidate) => {
    server = new FtpSrv({ url: `ftp://${HOST}:${candidate}`, pasv_url: HOST, pasv_min: pasvMin, pasv_max: pasvMin + 50, anonymous: false, log: quietLog, greeting: 'Meter files' });
    server.on('login', ({ username, password: given }, resolve, reject) => {
      if (username === user && given === password) resolve({ root, cwd: '/' });
      else {
        refused += 1;
        reject(new Error('Login incorrect'));
      }
    });
    server.on('client-error', () => undefined);
    await server.listen();
  });
  const listening = server!;
  return {
    protocol: 'ftp',
    host: HOST,
    port,
    user,
    password,
    refusedLogins: () => refused,
    close: async () => {
      await listening.close();
    },
  };
};

const { STATUS_CODE, OPEN_MODE } = utils.sftp;

/** ssh2's attributes of a file (mode, size, times in seconds) from a stat. */
const attributesOf = (stats: Stats) => ({
  mode: stats.mode,
  uid: stats.uid,
  gid: stats.gid,
  size: stats.size,
  atime: Math.floor(stats.atimeMs / 1000),
  mtime: Math.floor(stats.mtimeMs / 1000),
});

/** An `ls -l` style line, which SFTP clients show as `longname`. */
const longNameOf = (name: string, stats: Stats) =>
  `${stats.isDirectory() ? 'd' : '-'}rw-r--r-- 1 meter meter ${stats.size} ${stats.mtime.toUTCString().slice(5, 22)} ${name}`;

/** Serves the SFTP requests a downloading client makes, read-only, inside `root`. */
const serveSftp = (sftp: SFTPWrapper, root: string) => {
  const handles = new Map<number, { kind: 'file'; file: fs.FileHandle } | { kind: 'dir'; dir: string; sent: boolean }>();
  let next = 0;
  const resolve = (requested: string) => {
    const inside = path.posix.normalize(path.posix.join('/', requested));
    return { virtual: inside, real: path.join(root, inside) };
  };
  const handleOf = (buffer: Buffer) => (buffer.length === 4 ? buffer.readUInt32BE(0) : -1);
  const newHandle = () => {
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32BE(next, 0);
    next += 1;
    return { id: next - 1, buffer };
  };
  const fail = (id: number, error: unknown) =>
    sftp.status(id, (error as NodeJS.ErrnoException).code === 'ENOENT' ? STATUS_CODE.NO_SUCH_FILE : STATUS_CODE.FAILURE);

  sftp.on('REALPATH', (id, requested) => {
    const { virtual } = resolve(requested);
    sftp.name(id, [{ filename: virtual, longname: virtual, attrs: {} as never }]);
  });
  const stat = async (id: number, requested: string) => {
    try {
      sftp.attrs(id, attributesOf(await fs.stat(resolve(requested).real)));
    } catch (error) {
      fail(id, error);
    }
  };
  sftp.on('STAT', (id, requested) => void stat(id, requested));
  sftp.on('LSTAT', (id, requested) => void stat(id, requested));
  sftp.on('OPENDIR', async (id, requested) => {
    try {
      const { real } = resolve(requested);
      if (!(await fs.stat(real)).isDirectory()) return sftp.status(id, STATUS_CODE.FAILURE);
      const handle = newHandle();
      handles.set(handle.id, { kind: 'dir', dir: real, sent: false });
      sftp.handle(id, handle.buffer);
    } catch (error) {
      fail(id, error);
    }
  });
  sftp.on('READDIR', async (id, buffer) => {
    const entry = handles.get(handleOf(buffer));
    if (!entry || entry.kind !== 'dir') return sftp.status(id, STATUS_CODE.FAILURE);
    if (entry.sent) return sftp.status(id, STATUS_CODE.EOF);
    entry.sent = true;
    const names = await fs.readdir(entry.dir);
    const listed = await Promise.all(
      names.map(async (name) => {
        const stats = await fs.stat(path.join(entry.dir, name));
        return { filename: name, longname: longNameOf(name, stats), attrs: attributesOf(stats) };
      }),
    );
    sftp.name(id, listed as never);
  });
  sftp.on('OPEN', async (id, requested, flags) => {
    if (flags !== OPEN_MODE.READ) return sftp.status(id, STATUS_CODE.PERMISSION_DENIED);
    try {
      const file = await fs.open(resolve(requested).real, 'r');
      const handle = newHandle();
      handles.set(handle.id, { kind: 'file', file });
      sftp.handle(id, handle.buffer);
    } catch (error) {
      fail(id, error);
    }
  });
  sftp.on('FSTAT', async (id, buffer) => {
    const entry = handles.get(handleOf(buffer));
    if (!entry || entry.kind !== 'file') return sftp.status(id, STATUS_CODE.FAILURE);
    sftp.attrs(id, attributesOf(await entry.file.stat()));
  });
  sftp.on('READ', async (id, buffer, offset, length) => {
    const entry = handles.get(handleOf(buffer));
    if (!entry || entry.kind !== 'file') return sftp.status(id, STATUS_CODE.FAILURE);
    const chunk = Buffer.alloc(length);
    const { bytesRead } = await entry.file.read(chunk, 0, length, offset);
    if (bytesRead === 0) return sftp.status(id, STATUS_CODE.EOF);
    sftp.data(id, chunk.subarray(0, bytesRead));
  });
  sftp.on('CLOSE', async (id, buffer) => {
    const key = handleOf(buffer);
    const entry = handles.get(key);
    handles.delete(key);
    if (entry?.kind === 'file') await entry.file.close();
    sftp.status(id, entry ? STATUS_CODE.OK : STATUS_CODE.FAILURE);
  });
  for (const refused of ['WRITE', 'REMOVE', 'RENAME', 'MKDIR', 'RMDIR', 'SETSTAT', 'FSETSTAT', 'READLINK', 'SYMLINK'] as const) {
    sftp.on(refused as 'REMOVE', (id: number) => sftp.status(id, STATUS_CODE.OP_UNSUPPORTED));
  }
};

export const startSftpServer = async ({ root, user, password }: FileServerOptions): Promise<FileServer> => {
  // ssh2 now and then makes an ed25519 key its own parser refuses: make another until it reads it.
  let hostKey = utils.generateKeyPairSync('ed25519').private;
  while (utils.parseKey(hostKey) instanceof Error) hostKey = utils.generateKeyPairSync('ed25519').private;
  let refused = 0;
  const clients = new Set<Connection>();
  const server = new Server({ hostKeys: [hostKey] }, (client) => {
    clients.add(client);
    client.on('close', () => clients.delete(client));
    client.on('error', () => undefined);
    client.on('authentication', (context) => {
      if (context.method === 'password' && context.username === user && context.password === password) return context.accept();
      if (context.method === 'password') refused += 1;
      context.reject(['password']);
    });
    client.on('ready', () => {
      client.on('session', (accept) => {
        const session = accept();
        session.on('sftp', (acceptSftp) => serveSftp(acceptSftp(), root));
      });
    });
  });
  const port = await listenServer(server);
  return {
    protocol: 'sftp',
    host: HOST,
    port,
    user,
    password,
    refusedLogins: () => refused,
    close: async () => {
      for (const client of clients) client.end();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
};
