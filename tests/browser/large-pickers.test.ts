import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Point } from '@shared/schemas/point';
import { pointItemsWithIndex } from '../../functions/src/data/point-repository';
import { api, login } from '../support/api';
import { entities } from '../support/aws';
import { createTestCustomer, seedUser, tokenOf } from '../support/customers';
import { keepScreenshot, openPage, signIn, UI_TIMEOUT_MS, useBrowser, webUrl, type Account } from './support/browser';

/** Enough points for several pages of the picker and a table that must not draw them all. */
const POINTS = 600;
const PAGE_SIZE = 50;
const SEARCH_PATH = '/api/v1/points/get-all-with-locations-name';
const BY_IDS_PATH = '/api/v1/points/by-ids';

const padded = (index: number) => String(index).padStart(4, '0');

/** A customer of its own with POINTS points: one through the API, the others written as a save writes them, search terms included (a second or two). */
const customerWithManyPoints = async () => {
  const root = (await login('root')).user.jwt;
  const customer = await createTestCustomer(root, { is_premium: true });
  const account = await seedUser(customer._id, 'administrator');
  const token = await tokenOf(account);
  const prefix = `LG${customer._id.slice(-5).toUpperCase()}`;
  const template = (
    await api<Point>('POST', '/api/v1/points', {
      token,
      body: { name: 'Compteur 0000', technical_id: `${prefix}-0000`, resource: 'electricity', series_type: 'index', unit: 'kWh', location: [] },
    })
  ).body.data!;
  const items = Array.from({ length: POINTS - 1 }, (_, at) => {
    const index = at + 1;
    const point = { ...template, _id: `${template._id}-${padded(index)}`, name: `Compteur ${padded(index)}`, technical_id: `${prefix}-${padded(index)}` };
    return pointItemsWithIndex(point);
  }).flat();
  await entities.putMany(items);
  const tab = (await api<{ _id: string }>('POST', '/api/v1/tabs', { token, body: { name: 'Grand compte' } })).body.data!;
  // A saved widget naming a point far beyond the first pages: its dialog names it without the whole list.
  await api('POST', '/api/v1/widgets', {
    token,
    body: { data: { location: tab._id, title: 'Compteur lointain', type: 'table', period: 'day', sampling: 'hour', points: [{ _id: `${template._id}-0537`, calculation: 'diff' }] } },
  });
  return { account: account as Account, prefix, tab };
};

/** The point searches the page sends, as URLs, and the ids it asks points by. */
const recordSearches = (page: Page): { searches: URL[]; askedByIds: string[][] } => {
  const searches: URL[] = [];
  const askedByIds: string[][] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith(SEARCH_PATH)) searches.push(url);
    if (url.pathname.endsWith(BY_IDS_PATH)) askedByIds.push((request.postDataJSON() as { ids: string[] }).ids);
  });
  return { searches, askedByIds };
};

const openPointsSection = async (page: Page) => {
  await page.getByTestId('add-widget').click();
  await page.getByTestId('widget-dialog-tab-points').click();
  const picker = page.getByRole('dialog').getByTestId('widget-point-picker');
  await picker.click();
  return picker;
};

/** Critical and serious WCAG 2.1 AA violations in a part of the page, as `rule: target` lines. */
const blockingViolations = async (page: Page, within: string): Promise<string[]> => {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .include(within)
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
};

/** Options drawn in the open list (the rows in view and a few around them). */
const drawnOptions = (page: Page) => page.getByRole('listbox').getByRole('option');

