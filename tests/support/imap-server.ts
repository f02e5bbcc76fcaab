import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import * as path from 'node:path';
import { freeTestPort, LOOPBACK_HOST } from './loopback-port';

/**
 * A real IMAP server for tests: Debian's Dovecot (`dovecot-imapd`, installed by .ci/run), run
 * standalone with a configuration of its own in a temporary folder, on a free loopback port of the test ports,
 * without TLS, with the given users (a passwd file) and Maildir mailboxes. Nothing of the
 * machine's own Dovecot configuration is used.
 */
export interface ImapServer {
  host: string;
  port: number;
  stop: () => Promise<void>;
}

/** The account mail is stored as: Dovecot refuses root, so its own unprivileged user when we are root. */
const mailOwner = (): { uid: number; gid: number } => {
  const me = userInfo();
  if (me.uid !== 0) return { uid: me.uid, gid: me.gid };
  const uid = Number(execFileSync('id', ['-u', 'dovecot']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'dovecot']).toString().trim());
  return { uid, gid };
};

const waitForPort = async (port: number, child: ChildProcess, logFile: string): Promise<void> => {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const open = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
      socket.connect(port, LOOPBACK_HOST);
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  let log = '';
  try {
    log = readFileSync(logFile, 'utf8');
  } catch {
    // No log written: the process did not start.
  }
  throw new Error(`Dovecot did not listen on ${port}: ${log.slice(-2000)}`);
};

export const startImapServer = async (users: { user: string; password: string }[]): Promise<ImapServer> => {
  const root = mkdtempSync(path.join(tmpdir(), 'wattwise-imap-'));
  const port = await freeTestPort();
  const owner = mailOwner();
  for (const folder of ['run', 'state', 'home']) mkdirSync(path.join(root, folder), { recursive: true });
  chmodSync(root, 0o755);
  chownSync(path.join(root, 'home'), owner.uid, owner.gid);
  const passwords = path.join(root, 'users');
  writeFileSync(passwords, users.map(({ user, password }) => `${user}:{PLAIN}${password}::::::`).join('\n') + '\n');
  const logFile = path.join(root, 'dovecot.log');
  const config = path.join(root, 'dovecot.conf');
  writeFileSync(
    config,
    `
base_dir = ${root}/run
state_dir = ${root}/state
log_path = ${logFile}
protocols = imap
listen = ${LOOPBACK_HOST}
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
first_valid_uid = 1
mail_location = maildir:~/Maildir
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${passwords}
}
userdb {
  driver = static
  args = uid=${owner.uid} gid=${owner.gid} home=${root}/home/%u
}
service imap-login {
  inet_listener imap {
    address = ${LOOPBACK_HOST}
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
  chroot =
}
service anvil {
  chroot =
}
`,
  );
  const child = spawn(existsSync('/usr/sbin/dovecot') ? '/usr/sbin/dovecot' : 'dovecot', ['-F', '-c', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  try {
    await waitForPort(port, child, logFile);
  } catch (error) {
    child.kill('SIGTERM');
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return {
    host: LOOPBACK_HOST,
    port,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
};
