import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Reminder } from '@shared/schemas/reminder';
import { api, login } from '../support/api';
import { testEnvironment } from '../support/environment';
import { runScheduledJob } from '../support/scheduled-job';
import { callApi, clickCentered, navigation, openPage, signIn, signInIn, UI_TIMEOUT_MS, useBrowser, webUrl } from './support/browser';

const SCREENSHOTS = process.env.WATTWISE_SCREENSHOTS;
const ZONE = 'Europe/Paris';

const shot = async (page: Page, name: string) => {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
};

const bellCount = async (page: Page) => Number(await page.getByTestId('notification-count').getAttribute('data-count'));

/** A shared reminder of the premium customer due today, fired: a notification its users see, whatever ran before. */
const firedSharedReminder = async (name: string): Promise<Reminder> => {
  const token = (await login('premiumAdministrator')).user.jwt;
  const reminder = (
    await api<Reminder>('POST', '/api/v1/reminders', {
      token,
      body: { name, reminder_date: DateTime.now().setZone(ZONE).toFormat('yyyy-MM-dd'), start: '00:00', period_type: 'day', reset_only_after_validation: false, sharing: { shared: true } },
    })
  ).body.data!;
  expect(await runScheduledJob({ kind: 'reminder', id: reminder._id, customerId: reminder.customer })).toMatchObject({ fired: true });
  return reminder;
};

