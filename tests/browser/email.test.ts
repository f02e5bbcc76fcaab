// @runs-alone: rewrites the premium customer's and the system's SMTP settings, which alerts, reminders and subscriptions send with.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmtpSettings } from '@shared/schemas/smtp';
import { entities } from '../support/aws';
import { testEnvironment } from '../support/environment';
import { startSmtpServer, type SmtpTestServer } from '../support/smtp-server';
import { callApi, keepScreenshot, openPage, signIn, signInIn, UI_TIMEOUT_MS, useBrowser, webUrl } from './support/browser';

let server: SmtpTestServer;
const PASSWORD = 'Relais-SMTP-2026';

beforeAll(async () => {
  server = await startSmtpServer({ user: 'energie-plus', password: PASSWORD });
});

afterAll(async () => {
  // The saved settings would carry every later e-mail of the customer to a server that is gone.
  await entities.delete({ PK: `C#${testEnvironment().customers.premium}`, SK: 'SMTP' });
  await server?.close();
});

describe('SMTP settings screens', () => {
  const browser = useBrowser();

  it('let an administrator test the connection (success and failure), send a test e-mail and save the customer\'s server', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser(), { width: 1440, height: 900 });
    try {
      await signIn(page, accounts.premiumAdministrator);
      await page.goto(webUrl('/settings/application/email'));
      await page.getByTestId('smtp-form').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('smtp-port').inputValue()).toBe('587');

      await page.getByTestId('smtp-host').fill(server.host);
      await page.getByTestId('smtp-port').fill(String(server.port));
      await page.getByTestId('smtp-security').click();
      await page.getByRole('option', { name: 'Aucune', exact: true }).click();
      await page.getByTestId('smtp-user').fill(server.user);
      await page.getByTestId('smtp-password').fill('pas-le-bon');
      await page.getByTestId('smtp-from-address').fill('alertes@energie-plus.example');
      await page.getByTestId('smtp-from-name').fill('Énergie Plus');

      await page.getByTestId('smtp-test-connection').click();
      await page.getByText(/^Impossible de se connecter au serveur SMTP/).waitFor({ timeout: UI_TIMEOUT_MS });

      await page.getByTestId('smtp-password').fill(PASSWORD);
      await page.getByTestId('smtp-test-connection').click();
      await page.getByText('Connexion SMTP réussie', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });

      const to = `essai-${Date.now()}@energie-plus.example`;
      await page.getByTestId('smtp-test-to').fill(to);
      await page.getByTestId('smtp-send-test').click();
      await page.getByText('E-mail envoyé', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(server.received().find((mail) => mail.to.includes(to))?.subject).toBe('[WattWise] E-mail de test');

      await page.getByTestId('smtp-enabled').uncheck();
      await keepScreenshot(page, 'settings-application-email-1440-fr');
      await page.getByTestId('smtp-save').click();
      await page.getByText('Paramètres SMTP enregistrés', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });

      const saved = await callApi<SmtpSettings>(page, 'GET', '/api/v1/email');
      expect(saved).toMatchObject({ host: server.host, port: server.port, security: 'none', user: server.user, has_password: true, enabled: false });
      expect(JSON.stringify(saved)).not.toContain(PASSWORD);

      // Opened again: the password is not shown, only that one is kept.
      await page.reload();
      await page.getByTestId('smtp-form').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('smtp-host').inputValue()).toBe(server.host);
      expect(await page.getByTestId('smtp-password').inputValue()).toBe('');
      await page.getByText('Un mot de passe est enregistré : laissez vide pour le conserver.', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
    } finally {
      await context.close();
    }
  });

  it('fits the system SMTP screen on a phone, in English, and says when a destination is not allowed', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    try {
      await signInIn(page, accounts.root, 'en');
      await page.goto(webUrl('/settings/system/email'));
      await page.getByRole('heading', { name: 'System e-mail (SMTP)', exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      // The instance metadata address: refused by the outbound-destination policy before any connection.
      await page.getByTestId('smtp-host').fill('169.254.169.254');
      await page.getByTestId('smtp-port').fill('25');
      await page.getByTestId('smtp-security').click();
      await page.getByRole('option', { name: 'None', exact: true }).click();
      await page.getByTestId('smtp-user').fill(server.user);
      await page.getByTestId('smtp-password').fill(PASSWORD);
      await page.getByTestId('smtp-from-address').fill('noreply@wattwise.example');
      await page.getByTestId('smtp-test-connection').click();
      await page.getByText('Destination not allowed', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });

      await page.getByTestId('smtp-host').fill(server.host);
      await page.getByTestId('smtp-port').fill(String(server.port));
      await page.getByTestId('smtp-test-connection').click();
      await page.getByText('SMTP connection successful', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await keepScreenshot(page, 'settings-system-email-390-en');
    } finally {
      await context.close();
    }
  });
});
