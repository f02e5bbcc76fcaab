import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { testEnvironment } from '../support/environment';
import { runScheduledJob } from '../support/scheduled-job';
import { startObjeniousServer, type ProviderServer } from '../support/provider-servers';
import { openPage, signIn, UI_TIMEOUT_MS, useBrowser, webUrl } from './support/browser';

const SCREENSHOTS = process.env.WATTWISE_SCREENSHOTS;

/** The window as the user sees it, scrolled to an element when given (the app's header and footer are fixed). */
const shoot = async (page: Page, name: string, testId?: string) => {
  if (!SCREENSHOTS) return;
  if (testId) await page.getByTestId(testId).evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png` });
};

/** The list row (wide screens) of a source. */
const row = (page: Page, name: string) => page.locator(`[data-testid="source-row"][data-source-name="${name}"]`);

describe('data sources', () => {
  const browser = useBrowser();
  const name = `LoRa Grenoble ${Date.now()}`;
  let server: ProviderServer;

  beforeAll(async () => {
    const now = Math.floor(Date.now() / 600_000) * 600_000;
    server = await startObjeniousServer({
      apiKey: 'browser-objenious-key',
      groups: [{ id: 5, name: 'Site de Grenoble' }],
      profiles: [{ id: 9, name: 'Capteur ambiance' }],
      devices: [
        {
          id: 777,
          label: 'Capteur atelier',
          group: 5,
          profile: 9,
          deveui: `70B3D5${Date.now().toString(16).toUpperCase()}`,
          values: { [new Date(now - 600_000).toISOString()]: { temperature: 19.5, humidity: 41 } },
        },
      ],
      // Slow enough for the screen's loading state to show.
      delayMs: 400,
    });
  });
  afterAll(() => server.close());

  it('creates an objenious source, goes back to the reloaded list, discovers its devices and creates their points', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser(), { width: 1440, height: 900 });
    try {
      await signIn(page, accounts.premiumAdministrator);
      await page.goto(webUrl('/settings/sources'));
      await page.getByTestId('sources-list').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByTestId('source-add').click();
      await page.getByTestId('source-add-objenious').click();
      await page.waitForURL('**/settings/sources/create/objenious', { timeout: UI_TIMEOUT_MS });
      await page.getByRole('heading', { name: 'Nouvelle source Objenious' }).waitFor();

      // Saving without the required fields names them, and sends nothing.
      await page.getByTestId('source-endpoint').fill('');
      await page.getByTestId('source-save').click();
      expect(await page.getByText('Ce champ est obligatoire').count()).toBe(3);
      expect(page.url()).toContain('/create/objenious');

      await page.getByTestId('source-name').fill(name);
      await page.getByTestId('source-endpoint').fill(server.endpoint);
      await page.getByTestId('source-api-key').fill(server.apiKey);
      await page.getByTestId('source-interval').click();
      await page.getByRole('option', { name: 'Toutes les 5 minutes', exact: true }).click();
      await shoot(page, 'source-create-fr-1440');
      await page.getByTestId('source-save').click();

      // Back to the list, which shows the new source.
      await page.waitForURL('**/settings/sources', { timeout: UI_TIMEOUT_MS });
      await page.getByText('Source enregistrée', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      const created = row(page, name);
      await created.waitFor({ timeout: UI_TIMEOUT_MS });
      expect((await created.locator('td').allTextContents()).slice(1, 6)).toEqual(['Objenious', 'Objets connectés', 'Active', 'Toutes les 5 minutes', 'Pas encore relevée']);

      // A second source of the same name is refused with the spec's message.
      await page.getByTestId('source-add').click();
      await page.getByTestId('source-add-custom').click();
      await page.getByTestId('source-name').fill(name.toUpperCase());
      await page.getByTestId('source-save').click();
      await page.getByText('Ce nom de source existe déjà. Veuillez le changer', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByRole('button', { name: 'Annuler' }).click();
      await page.waitForURL('**/settings/sources', { timeout: UI_TIMEOUT_MS });

      // Its edit screen discovers the provider's devices: loading, then done, with the points to create.
      await created.getByTestId('source-edit').click();
      await page.waitForURL(/\/settings\/sources\/edit\/objenious\/src-/, { timeout: UI_TIMEOUT_MS });
      await page.getByTestId('source-api-key').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('source-api-key').inputValue()).toBe('');
      await page.getByText('Une valeur est enregistrée : laissez vide pour la garder').waitFor();
      await page.getByTestId('source-discover').click();
      await page.locator('[data-testid="source-discovery"][data-state="loading"]').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText('Découverte en cours…').waitFor();
      await page.locator('[data-testid="source-discovery"][data-state="done"]').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText('Découverte terminée : 1 appareil(s), 2 point(s)').waitFor();
      await page.getByText('Capteur atelier', { exact: true }).waitFor();
      await shoot(page, 'source-discovery-fr-1440', 'source-discovery');
      await page.getByRole('button', { name: 'Créer 2 points' }).click();
      await page.getByText('2 points créés', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('source-discovery').getByText('Créé', { exact: true }).count()).toBe(2);
      expect(await page.getByRole('button', { name: /^Créer \d+ points?$/ }).count()).toBe(0);
      expect(server.calls.every((call) => call.apikey === 'browser-objenious-key')).toBe(true);

      // The points exist, fed by the source.
      const points = await page.evaluate(async () => {
        const token = JSON.parse(localStorage.getItem('wattwise.credentials') ?? '{}').token as string;
        const answer = await fetch('/api/v1/points', { headers: { Authorization: `Bearer ${token}` } });
        return ((await answer.json()) as { data: { name: string; source: string | null }[] }).data;
      });
      expect(points.filter((point) => point.name.startsWith('Capteur atelier ')).map((point) => point.name).sort()).toEqual([
        'Capteur atelier humidity',
        'Capteur atelier temperature',
      ]);

      // A fetch (as its schedule runs it) records its outcome beside the source: the list shows it.
      const sourceId = /\/edit\/objenious\/(src-[^/?#]+)/.exec(page.url())![1];
      await runScheduledJob({ kind: 'source', id: sourceId, customerId: testEnvironment().customers.premium });
      await page.goto(webUrl('/settings/sources'));
      await created.getByTestId('source-fetch-status').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await created.getByTestId('source-fetch-status').textContent()).toBe('OK');
      expect((await created.locator('td').nth(5).textContent()) ?? '').toMatch(/^OK\d+ écrite\(s\), \d+ inchangée\(s\)\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    } finally {
      await context.close();
    }
  });

  it('creates a weather source from a city searched from 3 characters, which gives the city a temperature point', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser(), { width: 1440, height: 900 });
    const weatherName = `Météo Grenoble ${Date.now()}`;
    try {
      await signIn(page, accounts.premiumAdministrator);
      await page.goto(webUrl('/settings/sources/create/weather'));
      await page.getByRole('heading', { name: 'Nouvelle source météo' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByTestId('source-name').fill(weatherName);
      const city = page.getByTestId('source-city');
      await city.click();
      await city.fill('Grenob');
      await page.getByRole('option', { name: 'Grenoble, FR', exact: true }).click({ timeout: UI_TIMEOUT_MS });
      expect(await city.inputValue()).toBe('Grenoble, FR');
      await shoot(page, 'source-weather-fr-1440');
      await page.getByTestId('source-save').click();
      await page.waitForURL('**/settings/sources', { timeout: UI_TIMEOUT_MS });
      const created = row(page, weatherName);
      await created.waitFor({ timeout: UI_TIMEOUT_MS });
      expect((await created.locator('td').allTextContents()).slice(1, 5)).toEqual(['Météo', 'Météo', 'Active', 'Toutes les 15 minutes']);
      const points = await page.evaluate(async () => {
        const token = JSON.parse(localStorage.getItem('wattwise.credentials') ?? '{}').token as string;
        const answer = await fetch('/api/v1/points', { headers: { Authorization: `Bearer ${token}` } });
        return ((await answer.json()) as { data: { technical_id: string; resource: string; unit: string }[] }).data;
      });
      expect(points.find((point) => point.technical_id === 'weather_3014728_temperature')).toMatchObject({ resource: 'temperature', unit: '°C' });
    } finally {
      await context.close();
    }
  });

  it('lays the list and the forms out at 390 px and in English', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    try {
      await signIn(page, accounts.premiumAdministrator);
      await page.goto(webUrl('/settings/sources'));
      await page.getByTestId('source-card').first().waitFor({ timeout: UI_TIMEOUT_MS });
      // Nothing wider than the window: the cards replace the table.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shoot(page, 'sources-fr-390');
      await page.goto(webUrl('/settings/sources/create/email'));
      await page.getByTestId('source-host').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByRole('switch', { name: 'TLS' }).isChecked()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shoot(page, 'source-email-fr-390');
      await shoot(page, 'source-email-fr-390-mailbox', 'source-host');

      await page.evaluate(() => localStorage.setItem('wattwise.language', JSON.stringify('en')));
      await page.goto(webUrl('/settings/sources/create/custom'));
      await page.getByRole('heading', { name: 'New custom source' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByTestId('source-add-field').click();
      await shoot(page, 'source-custom-en-390');
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(webUrl('/settings/sources'));
      await page.getByTestId('source-row').first().waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByRole('columnheader', { name: 'Last fetch' }).waitFor();
      await shoot(page, 'sources-en-1440');
    } finally {
      await context.close();
    }
  });
});
