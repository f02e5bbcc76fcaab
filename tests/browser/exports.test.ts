import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Export } from '@shared/schemas/export';
import { testEnvironment } from '../support/environment';
import { callApi, clickCentered, keepScreenshot, navigation, openPage, signIn, signInIn, UI_TIMEOUT_MS, useBrowser, webUrl } from './support/browser';

const choose = async (page: Page, testId: string, option: string) => {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

describe('exports', () => {
  const browser = useBrowser();

  it('lets a user build an export with a point_data cell and a text_format cell, save it, read it and download its XLSX (1440 px, French)', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser(), { width: 1440, height: 900 });
    const name = `Relevé ${randomUUID().slice(0, 6)}`;
    try {
      await signIn(page, accounts.premiumAdministrator);
      const menu = await navigation(page);
      await menu.getByText('Rapports', { exact: true }).click();
      await menu.getByText('Exports', { exact: true }).click();
      await page.waitForURL('**/exports', { timeout: UI_TIMEOUT_MS });
      await page.getByTestId('export-create').click();
      await page.waitForURL('**/exports/create', { timeout: UI_TIMEOUT_MS });
      await page.getByTestId('export-grid').waitFor({ timeout: UI_TIMEOUT_MS });
      await expect.poll(() => page.getByTestId('export-column').count()).toBe(11);
      // Eleven columns scroll sideways at 1440 px: the scrollbar sits below the seventh row, not over it.
      const lastRow = (await page.locator('[data-cell="A7"]').boundingBox())!;
      const scrollbar = (await page.getByTestId('export-grid').locator('.mantine-ScrollArea-scrollbar[data-orientation="horizontal"]').boundingBox())!;
      expect(lastRow.y + lastRow.height).toBeLessThanOrEqual(scrollbar.y + 1);
      await page.getByTestId('export-name').fill(name);

      // B1: the index's consumption of yesterday, previewed as it is picked.
      await clickCentered(page.locator('[data-cell="B1"] button'));
      await choose(page, 'cell-type', 'Donnée du point');
      // Points are searched on the server: part of the name, then the point.
      await page.getByTestId('cell-point').fill('Index électricité TGBT');
      await page.getByRole('option', { name: 'Index électricité TGBT (Bâtiment A)', exact: true }).click();
      await choose(page, 'cell-sampling', 'Jour');
      await page.getByTestId('cell-offset').fill('1');
      await expect.poll(() => page.getByTestId('cell-preview').textContent(), { timeout: UI_TIMEOUT_MS }).toMatch(/Affiche : [\d\s,]+$/);

      // A1: a sentence that takes B1's value.
      await clickCentered(page.locator('[data-cell="A1"] button'));
      await choose(page, 'cell-type', 'Texte formaté');
      await page.getByTestId('cell-template').fill('Hier : {} kWh');
      await page.getByTestId('cell-add-argument').click();
      await page.getByTestId('cell-argument').fill('B1');
      // A column added after B, then taken away again: the grid keeps 11 columns.
      await page.locator('[data-testid="export-column"]').nth(1).getByRole('button').click();
      await page.getByTestId('add-column-after-B').click();
      await expect.poll(() => page.getByTestId('export-column').count()).toBe(12);
      await page.locator('[data-testid="export-column"]').nth(2).getByRole('button').click();
      await page.getByTestId('delete-column-C').click();
      await expect.poll(() => page.getByTestId('export-column').count()).toBe(11);
      await keepScreenshot(page, 'export-editor-1440-fr');
      await page.getByTestId('export-save').click();
      await page.waitForURL('**/exports', { timeout: UI_TIMEOUT_MS });

      const saved = (await callApi<Export[]>(page, 'GET', '/api/v1/exports/data')).find((candidate) => candidate.name === name)!;
      expect(saved.content[0][1][0]).toMatchObject({ type: 'point_data', point_id: 'pt-elec-index', calculation: 'diff', sampling: 'day', offset: 1 });
      expect(saved.content[0][0][0]).toMatchObject({ type: 'text_format', arguments: [{ cell: 'B1' }] });
      await page.locator(`[data-export-id="${saved._id}"]`).getByTestId('export-show').click();
      await page.waitForURL(`**/exports/show/${saved._id}`, { timeout: UI_TIMEOUT_MS });
      const sentence = page.locator('[data-cell="A1"]');
      await expect.poll(() => sentence.textContent(), { timeout: UI_TIMEOUT_MS }).toMatch(/^Hier : [\d\s,]+ kWh$/);
      const shownNumber = (await page.locator('[data-cell="B1"]').textContent())!;
      await keepScreenshot(page, 'export-show-1440-fr');

      const downloading = page.waitForEvent('download', { timeout: UI_TIMEOUT_MS });
      await page.getByTestId('export-download').click();
      const file = await downloading;
      expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile((await file.path())!);
      const value = workbook.worksheets[0].getCell('B1');
      expect(value.type).toBe(ExcelJS.ValueType.Number);
      expect(new Intl.NumberFormat('fr', { maximumFractionDigits: 6 }).format(value.value as number)).toBe(shownNumber);
      await callApi(page, 'DELETE', `/api/v1/exports/data/${saved._id}`);
    } finally {
      await context.close();
    }
  });

  it('fits the list, the editor and the read view on a 390 px phone, in English', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    try {
      await signInIn(page, accounts.premiumAdministrator, 'en');
      const created = await callApi<Export>(page, 'POST', '/api/v1/exports/data', {
        name: `Phone ${randomUUID().slice(0, 6)}`,
        content: [[[{ type: 'text', value: 'Site' }], [{ type: 'point', point_id: 'pt-elec-index', property: 'name' }]]],
      });
      for (const path of ['/exports', '/exports/create', `/exports/show/${created._id}`]) {
        await page.goto(webUrl(path));
        await page.getByTestId(path === '/exports' ? 'exports' : path.endsWith('create') ? 'export-editor' : 'export-reader').waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
        await keepScreenshot(page, `export${path.replace(/\//g, '-').replace(created._id, 'id')}-390-en`);
      }
      await expect.poll(() => page.locator('[data-cell="B1"]').textContent(), { timeout: UI_TIMEOUT_MS }).toBe('Index électricité TGBT');
      await callApi(page, 'DELETE', `/api/v1/exports/data/${created._id}`);
    } finally {
      await context.close();
    }
  });
});
