import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Report } from '@shared/schemas/report';
import type { Subscription } from '@shared/schemas/subscription';
import { testEnvironment } from '../support/environment';
import { callApi, keepScreenshot, navigation, openPage, signIn, signInIn, UI_TIMEOUT_MS, useBrowser, webUrl } from './support/browser';

const choose = async (page: Page, testId: string, option: string) => {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

const subscriptionNamed = async (page: Page, name: string) =>
  (await callApi<Subscription[]>(page, 'GET', '/api/v1/subscriptions')).find((candidate) => candidate.name === name);

/** Fills the subscription form: its name, its report, its sending preset and its 'to' addresses. */
const fillForm = async (page: Page, { name, report, preset, to }: { name: string; report: string; preset: string; to: string }) => {
  await page.getByTestId('subscription-name').fill(name);
  await choose(page, 'subscription-report', report);
  await choose(page, 'subscription-cron-preset', preset);
  const addresses = page.getByTestId('subscription-to');
  await addresses.fill(to);
  await addresses.press('Tab');
};

describe('report subscriptions', () => {
  const browser = useBrowser();

  it('lets a user create a subscription from the screen, then edit it in the side panel and delete it (1440 px, French)', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser(), { width: 1440, height: 900 });
    const tag = randomUUID().slice(0, 6);
    const name = `Direction ${tag}`;
    try {
      await signIn(page, accounts.premiumAdministrator);
      const report = await callApi<Report>(page, 'POST', '/api/v1/reports', { data: { name: `Rapport mensuel ${tag}` } });
      const menu = await navigation(page);
      await menu.getByText('Rapports', { exact: true }).click();
      await menu.getByText('Abonnements', { exact: true }).click();
      await page.waitForURL('**/reports/subscriptions', { timeout: UI_TIMEOUT_MS });
      await page.getByTestId('subscription-create').click();
      await page.waitForURL('**/reports/subscriptions/create', { timeout: UI_TIMEOUT_MS });

      // Monthly by default; nothing is saved without a name, a report and a 'to' address.
      expect(await page.getByTestId('subscription-cron').inputValue()).toBe('0 8 1 * *');
      await page.getByTestId('subscription-save').click();
      await expect.poll(() => page.getByTestId('subscription-form-problem').textContent()).toBe('Les champs nom, rapport et destinataire (e-mail) sont obligatoires');

      await fillForm(page, { name, report: report.name, preset: 'Chaque lundi à 08:00', to: `direction-${tag}@energie-plus.example; dg@energie-plus.example` });
      expect(await page.getByTestId('subscription-cron').inputValue()).toBe('0 8 * * 1');
      await keepScreenshot(page, 'subscription-create-1440-fr');
      await page.getByTestId('subscription-save').click();
      await page.getByText('Abonnement enregistré', { exact: true }).first().waitFor({ timeout: UI_TIMEOUT_MS });
      await page.waitForURL('**/reports/subscriptions', { timeout: UI_TIMEOUT_MS });

      const saved = (await subscriptionNamed(page, name))!;
      expect(saved).toMatchObject({ report: report._id, cron_time: '0 8 * * 1', active: true, email: { to: [`direction-${tag}@energie-plus.example`, 'dg@energie-plus.example'] } });
      const row = page.locator(`[data-subscription-id="${saved._id}"]`);
      await row.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await row.textContent()).toContain(report.name);
      expect(await row.textContent()).toContain('Chaque lundi à 08:00');

      // The side panel: edited beside the list, saved, closed.
      await row.getByTestId('subscription-edit').click();
      const panel = page.getByTestId('subscription-panel');
      await panel.getByTestId('subscription-form').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(page.url()).toMatch(/\/reports\/subscriptions$/);
      await expect.poll(() => panel.getByTestId('subscription-name').inputValue()).toBe(name);
      // The panel's picture is taken before typing: a full-page screenshot redraws the page at its
      // whole height, which remounted the panel and lost what was typed (known issue, see the docs).
      await keepScreenshot(page, 'subscriptions-panel-1440-fr');
      await page.waitForLoadState('networkidle');
      await expect.poll(() => panel.getByTestId('subscription-report').isEnabled(), { timeout: UI_TIMEOUT_MS }).toBe(true);
      await panel.getByTestId('subscription-name').fill(`${name} (hebdo)`);
      await panel.getByRole('switch', { name: 'Actif', exact: true }).uncheck();
      expect(await panel.getByTestId('subscription-name').inputValue()).toBe(`${name} (hebdo)`);
      const answered = page.waitForResponse((response) => response.request().method() === 'PUT' && new URL(response.url()).pathname === '/api/v1/subscriptions', { timeout: UI_TIMEOUT_MS });
      await panel.getByTestId('subscription-save').click();
      // What was sent and answered, then the panel closed on it, then the list holds it.
      const answer = await answered;
      expect(answer.request().postDataJSON()).toMatchObject({ _id: saved._id, name: `${name} (hebdo)`, active: false });
      expect(answer.status()).toBe(200);
      await panel.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      expect(await subscriptionNamed(page, `${name} (hebdo)`)).toMatchObject({ _id: saved._id, active: false });
      await expect.poll(() => row.getByTestId('subscription-state').textContent(), { timeout: UI_TIMEOUT_MS }).toBe('Inactif');
      await keepScreenshot(page, 'subscriptions-1440-fr');

      await row.getByTestId('subscription-delete').click();
      await page.getByTestId('subscription-confirm-delete').click();
      await page.getByText('Abonnement supprimé', { exact: true }).first().waitFor({ timeout: UI_TIMEOUT_MS });
      await row.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      await callApi(page, 'DELETE', `/api/v1/reports/${report._id}`);
    } finally {
      await context.close();
    }
  });

  it('fits a 390 px phone in English: the list as cards, the create and edit screens', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    const tag = randomUUID().slice(0, 6);
    const name = `Phone ${tag}`;
    try {
      await signInIn(page, accounts.premiumAdministrator, 'en');
      const report = await callApi<Report>(page, 'POST', '/api/v1/reports', { data: { name: `Phone report ${tag}` } });
      await page.goto(webUrl('/reports/subscriptions/create'));
      await page.getByTestId('subscription-form').waitFor({ timeout: UI_TIMEOUT_MS });
      await fillForm(page, { name, report: report.name, preset: 'Every day at 08:00', to: `phone-${tag}@energie-plus.example` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await keepScreenshot(page, 'subscription-create-390-en');
      await page.getByTestId('subscription-save').click();
      await page.getByText('Subscription saved', { exact: true }).first().waitFor({ timeout: UI_TIMEOUT_MS });
      await page.waitForURL('**/reports/subscriptions', { timeout: UI_TIMEOUT_MS });
      const saved = (await subscriptionNamed(page, name))!;
      expect(saved).toMatchObject({ cron_time: '0 8 * * *', email: { to: [`phone-${tag}@energie-plus.example`] } });

      const card = page.locator(`[data-subscription-id="${saved._id}"]`);
      await card.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await keepScreenshot(page, 'subscriptions-390-en');

      // No room for a side panel: editing opens its own screen.
      await card.getByTestId('subscription-edit').click();
      await page.waitForURL(`**/reports/subscriptions/edit/${saved._id}`, { timeout: UI_TIMEOUT_MS });
      await expect.poll(() => page.getByTestId('subscription-name').inputValue()).toBe(name);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await keepScreenshot(page, 'subscription-edit-390-en');
      await page.getByTestId('subscription-name').fill(`${name} daily`);
      await page.getByTestId('subscription-save').click();
      await page.waitForURL('**/reports/subscriptions', { timeout: UI_TIMEOUT_MS });
      expect(await subscriptionNamed(page, `${name} daily`)).toMatchObject({ _id: saved._id });

      await callApi(page, 'DELETE', `/api/v1/subscriptions/${saved._id}`);
      await callApi(page, 'DELETE', `/api/v1/reports/${report._id}`);
    } finally {
      await context.close();
    }
  });
});
