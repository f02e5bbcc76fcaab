import { describe, expect, it } from 'vitest';
import { SOCKET_LOGIN_COUNTDOWN_SECONDS } from '@shared/constants';
import { testEnvironment } from '../support/environment';
import { useBrowser, navigation, openPage, signIn, UI_TIMEOUT_MS } from './support/browser';

const MINUTE_MS = 60_000;

describe('session life', () => {
  const browser = useBrowser();

  it('renews the session on a route change once a tenth of its life has passed, not before', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser());
    try {
      await page.clock.install();
      const renewals: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/v1/users/auto_login')) renewals.push(request.url());
      });
      await signIn(page, accounts.premiumMember);
      const menu = await navigation(page);
      const issuedAt = async () =>
        Date.parse(JSON.parse((await page.evaluate(() => localStorage.getItem('wattwise.credentials'))) ?? '{}').issued_at);
      const firstIssue = await issuedAt();

      await page.clock.fastForward('02:00');
      await menu.getByText('Usine Grenoble', { exact: true }).click();
      await page.waitForURL('**/locations/usine-grenoble/loc-grenoble', { timeout: UI_TIMEOUT_MS });
      expect(renewals).toHaveLength(0);

      await page.clock.fastForward('05:00');
      await menu.getByText('Tableau de bord', { exact: true }).click();
      await page.waitForURL('**/dashboard', { timeout: UI_TIMEOUT_MS });
      await expect.poll(issuedAt, { timeout: UI_TIMEOUT_MS }).toBeGreaterThanOrEqual(firstIssue + 6 * MINUTE_MS);
      expect(renewals).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it('counts down in a second browser of the same user and then logs it out', async () => {
    const { accounts } = testEnvironment();
    const first = await openPage(browser());
    const second = await openPage(browser());
    try {
      await signIn(first.page, accounts.basicAdministrator);
      await navigation(first.page);
      const startedAt = Date.now();
      await signIn(second.page, accounts.basicAdministrator);
      await second.page.getByText('Déjà connecté ailleurs').waitFor({ timeout: UI_TIMEOUT_MS });
      await second.page.waitForURL('**/login', { timeout: UI_TIMEOUT_MS + SOCKET_LOGIN_COUNTDOWN_SECONDS * 1000 });
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(SOCKET_LOGIN_COUNTDOWN_SECONDS * 1000);
      expect(first.page.url()).toContain('/dashboard');
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });
});
