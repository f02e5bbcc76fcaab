import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Plugin } from 'vite';

/** Where a build leaves the report, inside its output folder (not uploaded: see WebStack). */
export const INITIAL_MODULES_REPORT = '.vite/initial-modules.json';

export interface InitialModule {
  /** The module's path under the repository, or its package path under node_modules. */
  module: string;
  /** Its code as rendered into the chunk, before minification. */
  renderedBytes: number;
}

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

const nameOf = (id: string): string => {
  const packagePath = id.split('node_modules/').at(-1)!;
  return id.includes('node_modules/') ? packagePath : path.relative(ROOT, id.replace(/\0/g, ''));
};

/**
 * Writes the modules of the first screen's JavaScript (the entry chunk and every chunk it imports
 * statically) with their rendered sizes, largest first: `npm run bench:shell` prints the top ones
 * so that whatever makes the first screen heavier names itself.
 */
export const initialModulesReport = (): Plugin => ({
  name: 'wattwise-initial-modules-report',
  apply: 'build',
  generateBundle(options, bundle) {
    const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
    const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
    const initial = new Set<string>();
    const pending = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
    while (pending.length) {
      const file = pending.pop()!;
      if (initial.has(file)) continue;
      initial.add(file);
      pending.push(...(byFile.get(file)?.imports ?? []));
    }
    const modules: InitialModule[] = [...initial]
      .flatMap((file) => Object.entries(byFile.get(file)!.modules))
      .map(([id, rendered]) => ({ module: nameOf(id), renderedBytes: rendered.renderedLength }))
      .sort((a, b) => b.renderedBytes - a.renderedBytes);
    const target = path.join(options.dir ?? 'dist', INITIAL_MODULES_REPORT);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, JSON.stringify(modules, null, 1));
  },
});
