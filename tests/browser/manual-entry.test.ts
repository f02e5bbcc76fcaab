import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { testEnvironment } from '../support/environment';
import { useBrowser, navigation, openPage, signIn, UI_TIMEOUT_MS, webUrl } from './support/browser';

const SCREENSHOTS = process.env.WATTWISE_SCREENSHOTS;

const choose = async (page: Page, testId: string, option: string) => {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

describe('manual data entry', () => {
  const browser = useBrowser();

  it('sends a value, keeps it locally when the network fails, and sends it later from the header', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser());
    try {
      await signIn(page, accounts.premiumAdministrator);
      const menu = await navigation(page);
      await menu.getByText('Saisie manuelle', { exact: true }).click();
      await page.waitForURL('**/manual_entry', { timeout: UI_TIMEOUT_MS });

      // The automated date follows the clock.
      const clock = page.getByTestId('manual-entry-clock');
      const first = await clock.inputValue();
      await expect.poll(() => clock.inputValue(), { timeout: 5_000 }).not.toBe(first);

      await choose(page, 'manual-entry-location', 'Bâtiment A');
      // Calculated points (building A's cost and sub-meters) are computed, never typed.
      // The list draws the rows in view only, and other files add points to this building: the names are typed, as a person would.
      const pointPicker = page.getByTestId('manual-entry-point');
      await pointPicker.click();
      await pointPicker.fill('bâtiment A');
      await page.getByTestId('manual-entry-point-list').waitFor({ timeout: UI_TIMEOUT_MS });
      const offered = await page.getByRole('option').allInnerTexts();
      for (const calculated of ['Coût électricité bâtiment A', 'Éclairage bâtiment A', 'Chauffage-ventilation bâtiment A']) {
        expect(offered).not.toContain(calculated);
      }
      await pointPicker.fill('Index électricité TGBT');
      await page.getByRole('option', { name: 'Index électricité TGBT', exact: true }).click({ timeout: UI_TIMEOUT_MS });
      await page.getByTestId('manual-entry-last-value').getByText(/^Dernière valeur : [\d\s\u202f]+(,\d)? kWh le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/).waitFor();
      await page.getByTestId('manual-entry-value').fill('1234,5');
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/manual-entry.png` });
      await page.getByRole('button', { name: 'Envoyer' }).click();
      await page.getByText('Données enregistrées', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByRole('button', { name: 'Données enregistrées non envoyées' }).count()).toBe(0);
      await page.getByTestId('manual-entry-last-value').getByText(/^Dernière valeur : 1\s?234,5 kWh le /).waitFor({ timeout: UI_TIMEOUT_MS });

      // No answer from the server: the entry is kept and the header offers to send it later.
      await page.route('**/api/v1/data', (route) => route.abort());
      await page.getByTestId('manual-entry-value').fill('1240');
      await page.getByRole('button', { name: 'Envoyer' }).click();
      await page.getByText('Erreur réseau', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText(/Les données saisies sont enregistrées/).waitFor();
      const indicator = page.getByRole('button', { name: 'Données enregistrées non envoyées' });
      await indicator.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('wattwise.savedData') ?? '[]').length)).toBe(1);
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/manual-entry-offline.png` });

      // Back online: the indicator sends the kept entry and goes away.
      await page.unroute('**/api/v1/data');
      // The first success toast has gone (6 s) before the second one is awaited.
      await page.getByText('Données enregistrées', { exact: true }).waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      await indicator.click();
      await page.getByRole('button', { name: 'Oui', exact: true }).click();
      await page.getByText('Données enregistrées', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await indicator.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('wattwise.savedData') ?? '[]').length)).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('shows and reads a typed date as dd/MM/yyyy HH:mm in French, in a browser set to American English', async () => {
    const { accounts } = testEnvironment();
    const context = await browser().newContext({ viewport: { width: 1400, height: 900 }, locale: 'en-US', timezoneId: 'Europe/Paris' });
    const page = await context.newPage();
    try {
      await signIn(page, accounts.premiumAdministrator);
      await page.goto(webUrl('/manual_entry'));
      await page.getByRole('switch', { name: 'Date automatique' }).click();
      const date = page.getByTestId('manual-entry-date');
      await date.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await date.inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/manual-entry-date-en-US.png` });

      await choose(page, 'manual-entry-location', 'Atelier de production');
      await choose(page, 'manual-entry-point', 'Température atelier');
      await page.getByTestId('manual-entry-value').fill('19,5');
      await date.fill('13/01/2026 17:30');
      await page.keyboard.press('Escape');
      const sent = page.waitForRequest((request) => request.url().endsWith('/api/v1/data') && request.method() === 'POST');
      await page.getByRole('button', { name: 'Envoyer' }).click();
      const body = (await sent).postDataJSON() as { data: { date: string; automated_datetime: boolean }[] };
      expect(body.data[0]).toMatchObject({ date: '2026-01-13T17:30:00+01:00', automated_datetime: false });
      await page.getByText('Données enregistrées', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
    } finally {
      await context.close();
    }
  });
});
