// @runs-alone: rewrites the basic customer's permissions and notification settings, which its users' menus and screens follow.
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_PERMISSIONS } from '@shared/permissions/default-permissions';
import type { VersionedNotificationSettings } from '@shared/schemas/system-settings';
import { api, login } from '../support/api';
import { entities } from '../support/aws';
import { testEnvironment } from '../support/environment';
import { keepScreenshot, openPage, signIn, UI_TIMEOUT_MS, useBrowser, webUrl } from './support/browser';

const basic = () => testEnvironment().customers.basic;

afterAll(async () => {
  await entities.put({ PK: `C#${basic()}`, SK: 'ACL', kind: 'acl', permissions: DEFAULT_PERMISSIONS });
  await entities.delete({ PK: `C#${basic()}`, SK: 'NOTIFSETTINGS' });
});

describe('roles & permissions', () => {
  const browser = useBrowser();

  it('lets an administrator untick a member\'s right, save it, find it after a reload, and restore the defaults', async () => {
    const { context, page } = await openPage(browser(), { width: 1440, height: 900 });
    try {
      await signIn(page, testEnvironment().accounts.basicAdministrator);
      await page.goto(webUrl('/settings/application/acl'));
      const exportsDelete = page.getByTestId('acl-cell-member-app.exports-delete');
      await exportsDelete.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await exportsDelete.isChecked()).toBe(true);
      await exportsDelete.uncheck();
      await page.getByTestId('acl-save').click();
      await page.getByText('Permissions enregistrées').waitFor({ timeout: UI_TIMEOUT_MS });
      await keepScreenshot(page, 'acl-1440-fr');

      await page.reload();
      await exportsDelete.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await exportsDelete.isChecked()).toBe(false);
      expect(await page.getByTestId('acl-cell-member-app.exports-view').isChecked()).toBe(true);
      expect((await entities.get({ PK: `C#${basic()}`, SK: 'ACL' }))?.permissions.member['app.exports']).toEqual(['view', 'create', 'edit']);

      // Taking the screen from the administrator role is explained, and cannot be saved.
      await page.getByTestId('acl-cell-administrator-app.settings.application.acl-edit').uncheck();
      await page.getByTestId('acl-lockout-warning').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('acl-save').isDisabled()).toBe(true);

      await page.getByTestId('acl-restore-defaults').click();
      expect(await page.getByTestId('acl-save').isDisabled()).toBe(false);
      await page.getByTestId('acl-save').click();
      await page.getByText('Permissions enregistrées').first().waitFor({ timeout: UI_TIMEOUT_MS });
      await page.reload();
      await exportsDelete.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await exportsDelete.isChecked()).toBe(true);
      expect((await entities.get({ PK: `C#${basic()}`, SK: 'ACL' }))?.permissions.member['app.exports']).toEqual(['view', 'create', 'edit', 'delete']);

      await page.goto(webUrl('/settings/application/notifications'));
      await page.getByTestId('notification-reload-seconds').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('notification-reload-seconds').inputValue()).toBe('30');
      await keepScreenshot(page, 'notification-settings-1440-fr');
    } finally {
      await context.close();
    }
  });

  it('shows one role at a time on a phone, in English', async () => {
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    try {
      await signIn(page, testEnvironment().accounts.basicAdministrator);
      await page.evaluate(() => localStorage.setItem('wattwise.language', JSON.stringify('en')));
      await page.goto(webUrl('/settings/application/acl'));
      await page.getByTestId('acl-role-picker').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('acl-cell-member-app.dashboard-view').count()).toBe(1);
      expect(await page.getByTestId('acl-cell-administrator-app.dashboard-view').count()).toBe(0);
      await page.getByText('Administrator', { exact: true }).click();
      await page.getByTestId('acl-cell-administrator-app.dashboard-view').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await keepScreenshot(page, 'acl-390-en');
    } finally {
      await context.close();
    }
  });

  it('tells an administrator whose save follows another one made meanwhile, shows the stored settings, and saves from them', async () => {
    const other = (await login('basicAdministrator')).user.jwt;
    const { context, page } = await openPage(browser(), { width: 1440, height: 900 });
    try {
      await signIn(page, testEnvironment().accounts.basicAdministrator);
      await page.goto(webUrl('/settings/application/notifications'));
      const reload = page.getByTestId('notification-reload-seconds');
      await reload.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await reload.inputValue()).toBe('30');

      // Another administrator saves while the form is open.
      const read = (await api<VersionedNotificationSettings>('GET', '/api/v1/application/notifications-settings', { token: other })).body.data!;
      expect((await api('PUT', '/api/v1/application/notifications-settings', { token: other, body: { ...read, reload_seconds: 60 } })).status).toBe(200);

      await reload.fill('45');
      await page.getByTestId('notification-settings-save').click();
      await page.getByText("Quelqu'un d'autre a modifié ces paramètres. Rechargez pour voir ses modifications.").waitFor({ timeout: UI_TIMEOUT_MS });
      await page.waitForFunction(() => (document.querySelector('[data-testid="notification-reload-seconds"]') as HTMLInputElement | null)?.value === '60', undefined, { timeout: UI_TIMEOUT_MS });
      expect((await entities.get({ PK: `C#${basic()}`, SK: 'NOTIFSETTINGS' }))?.reload_seconds).toBe(60);

      await reload.fill('45');
      await page.getByTestId('notification-settings-save').click();
      await page.getByText('Paramètres des notifications enregistrés').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await entities.get({ PK: `C#${basic()}`, SK: 'NOTIFSETTINGS' })).toMatchObject({ reload_seconds: 45, version: read.version + 2 });
    } finally {
      await context.close();
    }
  });
});
