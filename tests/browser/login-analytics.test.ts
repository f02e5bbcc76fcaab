import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../support/api';
import { entities } from '../support/aws';
import { testEnvironment } from '../support/environment';
import { keepScreenshot, openPage, signIn, UI_TIMEOUT_MS, useBrowser, webUrl } from './support/browser';

/** A member of our own, in the customer root works in when signing in without a last customer. */
const person = { id: `usr-analytics-${randomUUID().slice(0, 8)}`, email: `analytics-${Date.now()}@wattwise.example`, password: `pw-${randomUUID()}` };
let customerId: string;

beforeAll(async () => {
  customerId = (await login('root')).customer._id;
  const { hashPassword } = await import('../../functions/src/services/password-hasher');
  await entities.put({
    PK: `C#${customerId}`,
    SK: `USER#${person.id}`,
    GSI1PK: `EMAIL#${person.email}`,
    GSI1SK: 'USER',
    kind: 'user',
    _id: person.id,
    first_name: 'Léa',
    last_name: 'Connectée',
    email: person.email,
    type: 'member',
    internal_role: 'member',
    is_root: false,
    customer: customerId,
    picture: '/img/avatars/male.png',
    allowed_locations: 'view',
    last_notification_read: null,
    password_hash: await hashPassword(person.password),
  });
  await entities.put({ PK: `C#${customerId}#USERS`, SK: `USER#${person.id}`, kind: 'user-entry', user: person.id });
});

afterAll(async () => {
  await entities.delete({ PK: `C#${customerId}`, SK: `USER#${person.id}` });
  await entities.delete({ PK: `C#${customerId}#USERS`, SK: `USER#${person.id}` });
});

describe('login analytics', () => {
  const browser = useBrowser();

  it('shows root a user who connects, live; root sends them a message they see, then logs them out to the sign-in page', async () => {
    const rootSide = await openPage(browser(), { width: 1440, height: 900 });
    const userSide = await openPage(browser(), { width: 1280, height: 800 });
    try {
      await signIn(rootSide.page, testEnvironment().accounts.root);
      await rootSide.page.goto(webUrl('/settings/system/configuration'));
      await rootSide.page.getByTestId('system-config-only-custom').waitFor({ timeout: UI_TIMEOUT_MS });
      await keepScreenshot(rootSide.page, 'system-config-1440-fr');
      await rootSide.page.goto(webUrl('/settings/login_analytics'));
      await rootSide.page.getByTestId('connected-count').waitFor({ timeout: UI_TIMEOUT_MS });
      const connectedRow = rootSide.page.locator(`[data-testid="connected-user"][data-user-id="${person.id}"]`);
      const lastLogin = (band: string) => rootSide.page.locator(`[data-testid="login-row"][data-user-id="${person.id}"] [data-testid="last-login"][data-band="${band}"]`);
      // Never signed in yet: red "never", and not connected.
      await lastLogin('never').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await connectedRow.count()).toBe(0);

      await signIn(userSide.page, { email: person.email, password: person.password, customer: customerId });
      await connectedRow.waitFor({ timeout: UI_TIMEOUT_MS });
      // The new connection reloads the table: the sign-in is there, green (under 7 days).
      await lastLogin('green').waitFor({ timeout: UI_TIMEOUT_MS });
      await keepScreenshot(rootSide.page, 'login-analytics-1440-fr');

      const text = `Maintenance à 18 h (${randomUUID().slice(0, 4)})`;
      await connectedRow.getByTestId('connected-message').click();
      await rootSide.page.getByTestId('message-title').fill('Maintenance');
      await rootSide.page.getByTestId('message-text').fill(text);
      await rootSide.page.getByTestId('message-send').click();
      await userSide.page.getByText(text).waitFor({ timeout: UI_TIMEOUT_MS });
      await keepScreenshot(userSide.page, 'login-analytics-message-received');

      await connectedRow.getByTestId('connected-log-out').click();
      await rootSide.page.getByTestId('confirm-log-out').click();
      await userSide.page.waitForURL('**/login', { timeout: UI_TIMEOUT_MS });
      await connectedRow.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    } finally {
      await Promise.all([rootSide.context.close(), userSide.context.close()]);
    }
  }, 120_000);

  it('fits a phone in English', async () => {
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    try {
      await signIn(page, testEnvironment().accounts.root);
      await page.evaluate(() => localStorage.setItem('wattwise.language', JSON.stringify('en')));
      await page.goto(webUrl('/settings/login_analytics'));
      await page.getByTestId('connected-count').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText('Connected now').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.locator('[data-testid="login-row"]').first().waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await keepScreenshot(page, 'login-analytics-390-en');
      await page.goto(webUrl('/settings/system/configuration'));
      await page.getByTestId('system-config').waitFor({ timeout: UI_TIMEOUT_MS });
      await keepScreenshot(page, 'system-config-390-en');
      await page.goto(webUrl('/settings/application/notifications'));
      await page.getByTestId('notification-reload-seconds').waitFor({ timeout: UI_TIMEOUT_MS });
      await keepScreenshot(page, 'notification-settings-390-en');
    } finally {
      await context.close();
    }
  });
});
