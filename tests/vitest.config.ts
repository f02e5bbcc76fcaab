import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const sharedDir = fileURLToPath(new URL('../shared/src', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));
/** Integration files at once: one unless `npm test` says more (infra/local/test.ts, files marked `@runs-alone` excepted). */
const integrationWorkers = Math.max(1, Number(process.env.TEST_INTEGRATION_WORKERS ?? 1));

/**
 * Four projects: `unit` (pure rules, no I/O), `infra` (CDK assertions on the synthesized app),
 * `integration` (the deployed API in the emulator) and `browser` (real Chromium on the served
 * app). `npm test` runs them in that order around one deployment.
 */
export default defineConfig({
  resolve: { alias: { '@shared': sharedDir } },
  test: {
    root,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'infra', include: ['tests/infra/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 180_000 },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: integrationWorkers > 1,
          maxWorkers: integrationWorkers,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
