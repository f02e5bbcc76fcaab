import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fromRoot } from '../lib/paths';
import type { Deployment } from './deploy';
import { INITIAL_JS_BUDGET_KIB, initialJavaScriptOf, largestInitialModules } from './web-bundle';

/**
 * `npm run bench:shell [name]`: figures of the walking skeleton against a running deployment
 * (`npm start` → name `dev`): warm p50/p95 of auto_login over 50 calls, the size of every function
 * bundle, the web app's initial JavaScript (gzip) and its ten largest modules.
 */
const name = process.argv[2] ?? 'dev';
const deployment = JSON.parse(readFileSync(fromRoot('.local', name, 'deployment.json'), 'utf8')) as Deployment;
const accounts = JSON.parse(readFileSync(fromRoot('.local', name, 'demo-accounts.json'), 'utf8')) as {
  email: string;
  password: string;
  role: string;
}[];
const administrator = accounts.find((account) => account.role === 'administrator')!;

const post = async (apiPath: string, body: unknown) => {
  const answer = await fetch(`${deployment.restBaseUrl}${apiPath}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await answer.json()) as { res: boolean; data: { user: { jwt: string } } };
};

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

const login = await post('/api/v1/users/authenticate', { user: { email: administrator.email, password: administrator.password } });
const token = login.data.user.jwt;
for (let i = 0; i < 5; i += 1) await post('/api/v1/users/auto_login', { token });
const timings: number[] = [];
for (let i = 0; i < 50; i += 1) {
  const started = performance.now();
  const answer = await post('/api/v1/users/auto_login', { token });
  timings.push(performance.now() - started);
  if (!answer.res) throw new Error('auto_login failed');
}
timings.sort((a, b) => a - b);
console.log(`auto_login warm over 50 calls: p50 ${percentile(timings, 0.5).toFixed(1)} ms, p95 ${percentile(timings, 0.95).toFixed(1)} ms`);

const cdkOut = fromRoot('.local/cdk.out');
const manifestFiles = readdirSync(cdkOut).filter((file) => file.endsWith('.assets.json'));
for (const file of manifestFiles) {
  const manifest = JSON.parse(readFileSync(path.join(cdkOut, file), 'utf8')) as {
    files: Record<string, { displayName?: string; source: { path: string } }>;
  };
  for (const asset of Object.values(manifest.files)) {
    const bundle = path.join(cdkOut, asset.source.path, 'index.js');
    if (!existsSync(bundle)) continue;
    const bytes = readFileSync(bundle);
    console.log(`function ${asset.displayName ?? asset.source.path}: ${(bytes.length / 1024).toFixed(0)} KiB, ${(gzipSync(bytes).length / 1024).toFixed(0)} KiB gzip`);
  }
}

const dist = fromRoot('web/dist');
const initial = initialJavaScriptOf(dist);
const allJs = readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.js'));
console.log(`web initial JS: ${initial.files.length} file(s), ${(initial.gzipBytes / 1024).toFixed(1)} KiB gzip, budget ${INITIAL_JS_BUDGET_KIB} KiB (all JS: ${allJs.length} files, ${(allJs.reduce((sum, file) => sum + statSync(path.join(dist, 'assets', file)).size, 0) / 1024).toFixed(0)} KiB raw)`);
console.log('largest initial modules (rendered, before minification):');
for (const { module, renderedBytes } of largestInitialModules(dist, 10)) console.log(`  ${(renderedBytes / 1024).toFixed(1).padStart(7)} KiB  ${module}`);
