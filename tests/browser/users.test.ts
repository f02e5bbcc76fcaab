import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { User } from '@shared/schemas/user';
import { api, login } from '../support/api';
import { testEnvironment } from '../support/environment';
import { awaitMailsTo, passwordLinkTokenOf } from '../support/mail';
import { expandTree, keepScreenshot, navigation, openPage, signIn, treeLocations, UI_TIMEOUT_MS, useBrowser, webUrl } from './support/browser';

const DOMAIN = '@wattwise-browser-users.example';
const uniqueAddress = (who: string) => `${who}-${randomUUID().slice(0, 8)}${DOMAIN}`;

/** The users this file made (through the screens) are deleted after it, for later files to find the lists as they were. */
afterAll(async () => {
  for (const customer of Object.values(testEnvironment().customers)) {
    const root = await login('root', { lastCustomer: customer });
    const users = await api<User[]>('GET', '/api/v1/users', { token: root.user.jwt });
    for (const user of (users.body.data ?? []).filter((candidate) => candidate.email.endsWith(DOMAIN))) {
      await api('DELETE', `/api/v1/users/${user._id}`, { token: root.user.jwt });
    }
  }
});

const inLanguage = async (page: Page, language: 'fr' | 'en') => {
  await page.goto(webUrl('/login'));
  await page.evaluate((lang) => localStorage.setItem('wattwise.language', JSON.stringify(lang)), language);
};

