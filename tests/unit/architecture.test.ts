import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });

/** Every module a file imports, resolved to a top-level folder of the repository when it is ours. */
const importedFolders = (file: string): string[] => {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    (match) => match[1] ?? match[2],
  );
  return specifiers.flatMap((specifier) => {
    if (specifier.startsWith('@shared/')) return ['shared'];
    if (!specifier.startsWith('.')) return [];
    const target = path.relative(ROOT, path.resolve(path.dirname(file), specifier));
    return [target.split(path.sep)[0]];
  });
};

const violations = (folder: string, allowed: string[]): string[] =>
  sourceFiles(path.join(ROOT, folder)).flatMap((file) =>
    importedFolders(file)
      .filter((target) => target !== folder && !allowed.includes(target))
      .map((target) => `${path.relative(ROOT, file)} imports from ${target}/`),
  );

describe('dependencies point one way', () => {
  it('keeps shared free of anything of ours', () => {
    expect(violations('shared', [])).toEqual([]);
  });

  it('lets functions import shared only', () => {
    expect(violations('functions', ['shared'])).toEqual([]);
  });

  it('lets the web import shared only', () => {
    expect(violations('web', ['shared'])).toEqual([]);
  });

  it('lets infra know shared data (the route table) and nothing of functions but entry paths', () => {
    expect(violations('infra', ['shared'])).toEqual([]);
  });
});

/** The files a file imports by relative path, as repository paths without extension. */
const importedFiles = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g)].map((match) =>
    path.relative(ROOT, path.resolve(path.dirname(file), match[1] ?? match[2])),
  );

const filesOf = (folder: string) => sourceFiles(path.join(ROOT, folder));

describe('layers', () => {
  it('keeps web features apart: a feature imports no other feature (routes compose them)', () => {
    const crossings = filesOf('web/src/features').flatMap((file) => {
      const feature = path.relative(path.join(ROOT, 'web/src/features'), file).split(path.sep)[0];
      return importedFiles(file)
        .filter((target) => target.startsWith(`web${path.sep}src${path.sep}features${path.sep}`))
        .filter((target) => target.split(path.sep)[3] !== feature)
        .map((target) => `${path.relative(ROOT, file)} imports ${target}`);
    });
    expect(crossings).toEqual([]);
  });

  it('lets handlers call services and middleware, never repositories or SDK clients', () => {
    const reaching = [...filesOf('functions/src/handlers'), ...filesOf('functions/src/realtime')].flatMap((file) =>
      importedFiles(file)
        .filter((target) => /^functions\/src\/(data|clients)\//.test(target.split(path.sep).join('/')))
        .map((target) => `${path.relative(ROOT, file)} imports ${target}`),
    );
    expect(reaching).toEqual([]);
  });

  it('keeps DynamoDB in repositories: no service, handler or job sends a DynamoDB command', () => {
    const sending = ['functions/src/services', 'functions/src/handlers', 'functions/src/jobs'].flatMap((dir) =>
      filesOf(dir)
        .filter((file) => /from '@aws-sdk\/(lib-dynamodb|client-dynamodb)'|clients\/dynamodb'/.test(readFileSync(file, 'utf8')))
        .map((file) => path.relative(ROOT, file)),
    );
    expect(sending).toEqual([]);
  });

  it('keeps business logic in services: jobs only hand their event to a service (under its correlation id)', () => {
    const reaching = filesOf('functions/src/jobs').flatMap((file) =>
      importedFiles(file)
        .filter((target) => !target.split(path.sep).join('/').startsWith('functions/src/services/'))
        .filter((target) => target.split(path.sep).join('/').replace(/\.ts$/, '') !== 'functions/src/logger')
        .map((target) => `${path.relative(ROOT, file)} imports ${target}`),
    );
    expect(reaching).toEqual([]);
    for (const file of filesOf('functions/src/jobs')) {
      const code = readFileSync(file, 'utf8').split('\n').filter((line) => line.trim() && !/^\s*(\/\/|\*|\/\*\*|import )/.test(line));
      expect(code.length, `${path.relative(ROOT, file)} is more than a hand-over`).toBeLessThanOrEqual(6);
    }
  });
});

describe('import circles', () => {
  it('finds none in shared, functions and web, type-only imports included (a shared type moves below both sides)', async () => {
    const tree = await parseDependencyTree(['shared/src/**/*.ts', 'functions/src/**/*.ts', 'web/src/**/*.{ts,tsx}'], {
      cwd: ROOT,
      context: ROOT,
      tsconfig: path.join(ROOT, 'tsconfig.json'),
      transform: false,
      skipDynamicImports: false,
      include: /\.tsx?$/,
      exclude: /node_modules/,
    });
    const resolvedToShared = Object.values(tree).some((dependencies) => dependencies?.some((dependency) => dependency.request.startsWith('@shared/') && dependency.id?.startsWith('shared/')));
    expect(resolvedToShared, 'the @shared alias resolves, so circles through it are seen').toBe(true);
    expect(parseCircular(tree, false).map((circle) => circle.join(' → '))).toEqual([]);
  }, 30_000);
});

describe('DynamoDB reads', () => {
  /**
   * A Query answers at most 1 MB a call: one that can match more must follow LastEvaluatedKey, or
   * a large customer's items past the first page go missing. The paging readers of
   * `functions/src/data/table.ts` do; any other Query must bound itself (`Limit`, a few items read
   * on purpose) or use them.
   */
  it('follows every page of a Query, unless it asks for a bounded few', () => {
    const unbounded = sourceFiles(path.join(ROOT, 'functions/src'))
      .filter((file) => !file.endsWith(path.join('data', 'table.ts')))
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        return [...text.matchAll(/new QueryCommand\(/g)].flatMap((match) => {
          // The command's own braces: from its opening `({` to the `})` that closes it.
          let depth = 0;
          let end = match.index + 'new QueryCommand('.length;
          for (; end < text.length; end += 1) {
            if (text[end] === '{') depth += 1;
            if (text[end] === '}' && --depth === 0) break;
          }
          const input = text.slice(match.index, end);
          return /\bLimit\b/.test(input) ? [] : [`${path.relative(ROOT, file)}:${text.slice(0, match.index).split('\n').length}`];
        });
      });
    expect(unbounded).toEqual([]);
  });
});
