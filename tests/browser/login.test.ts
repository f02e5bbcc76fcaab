import { describe, expect, it } from 'vitest';
import { REMEMBERED_SESSION_DAYS } from '@shared/constants';
import { testEnvironment } from '../support/environment';
import { useBrowser, openPage, UI_TIMEOUT_MS, webUrl } from './support/browser';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('sign-in', () => {
  const browser = useBrowser();

  it('tells in French that the e-mail or password contains errors, then accepts the right password', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser());
    try {
      await page.goto(webUrl('/login'));
      await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(accounts.premiumMember.email);
      await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(`${accounts.premiumMember.password}-wrong`);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Votre e-mail et / ou mot de passe contiennent des erreurs' })
        .waitFor({ timeout: UI_TIMEOUT_MS });
      expect(page.url()).toContain('/login');

      await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(accounts.premiumMember.password);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.waitForURL('**/dashboard', { timeout: UI_TIMEOUT_MS });
    } finally {
      await context.close();
    }
  });

  it('offers the language choice on the sign-in screen, and signs in in the language chosen', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser());
    try {
      await page.goto(webUrl('/login'));
      await page.getByRole('button', { name: 'Se connecter' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByTestId('language-selector').click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      await page.getByRole('button', { name: 'Log in' }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(accounts.premiumMember.email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(accounts.premiumMember.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL('**/dashboard', { timeout: UI_TIMEOUT_MS });
      await page.getByTestId('navigation').getByText('Dashboard', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
    } finally {
      await context.close();
    }
  });

  it('keeps a remembered session for 7 days and restores it on the next visit', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser());
    try {
      await page.goto(webUrl('/login'));
      await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(accounts.basicAdministrator.email);
      await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(accounts.basicAdministrator.password);
      await page.getByLabel('Se souvenir de moi').check();
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.waitForURL('**/dashboard', { timeout: UI_TIMEOUT_MS });
      const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('wattwise.credentials'))) ?? '{}');
      const lifeMs = Date.parse(stored.expires_at) - Date.parse(stored.issued_at);
      expect(Math.round(lifeMs / DAY_MS)).toBe(REMEMBERED_SESSION_DAYS);

      const again = await context.newPage();
      await again.goto(webUrl('/login'));
      await again.waitForURL('**/dashboard', { timeout: UI_TIMEOUT_MS });
      await again.getByText('Ville de Montclair').first().waitFor({ timeout: UI_TIMEOUT_MS });
    } finally {
      await context.close();
    }
  });

  it('sends an unknown address to the sign-in screen and a page behind sign-in back there with the login message', async () => {
    const { context, page } = await openPage(browser());
    try {
      await page.goto(webUrl('/no/such/page'));
      await page.waitForURL('**/login', { timeout: UI_TIMEOUT_MS });
      await page.goto(webUrl('/dashboard'));
      await page.waitForURL('**/login', { timeout: UI_TIMEOUT_MS });
      await page.getByText('Vous devez être connecté pour accéder à cette page').waitFor({ timeout: UI_TIMEOUT_MS });
    } finally {
      await context.close();
    }
  });
});
