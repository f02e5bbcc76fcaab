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

/** A language's files, each parsed: web/src/lib/i18n.ts merges them all into one namespace. */
const filesOf = (language: string): { file: string; texts: Tree }[] =>
  readdirSync(path.join(LOCALES, language))
    .filter((file) => file.endsWith('.json'))
    .map((file) => ({ file, texts: JSON.parse(readFileSync(path.join(LOCALES, language, file), 'utf8')) as Tree }));

/** A language's texts as the app loads them: every json file of its folder, merged. */
const textsOf = (language: string): Tree => filesOf(language).reduce<Tree>((all, part) => merge(all, part.texts), {});

const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'object' ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`]));

/**
 * Keys that two files of a language both define, with the files: the one merged last would win on
 * screen. A text in one file and a group of texts under the same key in another clash too.
 */
const keysDefinedTwice = (language: string): string[] => {
  const files = filesOf(language).flatMap(({ file, texts }) => keysOf(texts).map((key) => ({ key, file })));
  return files.flatMap(({ key, file }) =>
    files
      .filter((other) => other.file > file && (other.key === key || other.key.startsWith(`${key}.`) || key.startsWith(`${other.key}.`)))
      .map((other) => `${key} (${file}) and ${other.key} (${other.file})`),
  );
};

describe('translations', () => {
  const fr = textsOf('fr');
  const en = textsOf('en');

  it('give French and English the same keys', () => {
    expect(keysOf(fr).sort()).toEqual(keysOf(en).sort());
  });

  it.each(['fr', 'en'])('define each %s text in one file only', (language) => {
    expect(keysDefinedTwice(language)).toEqual([]);
  });

  it('name every error code the server answers, in both languages', () => {
    const errors = (tree: Tree) => tree.errors as Tree;
    for (const code of Object.keys(ERROR_STATUS)) {
      expect(typeof errors(fr)[code], `fr errors.${code}`).toBe('string');
      expect(typeof errors(en)[code], `en errors.${code}`).toBe('string');
    }
  });
});
