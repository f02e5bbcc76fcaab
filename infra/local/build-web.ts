import { spawn } from 'node:child_process';
import { fromRoot } from '../lib/paths';

/** Builds the web app with Vite into web/dist. */
export const buildWeb = (): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
      cwd: fromRoot(),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build failed (${code})`))));
  });
