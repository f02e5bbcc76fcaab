import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
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