describe('point pickers and the points table of a large customer', () => {
  const browser = useBrowser();

  it('search on the server a page at a time and draw only the rows in view, at 1440 and 390 px', async () => {
    const { account, prefix, tab } = await customerWithManyPoints();
    const { context, page } = await openPage(browser(), { width: 1440, height: 900 });
    const { searches, askedByIds } = recordSearches(page);
    try {
      await signIn(page, account);
      await page.goto(webUrl(`/dashboard/grand-compte/${tab._id}`));
      const picker = await openPointsSection(page);

      // The first page comes without a search; far fewer rows are drawn than it holds.
      await drawnOptions(page).first().waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await drawnOptions(page).count()).toBeLessThan(PAGE_SIZE / 2);
      // The open list as a screen reader reads it: a labelled combobox, its listbox and options.
      expect(await blockingViolations(page, '[role="dialog"]')).toEqual([]);
      expect(await blockingViolations(page, '[role="listbox"]')).toEqual([]);

      // Scrolled to its end, the list asks for the next page with the cursor the first answered.
      await page.getByTestId('widget-point-picker-list').evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
      await page.locator(`[role="option"][aria-posinset="${PAGE_SIZE + 1}"]`).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(searches.some((url) => url.searchParams.get('cursor') && url.searchParams.get('limit') === String(PAGE_SIZE))).toBe(true);
      expect(await drawnOptions(page).count()).toBeLessThan(PAGE_SIZE / 2);

      // A point far beyond the first pages, found by the server: timed from the last keystroke.
      const wanted = `${prefix}-0537`;
      await picker.fill(wanted.slice(0, -1));
      const typed = performance.now();
      await picker.press(wanted.slice(-1));
      await page.getByRole('option', { name: new RegExp(wanted) }).waitFor({ timeout: UI_TIMEOUT_MS });
      const firstResultsMs = Math.round(performance.now() - typed);
      console.log(`point picker: first results ${firstResultsMs} ms after the keystroke (target 300 ms), ${POINTS} points`);
      const search = searches.find((url) => url.searchParams.get('q') === wanted);
      expect(search?.searchParams.get('limit')).toBe(String(PAGE_SIZE));
      // Each point trimmed to what the picker shows.
      expect(search?.searchParams.get('fields')).toBe('picker');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').getByText(`Compteur 0537 (${wanted})`).waitFor({ timeout: UI_TIMEOUT_MS });
      // A point picked in the dialog is known from the search: nothing asked by id.
      expect(askedByIds).toEqual([]);

      await picker.fill('aucun-point-de-ce-nom');
      await page.getByText('Aucun point ne correspond à cette recherche', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await keepScreenshot(page, 'large-picker-1440-fr');
      await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();

      // The saved widget's dialog names its point, asked for by its id.
      await page.locator('[data-widget-id]', { has: page.getByText('Compteur lointain', { exact: true }) }).getByTestId('widget-edit').click();
      await page.getByTestId('widget-dialog-tab-points').click();
      await page.getByRole('dialog').getByText(`Compteur 0537 (${wanted})`).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(askedByIds.map((ids) => ids.map((id) => id.slice(-4)))).toEqual([['0537']]);
      // No call asked for every point: the dialogs read pages and ids only.
      expect(searches.every((url) => url.searchParams.has('limit'))).toBe(true);
      await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();

      // The points table of 'all locations' reads its points a page at a time and draws a screenful of them.
      const tableReads: URL[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.includes('/api/v2/points/get-all/')) tableReads.push(url);
      });
      await page.goto(webUrl('/settings/locations_and_points'));
      const table = page.getByTestId('points-table');
      await table.getByText('Compteur 0000', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('points-count').innerText()).toBe('200+');
      expect(await table.locator('tbody tr[data-index]').count()).toBeLessThan(60);
      const last = table.getByText(`Compteur ${padded(POINTS - 1)}`, { exact: true });
      await expect
        .poll(
          async () => {
            await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight }));
            return last.count();
          },
          { timeout: UI_TIMEOUT_MS },
        )
        .toBe(1);
      expect(await page.getByTestId('points-count').innerText()).toBe(String(POINTS));
      expect(await table.locator('tbody tr[data-index]').count()).toBeLessThan(60);
      expect(tableReads.every((url) => url.searchParams.get('limit') === '200')).toBe(true);
      await keepScreenshot(page, 'large-points-table-1440-fr');
      expect(await blockingViolations(page, '.mantine-AppShell-main')).toEqual([]);

      // Its search is the server's.
      await page.evaluate(() => window.scrollTo({ top: 0 }));
      await page.getByTestId('points-search').fill(`${prefix}-0537`);
      await expect.poll(() => table.locator('tbody tr[data-index]').count(), { timeout: UI_TIMEOUT_MS }).toBe(1);
      expect(tableReads.some((url) => url.searchParams.get('q') === `${prefix}-0537`)).toBe(true);

      // 'Select all' over a list not read to its end takes every point the search matches, read by pages of 500.
      await page.getByTestId('points-search').fill(prefix);
      await expect.poll(() => page.getByTestId('points-count').innerText(), { timeout: UI_TIMEOUT_MS }).toBe('200+');
      // Ticked once every matching point is read, not at the click.
      await table.getByRole('checkbox', { name: 'Tout sélectionner' }).click();
      await page.getByTestId('every-matching-selected').getByText(`Les ${POINTS} points qui correspondent sont sélectionnés`, { exact: false }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('bulk-actions').innerText()).toBe(`Actions (${POINTS})`);
      await keepScreenshot(page, 'large-points-select-all-1440-fr');
      expect(tableReads.filter((url) => url.searchParams.get('limit') === '500').map((url) => url.searchParams.get('q'))).toEqual([prefix, prefix]);
      await table.getByRole('checkbox', { name: 'Tout sélectionner' }).uncheck();
      expect(await page.getByTestId('bulk-actions').innerText()).toBe('Actions (0)');

      // In English, the list says so when nothing matches.
      await page.getByTestId('language-selector').click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      await page.locator('html[lang="en"]').waitFor({ state: 'attached', timeout: UI_TIMEOUT_MS });
      await page.goto(webUrl(`/dashboard/grand-compte/${tab._id}`));
      const englishPicker = await openPointsSection(page);
      await englishPicker.fill('no-point-of-that-name');
      await page.getByText('No point matches this search', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await keepScreenshot(page, 'large-picker-1440-en');

      // On a phone, the full-screen dialog's picker draws as few rows.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(webUrl(`/dashboard/grand-compte/${tab._id}`));
      const phonePicker = await openPointsSection(page);
      await phonePicker.fill(prefix);
      await page.getByRole('option', { name: new RegExp(`${prefix}-0000`) }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await drawnOptions(page).count()).toBeLessThan(PAGE_SIZE / 2);
      await keepScreenshot(page, 'large-picker-390-en');
    } finally {
      await context.close();
    }
  });
});
