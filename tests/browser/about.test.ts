// @runs-alone: rewrites the system's configuration and the vendor's answers, which every browser's about box and update check read.
import { afterAll, describe, expect, it } from 'vitest';
import type { ApplicationInformation } from '@shared/schemas/application';
import { entities } from '../support/aws';
import { testEnvironment } from '../support/environment';
import { setVendorAnswers } from '../support/vendor-service';
import { callApi, keepScreenshot, navigation, openPage, signIn, UI_TIMEOUT_MS, useBrowser, webUrl } from './support/browser';

let buildVersion: string | null = null;

afterAll(async () => {
  if (buildVersion) await setVendorAnswers({ latest: buildVersion });
});

describe('about screen', () => {
  const browser = useBrowser();

  it("relays the vendor's signed answer from a member's browser when the server may not ask the vendor", async () => {
    const systemConfig = { PK: 'SYSTEM', SK: 'CONFIG' };
    const application = { PK: 'SYSTEM', SK: 'APPLICATION' };
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    try {
      await entities.set(systemConfig, { can_from_server: false });
      // An answer that locks nothing: updates are no longer allowed.
      await setVendorAnswers({ is_locked: false, is_allowed_to_update: false });
      const relayed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/application/spy', { timeout: UI_TIMEOUT_MS });
      await signIn(page, testEnvironment().accounts.premiumMember);
      const answer = await relayed;
      expect(answer.status()).toBe(200);
      const report = answer.request().postDataJSON() as { result: { data: { signature?: string } }; is_allowed_to_update: boolean };
      expect(report.result.data.signature).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(report.is_allowed_to_update).toBe(false);
      expect((await entities.get(application))?.is_allowed_to_update).toBe(false);
    } finally {
      await entities.set(systemConfig, { can_from_server: true });
      await setVendorAnswers({ is_locked: false, is_allowed_to_update: true });
      await entities.set(application, { is_allowed_to_update: true });
      await context.close();
    }
  });

  it('shows root the version, says it is up to date, then asks about a newer version', async () => {
    const { context, page } = await openPage(browser(), { width: 1440, height: 900 });
    try {
      await signIn(page, testEnvironment().accounts.root);
      const info = await callApi<ApplicationInformation>(page, 'GET', '/api/v1/application/information');
      buildVersion = info.build_version;
      await setVendorAnswers({ latest: info.version });
      const menu = await navigation(page);
      await menu.getByText('À propos', { exact: true }).click();
      await page.waitForURL('**/about', { timeout: UI_TIMEOUT_MS });
      await page.getByTestId('about-version').getByText(info.version, { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText('Émulateur (MiniStack)', { exact: true }).waitFor();
      // Sizes in the French units.
      expect(await page.getByTestId('about-information').textContent()).toMatch(/\d ([kMGT]?o) · /);

      await page.getByRole('button', { name: 'Rechercher une mise à jour' }).click();
      await page.getByTestId('about-up-to-date').getByText('Votre application est à jour').waitFor({ timeout: UI_TIMEOUT_MS });

      await setVendorAnswers({ latest: '99.2.0' });
      await page.getByRole('button', { name: 'Rechercher une mise à jour' }).click();
      await page.getByTestId('about-update-question').getByText('Voulez-vous installer cette nouvelle version maintenant ?').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText('Nouvelle version : 99.2.0', { exact: true }).waitFor();
      // The dialog's fade-in finished, so that the screenshot shows it as the user reads it.
      await page.getByRole('dialog').evaluate((dialog) => Promise.all(dialog.getAnimations({ subtree: true }).map((animation) => animation.finished)));
      await keepScreenshot(page, 'about-update-1440-fr');
      await page.getByRole('button', { name: 'Non', exact: true }).click();
      await page.getByTestId('about-update-question').waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
      await keepScreenshot(page, 'about-1440-fr');

      // The dump runs as a job: its progress, then its download.
      await page.getByRole('button', { name: 'Télécharger la base de données' }).click();
      await page.getByRole('menuitem', { name: 'Les données de ce client' }).click();
      const dump = page.getByTestId('database-dump');
      await dump.getByText('Export de la base : Les données de ce client', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.locator('[data-testid="database-dump"][data-state="done"]').waitFor({ timeout: 2 * 60_000 });
      const link = dump.getByTestId('database-dump-download');
      expect(await link.getAttribute('download')).toMatch(/^wattwise-cust-energie-plus-\d{4}-\d{2}-\d{2}\.jsonl\.gz$/);
      expect((await fetch(String(await link.getAttribute('href')))).status).toBe(200);
      await dump.getByText(/le lien est valable 5 minutes/).waitFor();
      await keepScreenshot(page, 'about-dump-1440-fr');
    } finally {
      await context.close();
    }
  });

  it('shows a member on a phone, in English, the facts without the operations', async () => {
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    try {
      await signIn(page, testEnvironment().accounts.premiumMember);
      await page.evaluate(() => localStorage.setItem('wattwise.language', JSON.stringify('en')));
      const info = await callApi<ApplicationInformation>(page, 'GET', '/api/v1/application/information');
      await page.goto(webUrl('/about'));
      await page.getByTestId('about-version').getByText(info.version, { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText('Runs on', { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Restart' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Check for updates' }).count()).toBe(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await keepScreenshot(page, 'about-390-en');
    } finally {
      await context.close();
    }
  });

  it('shows root on a phone, in English, a dump as it runs and then its download', async () => {
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    try {
      await signIn(page, testEnvironment().accounts.root);
      await page.evaluate(() => localStorage.setItem('wattwise.language', JSON.stringify('en')));
      await page.goto(webUrl('/about'));
      await page.getByRole('button', { name: 'Download the database' }).click();
      await page.getByRole('menuitem', { name: "This customer's data" }).click();
      await page.locator('[data-testid="database-dump"][data-state="done"]').waitFor({ timeout: 2 * 60_000 });
      await page.getByTestId('database-dump-download').getByText('Download the dump').waitFor();
      await page.getByTestId('database-dump').scrollIntoViewIfNeeded();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await keepScreenshot(page, 'about-dump-390-en');
    } finally {
      await context.close();
    }
  });
});
