// @runs-alone: activates a licence, which restarts the application under every other browser.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dateText } from '@shared/date-text';
import type { Customer } from '@shared/schemas/customer';
import { testEnvironment } from '../support/environment';
import { api, login } from '../support/api';
import { entities } from '../support/aws';
import { createTestCustomer, seedUser } from '../support/customers';
import { signLicense } from '../support/license';
import { callApi, keepScreenshot, openPage, signIn, signInIn, UI_TIMEOUT_MS, useBrowser, webUrl } from './support/browser';

const folder = mkdtempSync(path.join(tmpdir(), 'ww-license-'));
const created: string[] = [];

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe('customers and licence screens', () => {
  const browser = useBrowser();

  it('let root create a customer, which the list then shows (1440 px, French)', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser(), { width: 1440, height: 900 });
    const name = `Zz Client navigateur ${randomUUID().slice(0, 6)}`;
    try {
      await signIn(page, accounts.root);
      await page.goto(webUrl('/settings/system/customers'));
      await page.getByTestId('customers-table').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByTestId('customer-create').click();
      await page.waitForURL('**/settings/system/customers/add', { timeout: UI_TIMEOUT_MS });
      await page.getByTestId('customer-save').click();
      await page.getByText('Ce champ est obligatoire').first().waitFor({ timeout: UI_TIMEOUT_MS });
      expect(page.url()).toContain('/settings/system/customers/add');

      await page.getByTestId('customer-name').fill(name);
      expect(await page.getByText('Ce champ est obligatoire').count()).toBe(0);
      await page.getByTestId('customer-timezone').click();
      await page.getByTestId('customer-timezone').fill('Vancouver');
      await page.getByRole('option', { name: /America\/Vancouver/ }).first().click();
      await page.getByTestId('customer-subscription-end').fill('2030-12-31');
      await page.getByRole('switch', { name: 'Premium' }).check();
      await keepScreenshot(page, 'customer-form-1440-fr');
      await page.getByTestId('customer-save').click();
      await page.getByText('Client enregistré', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.waitForURL('**/settings/system/customers', { timeout: UI_TIMEOUT_MS });
      const row = page.getByTestId('customer').filter({ hasText: name });
      await row.waitFor({ timeout: UI_TIMEOUT_MS });
      await row.getByText("Jusqu'au 31/12/2030", { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await row.getByText(/\d+ utilisateurs · \d+ sites · \d+ points/).waitFor({ timeout: UI_TIMEOUT_MS });
      await keepScreenshot(page, 'customers-list-1440-fr');

      const customers = await callApi<Customer[]>(page, 'GET', '/api/v1/customers');
      const saved = customers.find((customer) => customer.name === name)!;
      created.push(saved._id);
      expect(saved).toMatchObject({ timezone: 'America/Vancouver', cca2: 'CA', is_premium: true, active: true });
      expect(saved.subscription_end).toBeTruthy();
      await callApi(page, 'DELETE', `/api/v1/customers/${saved._id}`);
    } finally {
      await context.close();
    }
  });

  it('let root upload a licence file and see it activated (390 px, English)', async () => {
    const { accounts } = testEnvironment();
    const file = path.join(folder, 'wattwise.lic');
    writeFileSync(file, await signLicense({ licensee: 'Browser Test Licensee' }));
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    try {
      await signInIn(page, accounts.root, 'en');
      await page.goto(webUrl('/settings/system/license'));
      await page.getByTestId('license').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.locator('input[type=file]').setInputFiles(file);
      await page.getByText('Your license has been activated. The application is restarting', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByTestId('license-licensee').getByText('Browser Test Licensee').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByTestId('license-status').getByText('Valid', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await keepScreenshot(page, 'license-390-en');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await page.goto(webUrl('/settings/system/customers'));
      await page.getByTestId('customer').first().getByText(/\d+ users · \d+ locations · \d+ points/).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('customers-table').count()).toBe(0);
      await keepScreenshot(page, 'customers-list-390-en');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // A bad file shows the server's reason.
      const bad = path.join(folder, 'forged.lic');
      writeFileSync(bad, 'not a licence');
      await page.goto(webUrl('/settings/system/license'));
      await page.locator('input[type=file]').setInputFiles(bad);
      await page.getByText('This license file is not valid', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
    } finally {
      await context.close();
    }
  });

  it("show a customer's deletion under way, its step, what it removed and its runs (1440 px French, 390 px English)", async () => {
    const { accounts } = testEnvironment();
    const root = await login('root');
    const customer = await createTestCustomer(root.user.jwt);
    // A deletion stopped between two runs, as its checkpoint says (no job holds it: the DELETE below takes it over).
    await entities.set({ PK: `C#${customer._id}`, SK: 'CUSTOMER' }, { deleting: true, deletion_phase: 'files', deletion_runs: 3, deletion_done: 120 });
    try {
      for (const [width, language, step, done] of [
        [1440, 'fr', 'Étape 3 sur 7 : fichiers', '120 éléments supprimés · passage 3'],
        [390, 'en', 'Step 3 of 7: files', '120 things removed · run 3'],
      ] as const) {
        const { context, page } = await openPage(browser(), { width, height: width > 400 ? 900 : 844 });
        try {
          await signInIn(page, accounts.root, language);
          await page.goto(webUrl('/settings/system/customers'));
          const progress = page.getByTestId('customer').filter({ hasText: customer.name }).getByTestId('customer-deletion-progress');
          await progress.getByText(step, { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
          await progress.getByText(done, { exact: true }).waitFor();
          await progress.scrollIntoViewIfNeeded();
          await keepScreenshot(page, `customers-deletion-${width}-${language}`);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        } finally {
          await context.close();
        }
      }
    } finally {
      await api('DELETE', `/api/v1/customers/${customer._id}`, { token: root.user.jwt });
    }
  });

  it("show a deleted customer's purge date, and let root restore it after confirming (1440 px, French)", async () => {
    const { accounts } = testEnvironment();
    const root = await login('root');
    const customer = await createTestCustomer(root.user.jwt);
    const deletion = await api<{ purge_at: string }>('DELETE', `/api/v1/customers/${customer._id}`, { token: root.user.jwt });
    expect(deletion.status).toBe(200);
    const { context, page } = await openPage(browser(), { width: 1440, height: 900 });
    try {
      await signIn(page, accounts.root);
      await page.goto(webUrl('/settings/system/customers'));
      const row = page.getByTestId('customer').filter({ hasText: customer.name });
      await row
        .getByTestId('customer-deleted')
        .getByText(`Supprimé, purge le ${dateText(deletion.body.data!.purge_at, customer.timezone)}`, { exact: true })
        .waitFor({ timeout: UI_TIMEOUT_MS });
      await keepScreenshot(page, 'customers-deleted-1440-fr');
      await row.getByRole('button', { name: `Restaurer le client ${customer.name}` }).click();
      await page.getByText(`Restaurer le client ${customer.name} avec toutes ses données ?`, { exact: false }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByTestId('customer-confirm-restore').click();
      await page.getByText('Client restauré', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await row.getByTestId('customer-standing').getByText('Actif', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await row.getByTestId('customer-deleted').count()).toBe(0);
      expect((await api<Customer>('GET', `/api/v1/customers/${customer._id}`, { token: root.user.jwt })).body.data!.deleting).toBeUndefined();
    } finally {
      await context.close();
      await api('DELETE', `/api/v1/customers/${customer._id}`, { token: root.user.jwt });
    }
  });

  it("tell a customer's user past the customer's API rate limit how long to wait, in one alert box (1440 px, French)", async () => {
    const root = await login('root');
    const customer = await createTestCustomer(root.user.jwt);
    // Its own limit of one request an hour (the operator's setting): the first screen's calls pass it.
    await entities.set({ PK: `C#${customer._id}`, SK: 'CUSTOMER' }, { api_rate_limit: { count: 1, window_seconds: 3600 } });
    const { context, page } = await openPage(browser(), { width: 1440, height: 900 });
    try {
      await signIn(page, { ...(await seedUser(customer._id, 'administrator')), customer: customer._id });
      const wait = page.getByText(/^Votre organisation a envoyé trop de demandes en peu de temps\. Veuillez patienter \d+\s+s avant de réessayer$/);
      await wait.first().waitFor({ timeout: UI_TIMEOUT_MS });
      await keepScreenshot(page, 'customers-rate-limited-1440-fr');
      expect(await wait.count()).toBe(1);
    } finally {
      await context.close();
      await api('DELETE', `/api/v1/customers/${customer._id}`, { token: root.user.jwt });
    }
  });
});
