import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { existsSync, mkdirSync, openSync } from 'node:fs';
import { fromRoot } from '../lib/paths';

/** The emulator version every machine runs; bump it only together with a green test run. */
export const MINISTACK_VERSION = '1.5.33';

const VENV = fromRoot('.local/venv');
const MINISTACK_BIN = `${VENV}/bin/ministack`;

const run = (command: string, args: string[]): void => {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
};

const installedVersion = (distribution: string): string | null => {
  if (!existsSync(`${VENV}/bin/python`)) return null;
  const result = spawnSync(`${VENV}/bin/python`, ['-c', `import importlib.metadata as m; print(m.version("${distribution}"))`], {
    encoding: 'utf8',
  });
  return result.status === 0 ? result.stdout.trim() : null;
};

/** Installs a pinned Python package into the project-local venv (made when missing) unless that version is there; returns its bin folder. */
export const ensurePythonPackage = (distribution: string, version: string, label = distribution): string => {
  if (installedVersion(distribution) === version) return `${VENV}/bin`;
  console.log(`Installing ${label} ${version} into .local/venv ...`);
  mkdirSync(fromRoot('.local'), { recursive: true });
  if (!existsSync(`${VENV}/bin/python`)) run('python3', ['-m', 'venv', VENV]);
  run(`${VENV}/bin/pip`, ['install', '--quiet', '--disable-pip-version-check', `${distribution}==${version}`]);
  return `${VENV}/bin`;
};

/** Installs the pinned emulator into a project-local Python venv when it is missing. */
export const ensureEmulatorInstalled = (): void => {
  ensurePythonPackage('ministack', MINISTACK_VERSION, 'MiniStack');
};

export interface Emulator {
  endpoint: string;
  port: number;
  process: ChildProcess;
  logFile: string;
  stop: () => Promise<void>;
}

export const awsEnvironment = (endpoint: string): NodeJS.ProcessEnv => ({
  AWS_ENDPOINT_URL: endpoint,
  AWS_ENDPOINT_URL_S3: endpoint,
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
  AWS_REGION: 'us-east-1',
  AWS_DEFAULT_REGION: 'us-east-1',
  CDK_DEFAULT_ACCOUNT: '000000000000',
  CDK_DEFAULT_REGION: 'us-east-1',
});

const isUp = async (endpoint: string): Promise<boolean> => {
  try {
    const answer = await fetch(`${endpoint}/_ministack/health`, { signal: AbortSignal.timeout(1000) });
    return answer.ok;
  } catch {
    return false;
  }
};

export const waitFor = async (check: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Timed out waiting for ${what}`);
};

/**
 * Starts a fresh emulator on 127.0.0.1:<port>, its state in memory (a new start is a clean
 * slate). Lambdas it runs call back to the same endpoint.
 */
export const startEmulator = async (port: number, name: string): Promise<Emulator> => {
  ensureEmulatorInstalled();
  const endpoint = `http://127.0.0.1:${port}`;
  if (await isUp(endpoint)) throw new Error(`Port ${port} already answers: stop the other emulator first.`);
  const dir = fromRoot('.local', name);
  mkdirSync(dir, { recursive: true });
  const scratch = `${tmpdir()}/wattwise-${name}-${port}`;
  mkdirSync(scratch, { recursive: true });
  const logFile = `${dir}/emulator.log`;
  const log = openSync(logFile, 'w');
  const child = spawn(MINISTACK_BIN, [], {
    env: {
      ...process.env,
      ...awsEnvironment(endpoint),
      GATEWAY_PORT: String(port),
      BIND_HOST: '127.0.0.1',
      MINISTACK_HOST: '127.0.0.1',
      // Lambda code is unpacked under TMPDIR: outside the repository, whose package.json says
      // "type": "module" and would turn the CommonJS bundles into ES modules.
      TMPDIR: scratch,
    },
    stdio: ['ignore', log, log],
    detached: true,
  });
  await waitFor(() => isUp(endpoint), `the emulator on ${endpoint} (log: ${logFile})`, 60_000);
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null) return;
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* already gone */
        }
        resolve();
      }, 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  };
  return { endpoint, port, process: child, logFile, stop };
};