describe('reminders and notifications', () => {
  const browser = useBrowser();

  it("lets a user create a reminder, see its notification arrive in the bell without a reload, mark it done, edit and delete the reminder", async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser(), { width: 1440, height: 900 });
    // Long enough to need two lines in the list's name column at 1440 px.
    const name = `Relevé mensuel des compteurs de la chaufferie du bâtiment B ${randomUUID().slice(0, 6)}`;
    try {
      await signIn(page, accounts.premiumAdministrator);
      const menu = await navigation(page);
      await menu.getByText('Rappels', { exact: true }).click();
      await page.waitForURL('**/reminders', { timeout: UI_TIMEOUT_MS });
      await page.getByTestId('reminder-create').click();
      await page.waitForURL('**/reminders/add', { timeout: UI_TIMEOUT_MS });

      // Nothing is saved without a name and a date.
      await page.getByTestId('reminder-save').click();
      await expect.poll(() => page.getByTestId('reminder-form-problem').textContent()).toBe('Les champs nom et date sont obligatoires');

      // Daily from today at midnight: today's occurrence is due, which the job fires below.
      await page.getByTestId('reminder-name').fill(name);
      await page.getByTestId('reminder-message').fill('Relever les compteurs de la chaufferie');
      const date = page.getByTestId('reminder-date');
      await date.fill(DateTime.now().setZone(ZONE).toFormat('dd/MM/yyyy'));
      await date.press('Tab');
      await page.getByTestId('reminder-start').fill('00:00');
      await page.getByTestId('reminder-period-type').click();
      await page.getByRole('option', { name: 'jour(s)', exact: true }).click();
      await page.getByTestId('reminder-to').fill(`rappel-${randomUUID().slice(0, 8)}@energie-plus.example; equipe@energie-plus.example`);
      await shot(page, 'reminder-add-1440-fr');
      await page.getByTestId('reminder-save').click();
      await page.waitForURL('**/reminders', { timeout: UI_TIMEOUT_MS });
      const reminders = await callApi<Reminder[]>(page, 'GET', '/api/v1/reminders');
      const reminder = reminders.find((candidate) => candidate.name === name)!;
      expect(reminder).toMatchObject({ type: 'recurrent', period_type: 'day', period_value: 1, start: '00:00', reset_only_after_validation: true });
      expect(reminder.email.to).toHaveLength(2);
      const row = page.locator(`[data-reminder-id="${reminder._id}"]`);
      await row.waitFor({ timeout: UI_TIMEOUT_MS });
      // The name is shown whole, on two lines, not cut with an ellipsis.
      const nameShown = row.getByText(name, { exact: true });
      expect(await nameShown.evaluate((element) => element.scrollHeight <= element.clientHeight && element.scrollWidth <= element.clientWidth)).toBe(true);
      expect((await nameShown.boundingBox())!.height).toBeGreaterThan(30);
      await shot(page, 'reminders-1440-fr');

      // The job fires: the bell counts one more, without a reload, and the dropdown shows it.
      await page.getByTestId('notification-bell').waitFor({ timeout: UI_TIMEOUT_MS });
      const before = await bellCount(page);
      expect(await runScheduledJob({ kind: 'reminder', id: reminder._id, customerId: reminder.customer })).toMatchObject({ fired: true });
      await expect.poll(() => bellCount(page), { timeout: UI_TIMEOUT_MS }).toBe(before + 1);
      await page.getByTestId('notification-bell').click();
      await expect.poll(() => page.getByTestId('notification-item').filter({ hasText: name }).count(), { timeout: UI_TIMEOUT_MS }).toBe(1);
      await shot(page, 'notification-bell-1440-fr');
      // Opened, the counter falls to 0 a second later.
      await expect.poll(() => bellCount(page), { timeout: UI_TIMEOUT_MS }).toBe(0);

      // The reminder now waits for its validation.
      await page.getByTestId('notifications-show-all').click();
      await page.waitForURL('**/notifications', { timeout: UI_TIMEOUT_MS });
      const entry = page.locator('[data-testid="notification"]').filter({ hasText: name });
      await entry.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await entry.getAttribute('data-unread')).toBe('true');
      await shot(page, 'notifications-1440-fr');
      await clickCentered(entry.getByTestId('notification-done'));
      await expect.poll(() => entry.getAttribute('data-unread'), { timeout: UI_TIMEOUT_MS }).toBe('false');
      const unread = await callApi<{ new: { _id: string; reminder: string }[] }>(page, 'GET', '/api/v1/notifications/unread');
      expect(unread.new.filter((item) => item.reminder === reminder._id)).toHaveLength(0);

      await page.goto(webUrl('/reminders'));
      await row.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await row.getByTestId('reminder-state').getAttribute('data-state')).toBe('awaitingReset');
      await clickCentered(row.getByTestId('reminder-reset'));
      await expect.poll(() => row.getByTestId('reminder-state').getAttribute('data-state'), { timeout: UI_TIMEOUT_MS }).toBe('active');

      // Edit goes back to the list; delete asks first.
      await clickCentered(row.getByTestId('reminder-edit'));
      await page.waitForURL(`**/reminders/edit/${reminder._id}`, { timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('reminder-name').inputValue()).toBe(name);
      await page.getByTestId('reminder-name').fill(`${name} (modifié)`);
      await page.getByTestId('reminder-save').click();
      await page.waitForURL('**/reminders', { timeout: UI_TIMEOUT_MS });
      await expect.poll(() => row.textContent(), { timeout: UI_TIMEOUT_MS }).toContain(`${name} (modifié)`);
      await clickCentered(row.getByTestId('reminder-delete'));
      await page.getByTestId('reminder-confirm-delete').click();
      await row.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      expect((await callApi<Reminder[]>(page, 'GET', '/api/v1/reminders')).some((candidate) => candidate._id === reminder._id)).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('links each notification to its customer for super users only', async () => {
    const { accounts, customers } = testEnvironment();
    const superUser = await openPage(browser());
    const administrator = await openPage(browser());
    try {
      await superUser.page.goto(webUrl('/login'));
      await superUser.page.evaluate((customer) => localStorage.setItem('wattwise.lastCustomer', JSON.stringify(customer)), customers.premium);
      await signIn(superUser.page, accounts.super);
      const name = `Contrôle ${randomUUID().slice(0, 6)}`;
      const reminder = await callApi<Reminder>(superUser.page, 'POST', '/api/v1/reminders', {
        name,
        reminder_date: DateTime.now().setZone(ZONE).toFormat('yyyy-MM-dd'),
        start: '00:00',
        period_type: 'day',
        reset_only_after_validation: false,
      });
      expect(reminder.customer).toBe(customers.premium);
      expect(await runScheduledJob({ kind: 'reminder', id: reminder._id, customerId: reminder.customer })).toMatchObject({ fired: true });
      await superUser.page.goto(webUrl('/notifications'));
      const entry = superUser.page.locator('[data-testid="notification"]').filter({ hasText: name });
      await entry.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await entry.getByTestId('notification-customer').textContent()).toMatch(/^Client : .+/);

      // The administrator's own notification (theirs to see; the super user's reminder is not).
      const seen = await firedSharedReminder(`Vu ${randomUUID().slice(0, 6)}`);
      await signIn(administrator.page, accounts.premiumAdministrator);
      await administrator.page.goto(webUrl('/notifications'));
      await administrator.page.locator('[data-testid="notification"]').first().waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await administrator.page.getByTestId('notification-customer').count()).toBe(0);
      await callApi(superUser.page, 'DELETE', `/api/v1/reminders/${reminder._id}`);
      await callApi(superUser.page, 'DELETE', `/api/v1/reminders/${seen._id}`);
    } finally {
      await superUser.context.close();
      await administrator.context.close();
    }
  });

  it('fits the reminders and notifications screens on a phone, in French and English', async () => {
    const { accounts } = testEnvironment();
    const titles = { fr: ['Rappels', 'Nouveau rappel', 'Notifications'], en: ['Reminders', 'New reminder', 'Notifications'] };
    // A notification of its own on the notifications screen, not one an earlier test left.
    const due = await firedSharedReminder(`Relevé du jour ${randomUUID().slice(0, 4)}`);
    for (const [width, language] of [[390, 'fr'], [390, 'en'], [1440, 'en']] as const) {
      const { context, page } = await openPage(browser(), { width, height: 844 });
      try {
        await signInIn(page, accounts.premiumAdministrator, language);
        const example = await callApi<Reminder>(page, 'POST', '/api/v1/reminders', {
          name: `Contrat de maintenance ${randomUUID().slice(0, 4)}`,
          message: 'Renouveler le contrat de maintenance de la chaudière',
          reminder_date: DateTime.now().setZone(ZONE).plus({ days: 10 }).toFormat('yyyy-MM-dd'),
          sharing: { shared: true },
        });
        for (const [index, path] of ['/reminders', '/reminders/add', '/notifications'].entries()) {
          await page.goto(webUrl(path));
          await page.getByRole('heading', { name: titles[language][index], exact: true }).first().waitFor({ timeout: UI_TIMEOUT_MS });
          if (path === '/reminders') {
            await page.locator('[data-testid="reminder"]').first().waitFor({ timeout: UI_TIMEOUT_MS });
            expect(await page.getByTestId('reminders-table').count()).toBe(width < 979 ? 0 : 1);
          }
          if (path === '/notifications') await page.locator('[data-testid="notification"]').first().waitFor({ timeout: UI_TIMEOUT_MS });
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} ${width} ${language}`).toBeLessThanOrEqual(width);
          await shot(page, `${path.slice(1).replace('/', '-')}-${width}-${language}`);
        }
        await callApi(page, 'DELETE', `/api/v1/reminders/${example._id}`);
      } finally {
        await context.close();
      }
    }
    await api('DELETE', `/api/v1/reminders/${due._id}`, { token: (await login('premiumAdministrator')).user.jwt });
  });
});
