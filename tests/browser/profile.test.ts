import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { entities } from '../support/aws';
import { testEnvironment } from '../support/environment';
import { eventually } from '../support/eventually';
import { createTestUser } from '../support/test-users';
import { keepScreenshot, openPage, signIn, UI_TIMEOUT_MS, useBrowser, webUrl } from './support/browser';

/** The profile screen (spec 3 §5), preferences (spec 1 §9), the lock screen and /real-login (spec 1 §2.1). */

const premium = () => testEnvironment().customers.premium;

const openProfile = async (page: Page, heading = 'Mon profil') => {
  await page.goto(webUrl('/settings/profile'));
  await page.getByRole('heading', { name: heading, exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
};

const fieldError = (page: Page, text: string) => page.locator('.mantine-InputWrapper-error', { hasText: text });

describe('profile', () => {
  const browser = useBrowser();

  it('refuses a password change without the current password or with a different confirmation, then changes it for the next sign-in', async () => {
    const user = await createTestUser(premium());
    const { context, page } = await openPage(browser(), { width: 1440, height: 1000 });
    try {
      await signIn(page, user);
      await openProfile(page);
      const form = page.getByTestId('profile-password-form');
      await form.getByLabel('Nouveau mot de passe', { exact: true }).fill('nouveau-1');
      await form.getByLabel('Confirmez le nouveau mot de passe', { exact: true }).fill('nouveau-2');
      await page.getByTestId('profile-password-submit').click();
      await fieldError(page, 'Vous devez saisir votre mot de passe actuel').waitFor({ timeout: UI_TIMEOUT_MS });
      await fieldError(page, 'Le nouveau mot de passe ne correspond pas à la confirmation').waitFor({ timeout: UI_TIMEOUT_MS });

      // The server's answer to a wrong current password, translated.
      await form.getByLabel('Mot de passe actuel', { exact: true }).fill('pas-le-bon');
      await form.getByLabel('Confirmez le nouveau mot de passe', { exact: true }).fill('nouveau-1');
      await page.getByTestId('profile-password-submit').click();
      await fieldError(page, 'Votre mot de passe actuel est incorrect').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await fieldError(page, 'ne correspond pas').count()).toBe(0);
      await keepScreenshot(page, 'profile-1440-fr');

      await form.getByLabel('Mot de passe actuel', { exact: true }).fill(user.password);
      await page.getByTestId('profile-password-submit').click();
      await page.getByText('Votre mot de passe a été changé').waitFor({ timeout: UI_TIMEOUT_MS });

      await page.goto(webUrl('/logout'));
      await page.waitForURL('**/login', { timeout: UI_TIMEOUT_MS });
      expect(await page.evaluate(() => localStorage.getItem('wattwise.credentials'))).toBeNull();
      await signIn(page, { ...user, password: 'nouveau-1' });
    } finally {
      await context.close();
    }
  });

  it('switches the interface to the language saved in the profile, and brings it back at the next sign-in on another browser', async () => {
    const user = await createTestUser(premium());
    const first = await openPage(browser());
    try {
      await signIn(first.page, user);
      await openProfile(first.page);
      await first.page.getByTestId('profile-language').click();
      await first.page.getByRole('option', { name: 'English', exact: true }).click();
      await first.page.getByTestId('profile-save').click();
      await first.page.getByRole('heading', { name: 'My profile', exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await first.page.evaluate(() => document.documentElement.lang)).toBe('en');
    } finally {
      await first.context.close();
    }

    // A fresh browser (French by default) at a phone's width: the sign-in brings the user's English back.
    const phone = await openPage(browser(), { width: 390, height: 844 });
    try {
      await signIn(phone.page, user);
      await phone.page.getByRole('button', { name: 'Open the menu' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await openProfile(phone.page, 'My profile');
      await phone.page.getByRole('heading', { name: 'Password', exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await keepScreenshot(phone.page, 'profile-390-en');
    } finally {
      await phone.context.close();
    }

    // The header's selector stores the choice on the profile too.
    const third = await openPage(browser());
    try {
      await signIn(third.page, user);
      await third.page.getByTestId('navigation').getByText('Dashboard', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await third.page.getByTestId('language-selector').click();
      await third.page.getByRole('menuitem', { name: 'Français' }).click();
      await third.page.getByTestId('navigation').getByText('Tableau de bord', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      const stored = await eventually(() => entities.get(user.key), (item) => item?.language === 'fr', 10_000);
      expect(stored?.language).toBe('fr');
    } finally {
      await third.context.close();
    }
  });

  it('applies a chosen skin at once and keeps it after a reload', async () => {
    const user = await createTestUser(premium());
    const { context, page } = await openPage(browser(), { width: 1440, height: 1000 });
    try {
      await signIn(page, user);
      await openProfile(page);
      const header = page.locator('.mantine-AppShell-header');
      const background = () => header.evaluate((element) => getComputedStyle(element).backgroundImage + getComputedStyle(element).backgroundColor);
      const before = await background();
      await page.getByTestId('profile-skin').click();
      await page.getByRole('option', { name: 'Dark Elegance', exact: true }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.skin), { timeout: UI_TIMEOUT_MS }).toBe('smart-style-1');
      expect(await background()).not.toBe(before);
      await eventually(() => entities.get(user.key), (item) => (item?.preferences as { skin?: string } | undefined)?.skin === 'smart-style-1', 10_000);
      await keepScreenshot(page, 'profile-skin-dark-1440-fr');

      await page.reload();
      await page.getByRole('heading', { name: 'Mon profil', exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.evaluate(() => document.documentElement.dataset.skin)).toBe('smart-style-1');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Ouvrir le menu' }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await keepScreenshot(page, 'profile-skin-dark-390-fr');
      await page.setViewportSize({ width: 1440, height: 1000 });

      // Voice commands are off by default; turned on, the header offers the microphone.
      expect(await page.getByTestId('voice-command').count()).toBe(0);
      await page.getByRole('switch', { name: 'Commandes vocales' }).click();
      await page.getByTestId('voice-command').waitFor({ timeout: UI_TIMEOUT_MS });
    } finally {
      await context.close();
    }
  });

  it('locks the session from the header menu, stays locked on reload, and unlocks with the password only', async () => {
    const user = await createTestUser(premium(), { firstName: 'Lucie' });
    const { context, page } = await openPage(browser());
    try {
      const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('wattwise.credentials') ?? '{}') as { token?: string; issued_at?: string });
      await signIn(page, user);
      const signedIn = (await stored()).issued_at;
      await openProfile(page);
      // Loading a page renews a stored session; the lock must keep the renewed one, so wait for it.
      await expect.poll(async () => (await stored()).issued_at, { timeout: UI_TIMEOUT_MS }).not.toBe(signedIn);
      const { token } = await stored();
      await page.getByTestId('user-menu').click();
      await page.getByTestId('lock-action').click();
      await page.waitForURL('**/lock', { timeout: UI_TIMEOUT_MS });
      await page.getByTestId('lock-user-name').filter({ hasText: 'Lucie Profil' }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('navigation').count()).toBe(0);
      // The session is kept: the same token is still stored.
      expect((await stored()).token).toBe(token);

      await page.reload();
      await page.getByTestId('lock-user-name').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.goto(webUrl('/dashboard'));
      await page.waitForURL('**/lock', { timeout: UI_TIMEOUT_MS });

      await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('pas-le-bon');
      await page.getByRole('button', { name: 'Déverrouiller' }).click();
      await page.getByRole('alert').filter({ hasText: 'Votre e-mail et / ou mot de passe contiennent des erreurs' }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(page.url()).toContain('/lock');
      await keepScreenshot(page, 'lock-1440-fr');

      await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Déverrouiller' }).click();
      await page.waitForURL('**/settings/profile', { timeout: UI_TIMEOUT_MS });
      await page.getByTestId('navigation').waitFor({ timeout: UI_TIMEOUT_MS });
    } finally {
      await context.close();
    }
  });

  it('offers the sign-in form on /real-login even with a stored session, which /login would restore', async () => {
    const user = await createTestUser(premium());
    const { context, page } = await openPage(browser());
    try {
      await signIn(page, user);
      await page.goto(webUrl('/login'));
      await page.waitForURL('**/dashboard', { timeout: UI_TIMEOUT_MS });
      await page.goto(webUrl('/real-login'));
      await page.getByRole('button', { name: 'Se connecter' }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(page.url()).toContain('/real-login');
      expect(await page.evaluate(() => localStorage.getItem('wattwise.credentials'))).toBeNull();
      await page.goto(webUrl('/login'));
      await page.getByRole('button', { name: 'Se connecter' }).waitFor({ timeout: UI_TIMEOUT_MS });
    } finally {
      await context.close();
    }
  });

  it('clears the local storage after its warning, which signs the user out', async () => {
    const user = await createTestUser(premium());
    const { context, page } = await openPage(browser());
    try {
      await signIn(page, user);
      await openProfile(page);
      await page.getByTestId('profile-clear-storage').click();
      await page.getByText('Vos préférences enregistrées dans ce navigateur seront réinitialisées et vous serez déconnecté.').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByTestId('profile-clear-confirm').click();
      await page.waitForURL('**/login', { timeout: UI_TIMEOUT_MS });
      await page.getByRole('button', { name: 'Se connecter' }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.evaluate(() => localStorage.getItem('wattwise.credentials'))).toBeNull();
    } finally {
      await context.close();
    }
  });
});