const fitsWidth = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe('users', () => {
  const browser = useBrowser();

  it('lets an administrator add a member limited to two locations, who signs in through the e-mailed link and sees only those', async () => {
    const { accounts } = testEnvironment();
    const email = uniqueAddress('membre');
    const admin = await openPage(browser(), { width: 1440, height: 900 });
    try {
      await signIn(admin.page, accounts.premiumAdministrator);
      await admin.page.goto(webUrl('/settings/users'));
      await admin.page.getByTestId('users-table').waitFor({ timeout: UI_TIMEOUT_MS });
      // Only root refreshes the lists (spec 1 §6): the list is drawn, its header without the action.
      expect(await admin.page.getByTestId('users-refresh').count()).toBe(0);
      await keepScreenshot(admin.page, 'users-1440-fr');
      await admin.page.getByTestId('user-create').click();
      await admin.page.waitForURL('**/settings/users/add', { timeout: UI_TIMEOUT_MS });
      await admin.page.getByRole('textbox', { name: 'Prénom' }).fill('Camille');
      await admin.page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Durand');
      await admin.page.getByRole('textbox', { name: 'E-mail' }).fill(email);
      // The member's locations are ticked in the customer's tree.
      const rights = admin.page.getByTestId('user-locations');
      await rights.getByRole('checkbox', { name: 'Bâtiment B', exact: true }).check();
      await rights.getByRole('checkbox', { name: 'Usine Grenoble', exact: true }).check();
      await keepScreenshot(admin.page, 'user-add-1440-fr');
      await admin.page.getByTestId('user-save').click();
      await admin.page.waitForURL('**/settings/users', { timeout: UI_TIMEOUT_MS });
      const row = admin.page.getByTestId('user-row').filter({ hasText: email });
      await row.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await row.textContent()).toContain('Bâtiment B, Usine Grenoble');
    } finally {
      await admin.context.close();
    }

    const [mail] = await awaitMailsTo(email);
    const token = passwordLinkTokenOf(mail);
    expect(token).not.toBeNull();
    const newcomer = await openPage(browser(), { width: 1440, height: 900 });
    try {
      await newcomer.page.goto(webUrl(`/set-password/${token}`));
      await newcomer.page.getByTestId('account-password').fill('Bienvenue-1');
      await newcomer.page.getByTestId('account-password-confirm').fill('Bienvenue-1');
      await newcomer.page.getByTestId('set-password-submit').click();
      await newcomer.page.waitForURL('**/login', { timeout: UI_TIMEOUT_MS });
      await signIn(newcomer.page, { email, password: 'Bienvenue-1', customer: null });
      await navigation(newcomer.page);
      await expandTree(newcomer.page);
      expect(await treeLocations(newcomer.page)).toEqual([
        { id: 'loc-lyon', clickable: false },
        { id: 'loc-lyon-b', clickable: true },
        { id: 'loc-grenoble', clickable: true },
      ]);
      await keepScreenshot(newcomer.page, 'member-navigation-1440-fr');
    } finally {
      await newcomer.context.close();
    }
  });

  it('fits the users screens and the public account screens on a 390 px phone, in English', async () => {
    const { accounts } = testEnvironment();
    const phone = await openPage(browser(), { width: 390, height: 844 });
    try {
      await inLanguage(phone.page, 'en');
      await phone.page.goto(webUrl('/login'));
      await phone.page.getByTestId('register-link').waitFor({ timeout: UI_TIMEOUT_MS });
      await keepScreenshot(phone.page, 'login-390-en');
      await phone.page.getByTestId('forgot-password-link').click();
      await phone.page.getByRole('heading', { name: 'Forgot your password?' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await phone.page.getByTestId('forgot-password-email').fill(uniqueAddress('nobody'));
      await phone.page.getByTestId('forgot-password-submit').click();
      await phone.page.getByTestId('forgot-password-sent').waitFor({ timeout: UI_TIMEOUT_MS });
      await fitsWidth(phone.page, 390);
      await keepScreenshot(phone.page, 'forgot-password-390-en');

      await phone.page.goto(webUrl('/register'));
      await phone.page.getByTestId('register-submit').click();
      await phone.page.getByText('You must accept the terms of use').waitFor({ timeout: UI_TIMEOUT_MS });
      await keepScreenshot(phone.page, 'register-errors-390-en');

      await phone.page.goto(webUrl('/login'));
      await phone.page.locator('input[type=email]').fill(accounts.premiumAdministrator.email);
      await phone.page.locator('input[type=password]').fill(accounts.premiumAdministrator.password);
      await phone.page.locator('button[type=submit]').click();
      await phone.page.waitForURL('**/dashboard', { timeout: UI_TIMEOUT_MS });
      await phone.page.goto(webUrl('/settings/users'));
      await phone.page.getByTestId('user-row').first().waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await phone.page.getByTestId('users-table').count()).toBe(0);
      await fitsWidth(phone.page, 390);
      await keepScreenshot(phone.page, 'users-390-en');
      await phone.page.getByTestId('user-create').click();
      await phone.page.getByRole('heading', { name: 'New user' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await fitsWidth(phone.page, 390);
      await keepScreenshot(phone.page, 'user-add-390-en');
    } finally {
      await phone.context.close();
    }
  });

  it('takes a registration that a super user then accepts on the super users screen', async () => {
    const { accounts } = testEnvironment();
    const email = uniqueAddress('inscrit');
    const visitor = await openPage(browser(), { width: 390, height: 844 });
    try {
      await inLanguage(visitor.page, 'en');
      await visitor.page.goto(webUrl('/register'));
      await visitor.page.getByTestId('register-email').fill(email);
      await visitor.page.getByTestId('register-first-name').fill('Inès');
      await visitor.page.getByTestId('register-last-name').fill('Moreau');
      await visitor.page.getByTestId('account-password').fill('Register-1');
      await visitor.page.getByTestId('account-password-confirm').fill('Register-1');
      await visitor.page.getByText('I accept the terms of use').click();
      await visitor.page.getByTestId('register-submit').click();
      await visitor.page.getByTestId('register-done').waitFor({ timeout: UI_TIMEOUT_MS });
      await keepScreenshot(visitor.page, 'register-done-390-en');
    } finally {
      await visitor.context.close();
    }

    const reviewer = await openPage(browser(), { width: 1440, height: 900 });
    try {
      await signIn(reviewer.page, accounts.super);
      await reviewer.page.goto(webUrl('/settings/su'));
      const registration = reviewer.page.locator(`[data-registration-email="${email}"]`);
      await registration.waitFor({ timeout: UI_TIMEOUT_MS });
      await reviewer.page.getByTestId('su-list').getByTestId('user-row').first().waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await reviewer.page.getByTestId('users-refresh').count()).toBe(0);
      await keepScreenshot(reviewer.page, 'su-1440-fr');
      await registration.getByTestId('registration-role').click();
      await reviewer.page.getByRole('option', { name: 'Administrateur' }).click();
      await registration.getByTestId('registration-accept').click();
      await registration.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    } finally {
      await reviewer.context.close();
    }
    const [accepted] = await awaitMailsTo(email);
    expect(accepted.Subject).toContain('inscription');
  });

  it('gives root alone a refresh of the super-user list, which reads a super user added elsewhere', async () => {
    const { accounts } = testEnvironment();
    const root = await login('root');
    const email = uniqueAddress('su');
    const page = await openPage(browser(), { width: 390, height: 844 });
    let createdId: string | undefined;
    try {
      await signIn(page.page, accounts.root);
      await page.page.goto(webUrl('/settings/su'));
      await page.page.getByTestId('su-list').getByTestId('user-row').first().waitFor({ timeout: UI_TIMEOUT_MS });
      const created = await api<User>('POST', '/api/v1/su', {
        token: root.user.jwt,
        body: { first_name: 'Noé', last_name: 'Garnier', email, type: 'super_administrator' },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      createdId = created.body.data!._id;
      await page.page.getByTestId('users-refresh').click();
      await page.page.getByTestId('user-row').filter({ hasText: email }).waitFor({ timeout: UI_TIMEOUT_MS });
      await fitsWidth(page.page, 390);
      await keepScreenshot(page.page, 'su-refreshed-390-fr');
    } finally {
      await page.context.close();
      if (createdId) await api('DELETE', `/api/v1/su/${createdId}`, { token: root.user.jwt });
    }
  });
});
