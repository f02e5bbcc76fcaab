import { describe, expect, it } from 'vitest';
import { testEnvironment } from '../support/environment';
import { callApi, keepScreenshot, navigation, openPage, signIn, UI_TIMEOUT_MS, useBrowser, webUrl } from './support/browser';

/** Lines go function → CloudWatch Logs → subscription → forwarder → WebSocket: seconds, with cold starts. */
const LIVE_LINE_DEADLINE_MS = 45_000;

describe('live logs screen', () => {
  const browser = useBrowser();

  it('shows a super user the log line of a request, live, newest at the top', async () => {
    const { context, page } = await openPage(browser(), { width: 1440, height: 900 });
    try {
      await signIn(page, testEnvironment().accounts.super);
      const menu = await navigation(page);
      await menu.getByText('Paramètres', { exact: true }).click();
      await menu.getByText('Système', { exact: true }).click();
      await menu.getByText('Journaux', { exact: true }).click();
      await page.waitForURL('**/settings/system/logs', { timeout: UI_TIMEOUT_MS });
      await page.getByRole('heading', { name: 'Journaux en direct' }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByRole('textbox', { name: 'Nombre maximal de lignes' }).inputValue()).toBe('100');

      // A recognisable request, repeated until the screen has asked for the lines and one arrives.
      const marker = page.getByTestId('log-line').filter({ hasText: 'getApplicationInformation' }).first();
      const deadline = Date.now() + LIVE_LINE_DEADLINE_MS;
      while (!(await marker.isVisible()) && Date.now() < deadline) {
        await callApi(page, 'GET', '/api/v1/application/information');
        await marker.waitFor({ timeout: 3_000 }).catch(() => undefined);
      }
      await marker.waitFor({ timeout: 1_000 });
      expect(await marker.textContent()).toContain('ApplicationEndpoints');

      // Filtering by text keeps the matching lines only.
      await page.getByRole('textbox', { name: 'Filtrer' }).fill('getApplicationInformation');
      const shown = await page.getByTestId('log-line').allTextContents();
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.every((text) => text.includes('getApplicationInformation'))).toBe(true);

      // A line's request id shows only that request's lines (its id on each), whatever their text.
      const requestId = (await marker.getByTestId('log-correlation').textContent())!.trim();
      expect(requestId.length).toBeGreaterThan(0);
      await page.getByRole('textbox', { name: 'Filtrer' }).fill('');
      await page.getByTestId('log-correlation').filter({ hasText: requestId }).first().click();
      expect(await page.getByRole('textbox', { name: 'Identifiant de requête' }).inputValue()).toBe(requestId);
      const ofRequest = await page.getByTestId('log-line').allTextContents();
      expect(ofRequest.length).toBeGreaterThan(0);
      expect(ofRequest.every((text) => text.includes(requestId))).toBe(true);
      await keepScreenshot(page, 'logs-1440-fr');
      await page.getByRole('textbox', { name: 'Identifiant de requête' }).fill('');

      // Paused, nothing new comes in: clearing empties the screen.
      await page.getByRole('button', { name: 'Pause' }).click();
      await page.getByText('En pause : les nouvelles lignes ne s\'affichent pas').waitFor();
      await page.getByRole('button', { name: 'Effacer' }).click();
      expect(await page.getByTestId('log-line').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('fits a phone in English', async () => {
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    try {
      await signIn(page, testEnvironment().accounts.super);
      await page.evaluate(() => localStorage.setItem('wattwise.language', JSON.stringify('en')));
      await page.goto(webUrl('/settings/system/logs'));
      await page.getByRole('heading', { name: 'Live logs' }).waitFor({ timeout: UI_TIMEOUT_MS });
      const marker = page.getByTestId('log-line').first();
      const deadline = Date.now() + LIVE_LINE_DEADLINE_MS;
      while (!(await marker.isVisible()) && Date.now() < deadline) {
        await callApi(page, 'GET', '/api/v1/application/information');
        await marker.waitFor({ timeout: 3_000 }).catch(() => undefined);
      }
      await marker.waitFor({ timeout: 1_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await keepScreenshot(page, 'logs-390-en');
    } finally {
      await context.close();
    }
  });

  it('keeps a member out of the live logs', async () => {
    const { context, page } = await openPage(browser());
    try {
      await signIn(page, testEnvironment().accounts.premiumMember);
      await page.goto(webUrl('/settings/system/logs'));
      // The route guard sends a role without the key to the dashboard.
      await page.waitForURL('**/dashboard', { timeout: UI_TIMEOUT_MS });
      expect(await page.getByRole('heading', { name: 'Journaux en direct' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
