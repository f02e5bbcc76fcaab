import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const sharedDir = fileURLToPath(new URL('../shared/src', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));
/** Integration files at once: one unless `npm test` says more (infra/local/test.ts, files marked `@runs-alone` excepted). */
const integrationWorkers = Math.max(1, Number(process.env.TEST_INTEGRATION_WORKERS ?? 1));

/**
 * Integration files run two at a time, browser files in two lanes; the run ends when the last one does. Started
 * longest first, by the durations a past run recorded (`tests/<project>/durations.json`, refreshed
 * by `TEST_RECORD_DURATIONS=1 npm test`), the long files overlap the short ones instead of one of
 * them starting last and running alone. Vitest's own order needs its cache, which a fresh clone
 * (CI) does not have. A file the record does not know yet goes first: it may be long.
 */
class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const known = recordedDurations(root);
    const seconds = (file: TestSpecification) => known[path.relative(root, file.moduleId).split(path.sep).join('/')] ?? UNKNOWN_SECONDS;
    const sorted = await super.sort(files);
    // Projects keep the order Vitest gives them; within one, the longest file first.
    const projectOrder = new Map(sorted.map((file, index) => [file.project.name, index]));
    return [...sorted].sort((a, b) => projectOrder.get(a.project.name)! - projectOrder.get(b.project.name)! || seconds(b) - seconds(a));
  }
}

/** What a file missing from the record is taken to last: more than any recorded one. */
const UNKNOWN_SECONDS = 1e6;

const DURATIONS_FILES = ['tests/integration/durations.json', 'tests/browser/durations.json'];

const recordedDurations = (root: string): Record<string, number> =>
  Object.assign(
    {},
    ...DURATIONS_FILES.map((file) => {
      try {
        return JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, number>;
      } catch {
        return {};
      }
    }),
  );

/**
 * Four projects: `unit` (pure rules, no I/O), `infra` (CDK assertions on the synthesized app),
 * `integration` (the deployed API in the emulator) and `browser` (real Chromium on the served
 * app). `npm test` runs them in that order around one deployment.
 */
export default defineConfig({
  resolve: { alias: { '@shared': sharedDir } },
  test: {
    root,
    // One sequencer for the whole run (Vitest reads it at the root only): integration and browser files longest first.
    sequence: { sequencer: LongestFirstSequencer },
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
          // One file at a time per run: npm test runs two lanes of browser files side by side (infra/local/test.ts).
          fileParallelism: false,
        },
      },
    ],
  },
});
