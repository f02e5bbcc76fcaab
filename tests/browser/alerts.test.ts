// @demo-accounts: picks the demo administrator by name among alert authors, and reads the demo's alert in the historical.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { lastCompleteBucket } from '@shared/alerts/bucket';
import { latestOccurrence } from '@shared/alerts/cron';
import type { Alert } from '@shared/schemas/alert';
import type { SeriesAnswer } from '@shared/schemas/series';
import { testEnvironment } from '../support/environment';
import { runScheduledJob } from '../support/scheduled-job';
import { callApi, clickCentered, navigation, openPage, signIn, signInIn, UI_TIMEOUT_MS, useBrowser, webUrl } from './support/browser';
import { DEMO_ALERT_ID } from '../../functions/src/services/demo-alert';

const SCREENSHOTS = process.env.WATTWISE_SCREENSHOTS;
const ZONE = 'Europe/Paris';
/** A yearly cron time whose due time is fixed whatever the day the test runs: 1 January, 00:00 local (a Thursday in 2026). */
const FIRST_JANUARY = '0 0 1 1 *';

const shot = async (page: Page, name: string) => {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
};

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 6)}`;

/** A point with values in the hour the alert reads at its due time: average 50, maximum 55. */
const firingPoint = async (page: Page): Promise<{ _id: string; name: string }> => {
  const name = unique('Compteur alerte');
  const point = await callApi<{ _id: string }>(page, 'POST', '/api/v1/points', {
    name,
    technical_id: `ALERT-WEB-${randomUUID().slice(0, 8)}`,
    resource: 'electricity',
    series_type: 'measure',
    unit: 'kW',
    location: [],
  });
  const bucket = lastCompleteBucket(latestOccurrence(FIRST_JANUARY, ZONE, Date.now()), 'hour', ZONE);
  const values = [45, 50, 55];
  const step = (bucket.to - bucket.from) / (values.length + 1);
  await callApi(page, 'POST', '/api/v1/data', {
    data: values.map((value, index) => ({ point: point._id, date: new Date(bucket.from + step * (index + 1)).toISOString(), value })),
  });
  // The series stream rolls the hour up; the alert reads the rollup.
  const average = () =>
    callApi<SeriesAnswer>(page, 'POST', '/api/v1/series/query', {
      period_type: 'dateToDate',
      period: 'day',
      sampling: 'hour',
      start: new Date(bucket.from).toISOString(),
      end: new Date(bucket.to).toISOString(),
      points: [{ point: point._id, calculation: 'avg' }],
    }).then((answer) => answer?.series[0].values.at(-1) ?? null);
  await expect.poll(average, { timeout: 60_000, interval: 1000 }).toBe(50);
  return { _id: point._id, name };
};

/** Picks an option of the Mantine select whose input is `input`. */
const choose = async (page: Page, input: ReturnType<Page['getByTestId']>, option: string) => {
  await clickCentered(input);
  await page.getByRole('option', { name: option, exact: true }).click();
};

describe('alerts', () => {
  const browser = useBrowser();

  it('creates an alert with two OR groups and a time filter, logs its firing, acquits it with a comment and finds it in the historical', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser(), { width: 1440, height: 900 });
    const name = unique('Surconsommation chaufferie');
    try {
      await signIn(page, accounts.premiumAdministrator);
      const point = await firingPoint(page);

      // The menu: 'Alerts & Notifications' › 'Management', 'Log', 'Historical'.
      const menu = await navigation(page);
      await menu.getByText('Alertes & notifications', { exact: true }).click();
      for (const entry of ['Journal', 'Historique']) await menu.getByText(entry, { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await menu.getByText('Gestion', { exact: true }).click();
      await page.waitForURL('**/alerts', { timeout: UI_TIMEOUT_MS });

      // An unknown alert: 'Alert not found', then the list.
      await page.goto(webUrl('/alerts/edit/alr-inconnue'));
      await page.waitForURL('**/alerts', { timeout: UI_TIMEOUT_MS });
      await page.getByText('Alerte introuvable').first().waitFor({ timeout: UI_TIMEOUT_MS });

      await page.getByTestId('alert-create').click();
      await page.waitForURL('**/alerts/create', { timeout: UI_TIMEOUT_MS });
      await page.getByTestId('alert-name').fill(name);

      // Recipients typed separated by semicolons become chips; the input is cleared.
      const to = page.getByTestId('alert-to');
      await to.fill('exploitation@energie-plus.example; astreinte@energie-plus.example');
      await to.press('Enter');
      expect(await to.inputValue()).toBe('');
      await expect.poll(() => page.getByTestId('alert-form').locator('.mantine-Pill-root').count()).toBe(2);

      // SMS forces 'each'.
      await page.getByTestId('alert-notifications').getByText('SMS', { exact: true }).click();
      expect(await page.getByTestId('alert-frequency-mode').isDisabled()).toBe(true);
      await page.getByTestId('alert-notifications').getByText('E-mail', { exact: true }).click();

      const points = page.getByTestId('alert-points');
      await clickCentered(points);
      await points.fill(point.name);
      await page.getByRole('option', { name: point.name }).click();
      await page.keyboard.press('Escape');
      expect(await page.getByTestId('alert-sampling').inputValue()).toBe('Heure');

      // Group 1: avg < -1 (false); OR group 2: avg > 40 AND max ≥ 50 (true).
      const groups = page.getByTestId('alert-condition-group');
      expect(await groups.first().getByTestId('alert-condition-calculation').inputValue()).toBe('Moyenne');
      await choose(page, groups.first().getByTestId('alert-condition-operation'), '<');
      await groups.first().getByTestId('alert-condition-value').fill('-1');
      await clickCentered(page.getByTestId('alert-add-group'));
      await expect.poll(() => groups.count()).toBe(2);
      const second = groups.nth(1);
      await second.getByTestId('alert-condition-value').fill('40');
      await clickCentered(second.getByTestId('alert-add-condition'));
      const and = second.getByTestId('alert-condition').nth(1);
      await choose(page, and.getByTestId('alert-condition-calculation'), 'Maximum');
      await choose(page, and.getByTestId('alert-condition-operation'), '≥');
      await and.getByTestId('alert-condition-value').fill('50');

      // Presets, then a custom cron time (1 January, 00:00).
      await choose(page, page.getByTestId('alert-cron-preset'), 'Chaque heure');
      expect(await page.getByTestId('alert-cron').inputValue()).toBe('0 * * * *');
      await page.getByTestId('alert-cron').fill(FIRST_JANUARY);

      // Time filter: Monday split in two periods, Sunday off, July off.
      const monday = page.locator('[data-testid="alert-day"][data-day="monday"]');
      await clickCentered(monday.getByTestId('alert-add-period'));
      await expect.poll(() => monday.getByTestId('alert-period-text').allTextContents()).toEqual(['00:00–11:59', '12:00–23:59']);
      await clickCentered(monday.getByTestId('alert-add-period'));
      await expect.poll(() => monday.getByTestId('alert-period-text').allTextContents()).toEqual(['00:00–07:59', '08:00–15:59', '16:00–23:59']);
      // Removing removes the last period; the others stay as they were.
      await clickCentered(monday.getByTestId('alert-remove-period'));
      await expect.poll(() => monday.getByTestId('alert-period-text').allTextContents()).toEqual(['00:00–07:59', '08:00–15:59']);
      // Hourly sampling: the slider moves by the hour.
      const firstHandle = monday.getByTestId('alert-period').first().getByRole('slider').first();
      await firstHandle.focus();
      await firstHandle.press('ArrowRight');
      await expect.poll(() => monday.getByTestId('alert-period-text').first().textContent()).toBe('01:00–07:59');
      await clickCentered(page.locator('[data-testid="alert-day"][data-day="sunday"]').getByTestId('alert-day-active'));
      await clickCentered(page.getByTestId('alert-months').getByText('Juillet', { exact: true }));
      await shot(page, 'alert-create-1440-fr');

      await clickCentered(page.getByTestId('alert-save'));
      await page.getByText('Alerte enregistrée').first().waitFor({ timeout: UI_TIMEOUT_MS });
      await page.waitForURL('**/alerts', { timeout: UI_TIMEOUT_MS });
      const alert = (await callApi<Alert[]>(page, 'GET', '/api/v1/alerts')).find((candidate) => candidate.name === name)!;
      expect(alert).toMatchObject({
        sampling: 'hour',
        cron_time: FIRST_JANUARY,
        frequency: 'each',
        notifications: 'email',
        points: [{ point: point._id }],
        email: { to: ['exploitation@energie-plus.example', 'astreinte@energie-plus.example'] },
        conditions: [
          [{ from_calculation: 'avg', from_comparison: 'current_points', operation: 'lt', to_comparison: 'value', to_value: -1 }],
          [
            { from_calculation: 'avg', operation: 'gt', to_value: 40 },
            { from_calculation: 'max', operation: 'gte', to_value: 50 },
          ],
        ],
      });
      expect(alert.time_filter.days.monday.periods).toEqual([
        { from: { hour: 1, minute: 0 }, to: { hour: 7, minute: 59 } },
        { from: { hour: 8, minute: 0 }, to: { hour: 15, minute: 59 } },
      ]);
      expect(alert.time_filter.days.sunday.active).toBe(false);
      expect(alert.time_filter.months.july.active).toBe(false);
      expect(alert.time_filter.months.january.active).toBe(true);
      const row = page.locator(`[data-alert-id="${alert._id}"]`);
      await row.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await row.getAttribute('data-affecting')).toBe('true');

      // The view filter: another user's view flags it 'not affecting' and shows the owner column.
      await choose(page, page.getByTestId('alert-view'), 'Partagées');
      await expect.poll(() => row.getAttribute('data-affecting')).toBe('false');
      expect(await row.getByTestId('alert-not-affecting').textContent()).toBe('Hors vue');
      // A single user: the owner is shown.
      const me = await page.evaluate(() => (JSON.parse(localStorage.getItem('wattwise.credentials') ?? '{}') as { payload: { user: { first_name: string; last_name: string } } }).payload.user);
      await choose(page, page.getByTestId('alert-view'), `De ${me.first_name} ${me.last_name}`);
      await expect.poll(() => row.getAttribute('data-affecting')).toBe('true');
      expect(await row.getByTestId('alert-owner').textContent()).toBe(`${me.first_name} ${me.last_name}`);
      await shot(page, 'alerts-1440-fr');

      // Edit: the form holds what was saved; a preset keeps the time already chosen.
      await clickCentered(row.getByTestId('alert-edit'));
      await page.waitForURL(`**/alerts/edit/${alert._id}`, { timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('alert-name').inputValue()).toBe(name);
      await expect.poll(() => page.getByTestId('alert-condition-group').count()).toBe(2);
      await choose(page, page.getByTestId('alert-cron-preset'), 'Chaque jour à 08:00');
      expect(await page.getByTestId('alert-cron').inputValue()).toBe('0 0 * * *');
      await page.getByTestId('alert-cron').fill(FIRST_JANUARY);
      await clickCentered(page.getByTestId('alert-save'));
      await page.waitForURL('**/alerts', { timeout: UI_TIMEOUT_MS });

      // The job fires (group 2), as the scheduler would call it.
      expect(await runScheduledJob({ kind: 'alert', id: alert._id, customerId: alert.customer })).toMatchObject({ outcome: 'fired' });

      // The link of the alert's e-mail opens the log with the alert chosen.
      await page.goto(webUrl(`/alerts/log?alert=${alert._id}`));
      const summary = page.locator(`[data-testid="alert-summary"][data-alert-id="${alert._id}"]`);
      await summary.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await summary.getAttribute('data-state')).toBe('none');
      expect(await summary.getByTestId('alert-summary-counts').textContent()).toBe('1 entrée · 0 acquittée(s)');
      // The entry is due on 1 January: the last month (the default period) shows nothing, the whole log shows it.
      expect(await page.getByTestId('alert-log-period').inputValue()).toBe('Dernier mois');
      await page.getByText('Aucune entrée sur cette période.').waitFor({ timeout: UI_TIMEOUT_MS });
      await choose(page, page.getByTestId('alert-log-period'), 'Tout');
      const entry = page.getByTestId('alert-log-item').first();
      await entry.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await entry.textContent()).toContain('groupe 2');
      await shot(page, 'alerts-log-1440-fr');

      // A message, then an acquittal with a comment (Validate).
      await clickCentered(entry.getByTestId('alert-log-message'));
      await page.getByTestId('alert-prompt-text').fill('Chaudière vérifiée sur place');
      await page.getByTestId('alert-prompt-validate').click();
      await expect.poll(() => entry.getByTestId('alert-log-comment').allTextContents(), { timeout: UI_TIMEOUT_MS }).toEqual([expect.stringContaining('Chaudière vérifiée sur place')]);
      // Cancel leaves it as it is.
      await clickCentered(entry.getByTestId('alert-log-acquit'));
      await page.getByTestId('alert-prompt-cancel').click();
      await page.getByTestId('alert-prompt-text').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('alert-log-item').count()).toBe(1);
      await clickCentered(entry.getByTestId('alert-log-acquit'));
      await page.getByTestId('alert-prompt-text').fill('Réglage du brûleur corrigé');
      await page.getByTestId('alert-prompt-validate').click();
      await page.getByTestId('alert-log-item').first().waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      await expect.poll(() => summary.getAttribute('data-state'), { timeout: UI_TIMEOUT_MS }).toBe('all');

      await page.goto(webUrl('/alerts/historical'));
      const historical = page.locator(`[data-testid="alert-summary"][data-alert-id="${alert._id}"]`);
      await clickCentered(historical);
      expect(await historical.getAttribute('data-state')).toBe('all');
      await choose(page, page.getByTestId('alert-log-period'), 'Tout');
      const acquitted = page.getByTestId('alert-log-item').first();
      await acquitted.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await acquitted.getByTestId('alert-log-acquitted').textContent()).toContain('Réglage du brûleur corrigé');
      await shot(page, 'alerts-historical-1440-fr');

      // Delete, in another tab, asks 'Are you sure?' with the alert's name.
      const other = await context.newPage();
      await other.goto(webUrl('/alerts'));
      const otherRow = other.locator(`[data-alert-id="${alert._id}"]`);
      await clickCentered(otherRow.getByTestId('alert-delete'));
      expect(await other.getByTestId('alert-delete-text').textContent()).toBe(`Attention ! Ceci va supprimer l'alerte ${name}`);
      await other.getByTestId('alert-confirm-delete').click();
      await otherRow.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      expect((await callApi<Alert[]>(other, 'GET', '/api/v1/alerts')).some((candidate) => candidate._id === alert._id)).toBe(false);
      // This tab still shows its log: its next read (a period not read yet) says the alert is gone, and it leaves the list.
      await choose(page, page.getByTestId('alert-log-period'), 'Dernière année');
      await page.getByText('Alerte introuvable').first().waitFor({ timeout: UI_TIMEOUT_MS });
      await historical.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      expect(await page.getByText("Une erreur s'est produite").count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('fits the alert screens on a phone, in French and English', async () => {
    const { accounts } = testEnvironment();
    const titles = {
      fr: { '/alerts': 'Alertes', '/alerts/create': 'Nouvelle alerte', '/alerts/log': 'Journal des alertes', '/alerts/historical': 'Historique des alertes', all: 'Tout' },
      en: { '/alerts': 'Alerts', '/alerts/create': 'New alert', '/alerts/log': 'Alert log', '/alerts/historical': 'Alert historical', all: 'All' },
    };
    for (const [width, language] of [[390, 'fr'], [390, 'en']] as const) {
      const { context, page } = await openPage(browser(), { width, height: 844 });
      try {
        await signInIn(page, accounts.premiumAdministrator, language);
        // A point without data: the job logs 'missing data', which gives the log and historical an entry.
        const point = await callApi<{ _id: string }>(page, 'POST', '/api/v1/points', {
          name: unique('Sonde salle serveurs'),
          technical_id: `ALERT-PHONE-${randomUUID().slice(0, 8)}`,
          resource: 'electricity',
          series_type: 'measure',
          unit: 'kW',
          location: [],
        });
        const example = await callApi<Alert>(page, 'POST', '/api/v1/alerts', {
          alert: {
            name: unique('Température des serveurs hors de la plage prévue'),
            points: [{ point: point._id }],
            cron_time: FIRST_JANUARY,
            conditions: [[{ operation: 'gt', to_value: 27 }], [{ operation: 'lt', to_value: 15 }]],
            email: { to: ['exploitation@energie-plus.example'], cc: [], bcc: [] },
          },
        });
        expect(await runScheduledJob({ kind: 'alert', id: example._id, customerId: example.customer })).toMatchObject({ outcome: 'missing_data' });
        for (const path of ['/alerts', '/alerts/create', '/alerts/log', '/alerts/historical'] as const) {
          if (path === '/alerts/historical') await callApi(page, 'PUT', '/api/v1/alerts/acquit-all-log', { alert: { id: example._id, comments: 'OK' } });
          await page.goto(webUrl(path));
          await page.getByRole('heading', { name: titles[language][path], exact: true }).first().waitFor({ timeout: UI_TIMEOUT_MS });
          if (path === '/alerts') {
            await page.locator(`[data-alert-id="${example._id}"]`).waitFor({ timeout: UI_TIMEOUT_MS });
            expect(await page.getByTestId('alerts-table').count()).toBe(0);
          }
          if (path === '/alerts/create') {
            await page.getByTestId('alert-time-filter').waitFor({ timeout: UI_TIMEOUT_MS });
            // Every date picker starts its weeks on Monday, in English too (spec 1 §4.5, spec 3 §9).
            await page.getByTestId('alert-start-date').click();
            const weekdays = page.locator('[data-dates-dropdown] th[class*="-weekday"]');
            await weekdays.first().waitFor({ timeout: UI_TIMEOUT_MS });
            expect(await weekdays.first().textContent()).toBe({ fr: 'lu', en: 'Mo' }[language]);
            await page.keyboard.press('Escape');
          }
          if (path === '/alerts/log' || path === '/alerts/historical') {
            await clickCentered(page.locator(`[data-testid="alert-summary"][data-alert-id="${example._id}"]`));
            await choose(page, page.getByTestId('alert-log-period'), titles[language].all);
            await page.getByTestId('alert-log-item').first().waitFor({ timeout: UI_TIMEOUT_MS });
            // Its time as everywhere in the product, in both languages: dd/MM/yyyy HH:mm.
            expect(await page.getByTestId('alert-log-item').first().innerText()).toMatch(/\b\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\b/);
          }
          if (path === '/alerts/log') {
            // The demo's own alert opens like any other, on this morning's entry.
            await clickCentered(page.locator(`[data-testid="alert-summary"][data-alert-id="${DEMO_ALERT_ID}"]`));
            await page.locator(`[data-testid="alert-log-item"][data-log-id^="${DEMO_ALERT_ID}-t"]`).first().waitFor({ timeout: UI_TIMEOUT_MS });
          }
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} ${width} ${language}`).toBeLessThanOrEqual(width);
          await shot(page, `${path.slice(1).replace('/', '-')}-${width}-${language}`);
        }
        await callApi(page, 'DELETE', `/api/v1/alerts/${example._id}`);
      } finally {
        await context.close();
      }
    }
  });
  it('shows a step of the cron time as the step it is, with the days and months it selects', async () => {
    const { accounts } = testEnvironment();
    const words = { fr: { days: 'Tous les 2 jours', months: 'Tous les 3 mois' }, en: { days: 'Every 2 days', months: 'Every 3 months' } };
    for (const [width, language] of [[390, 'fr'], [1440, 'en'], [390, 'en'], [1440, 'fr']] as const) {
      const { context, page } = await openPage(browser(), { width, height: 900 });
      try {
        await signInIn(page, accounts.premiumAdministrator, language);
        const point = await callApi<{ _id: string }>(page, 'POST', '/api/v1/points', {
          name: unique('Compteur pas'),
          technical_id: `ALERT-STEP-${randomUUID().slice(0, 8)}`,
          resource: 'electricity',
          series_type: 'measure',
          unit: 'kW',
          location: [],
        });
        const alert = await callApi<Alert>(page, 'POST', '/api/v1/alerts', {
          alert: { name: unique('Alerte un jour sur deux'), points: [{ point: point._id }], cron_time: '0 8 */2 */3 *', conditions: [[{ operation: 'gt', to_value: 1 }]], email: { to: ['exploitation@energie-plus.example'], cc: [], bcc: [] } },
        });
        await page.goto(webUrl(`/alerts/edit/${alert._id}`));
        await page.getByTestId('alert-cron-days-step').waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await page.getByTestId('alert-cron-days-step').textContent()).toBe(words[language].days);
        expect(await page.getByTestId('alert-cron-months-step').textContent()).toBe(words[language].months);
        const checkedMonths = await page.getByTestId('alert-cron-months').locator('input:checked').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
        expect(checkedMonths).toEqual(['january', 'april', 'july', 'october']);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.getByTestId('alert-frequency').evaluate((element) => element.scrollIntoView({ block: 'center' }));
        await shot(page, `alert-cron-step-${width}-${language}`);
        await callApi(page, 'DELETE', `/api/v1/alerts/${alert._id}`);
      } finally {
        await context.close();
      }
    }
  });
});
