import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '@shared/errors';

const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/src/locales');

type Tree = { [key: string]: string | Tree };

const merge = (target: Tree, source: Tree): Tree => {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    target[key] = typeof value === 'object' && typeof existing === 'object' ? merge({ ...existing }, value) : value;
  }
  return target;
};

/** A language's texts as the app loads them: every json file of its folder, merged. */
const textsOf = (language: string): Tree =>
  readdirSync(path.join(LOCALES, language))
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(path.join(LOCALES, language, file), 'utf8')) as Tree)
    .reduce<Tree>((all, part) => merge(all, part), {});

const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'object' ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`]));

describe('translations', () => {
  const fr = textsOf('fr');
  const en = textsOf('en');

  it('give French and English the same keys', () => {
    expect(keysOf(fr).sort()).toEqual(keysOf(en).sort());
  });

  it('name every error code the server answers, in both languages', () => {
    const errors = (tree: Tree) => tree.errors as Tree;
    for (const code of Object.keys(ERROR_STATUS)) {
      expect(typeof errors(fr)[code], `fr errors.${code}`).toBe('string');
      expect(typeof errors(en)[code], `en errors.${code}`).toBe('string');
    }
  });
});
