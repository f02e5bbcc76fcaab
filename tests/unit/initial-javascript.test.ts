import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import { INITIAL_JS_BUDGET_KIB, initialJavaScriptOf, largestInitialModules } from '../../infra/local/web-bundle';
import { fromRoot } from '../../infra/lib/paths';

/** The newest change among the files a web build is made of. */
const newestSource = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const full = path.join(dir, entry.name);
    return Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }, 0);

const SOURCES = ['web/src', 'web/build', 'shared/src'].map((dir) => fromRoot(dir));
const CONFIG_FILES = ['web/vite.config.ts', 'web/index.html', 'package-lock.json'].map((file) => fromRoot(file));

const isFresh = (distDir: string): boolean => {
  try {
    const built = statSync(path.join(distDir, 'index.html')).mtimeMs;
    return Math.max(...SOURCES.map(newestSource), ...CONFIG_FILES.map((file) => statSync(file).mtimeMs)) < built;
  } catch {
    return false;
  }
};

const scratch: string[] = [];
afterAll(() => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const buildHere = async (): Promise<string> => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'wattwise-web-'));
  scratch.push(outDir);
  // Vitest runs with NODE_ENV=test, which would build React's development bundles.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: fromRoot('web/vite.config.ts'), mode: 'production', logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
};

let built: Promise<string> | undefined;
/** `web/dist` when it was built from the sources as they are, else a production build made here once (~10 s). */
const productionBuild = (): Promise<string> => (built ??= isFresh(fromRoot('web/dist')) ? Promise.resolve(fromRoot('web/dist')) : buildHere());

describe('the first screen', () => {
  it('loads no more initial JavaScript than its budget, and names its largest modules', { timeout: 120_000 }, async () => {
    const distDir = await productionBuild();
    const initial = initialJavaScriptOf(distDir);
    const largest = largestInitialModules(distDir, 10);
    expect(largest).toHaveLength(10);
    const summary = `${(initial.gzipBytes / 1024).toFixed(1)} KiB gzip; largest: ${largest.map(({ module, renderedBytes }) => `${module} ${(renderedBytes / 1024).toFixed(0)} KiB`).join(', ')}`;
    expect(initial.gzipBytes / 1024, summary).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KIB);
  });

  it('carries the route table without its schemas or the cron parser', { timeout: 120_000 }, async () => {
    const modules = largestInitialModules(await productionBuild(), Number.POSITIVE_INFINITY).map(({ module }) => module);
    expect(modules.filter((module) => /shared\/src\/api\/route-table\/|cron-parser\/|luxon\//.test(module))).toEqual([]);
  });
});
