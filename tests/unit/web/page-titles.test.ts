import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { pageTitle } from '../../../web/src/lib/page-title';
import { createAppRouter } from '../../../web/src/routes/router';

const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/src/locales');

/** The text a key names in one language, looked up in every json file of its folder as the app merges them. */
const textOf = (language: string, key: string): unknown =>
  readdirSync(path.join(LOCALES, language))
    .map((file) => JSON.parse(readFileSync(path.join(LOCALES, language, file), 'utf8')) as unknown)
    .map((texts) => key.split('.').reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined), texts))
    .findLast((text) => text !== undefined);

/** The routes that draw a screen of their own: every one with a component but the two frames. */
const screenRoutes = () =>
  Object.values(createAppRouter(new QueryClient()).routesById).filter((route) => route.options.component && route.id !== '__root__' && route.id !== '/_app');

describe('page titles', () => {
  it('are declared by every route that draws a screen, in French and English', () => {
    const routes = screenRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter((route) => !route.options.staticData?.title).map((route) => route.id);
    expect(missing, 'routes without staticData.title').toEqual([]);
    for (const route of routes) {
      const key = route.options.staticData!.title!;
      expect(typeof textOf('fr', key), `${route.id}: fr ${key}`).toBe('string');
      expect(typeof textOf('en', key), `${route.id}: en ${key}`).toBe('string');
    }
  });

  it('name the object shown, then the screen, then the product', () => {
    expect(pageTitle('Tableau de bord')).toBe('Tableau de bord — WattWise');
    expect(pageTitle('Tableau de bord', 'Électricité')).toBe('Électricité — Tableau de bord — WattWise');
    expect(pageTitle(null)).toBe('WattWise');
  });
});
