import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WEATHER_FORECAST_DAYS, WEATHER_REFRESH_MIN_MS } from '@shared/constants';
import { placeText } from '@shared/weather/place';
import { keys } from '../../functions/src/data/keys';
import { entities } from '../support/aws';
import { testEnvironment } from '../support/environment';
import { restoreDemoLanguage } from '../support/test-users';
import { hasFakeWeatherProvider, providerCalls } from '../support/weather-provider';
import { signIn, UI_TIMEOUT_MS, useBrowser } from './support/browser';

const SCREENSHOTS = process.env.WATTWISE_SCREENSHOTS;

/** Paris, where the granted browser says it is. */
const PARIS = { latitude: 48.8566, longitude: 2.3522 };
const PARIS_PLACE = { lat: 48.86, lon: 2.35 };

const openContext = (browser: Browser, options: { width?: number; geolocation: boolean }) =>
  browser.newContext({
    viewport: { width: options.width ?? 1440, height: 900 },
    locale: 'fr-FR',
    ...(options.geolocation ? { geolocation: PARIS, permissions: ['geolocation'] } : { permissions: [] }),
  });

/** Until its opening transition ends, the dropdown is see-through. */
const opened = async (dropdown: Locator) => {
  await dropdown.getByTestId('weather-forecast').waitFor({ timeout: UI_TIMEOUT_MS });
  await expect.poll(() => dropdown.evaluate((element) => getComputedStyle(element).opacity), { timeout: UI_TIMEOUT_MS }).toBe('1');
};

const openWeather = async (page: Page) => {
  const button = page.getByTestId('weather-button');
  // The button names the weather once it is known (before, it only says "Météo").
  await expect.poll(() => button.getAttribute('aria-label'), { timeout: UI_TIMEOUT_MS }).toMatch(/: /);
  await button.click();
  const dropdown = page.getByTestId('weather-dropdown');
  await opened(dropdown);
  return { button, dropdown };
};

const shoot = async (page: Page, name: string) => {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png` });
};

describe('header weather', () => {
  const browser = useBrowser();

  // The stand-in's calls are counted, and its places named: against the operator's provider, these two are skipped.
  it.skipIf(!hasFakeWeatherProvider())("shows the weather at the browser's position, refreshes it only after 5 minutes, and follows the language's units", async () => {
    const context = await openContext(browser(), { geolocation: true });
    const page = await context.newPage();
    try {
      // A refresh is possible 5 minutes after the last call: the page's clock is moved on instead of waiting.
      await page.clock.install();
      await signIn(page, testEnvironment().accounts.premiumAdministrator);
      const { button, dropdown } = await openWeather(page);
      expect(await button.textContent()).toMatch(/^-?\d+(,\d)? °C$/);
      expect(await dropdown.getByTestId('weather-place').textContent()).toBe('Paris, FR');
      expect(await dropdown.getByTestId('weather-source').textContent()).toBe('Votre position');
      expect(await dropdown.getByTestId('weather-wind').textContent()).toMatch(/^Vent \d+(,\d)? m\/s$/);
      expect(await dropdown.locator('[data-testid="weather-forecast"] tr').count()).toBe(WEATHER_FORECAST_DAYS);
      const updated = dropdown.getByTestId('weather-updated');
      const firstUpdate = await updated.textContent();
      expect(firstUpdate).toMatch(/^Mise à jour à \d{2}:\d{2}$/);
      await shoot(page, 'weather-fr-1440');

      // Within 5 minutes the refresh waits, and says until when.
      const refresh = dropdown.getByTestId('weather-refresh');
      expect(await refresh.isDisabled()).toBe(true);
      expect(await refresh.getAttribute('aria-label')).toMatch(/^Actualisation possible à \d{2}:\d{2}$/);
      await dropdown.getByTestId('weather-refresh-wrapper').hover();
      await page.locator('.mantine-Tooltip-tooltip', { hasText: /^Actualisation possible à \d{2}:\d{2}$/ }).waitFor({ timeout: UI_TIMEOUT_MS });

      // Five minutes later (for the page and for the server's cache), it asks the provider again.
      const callsBefore = (await providerCalls({ ...PARIS_PLACE, endpoint: 'weather' })).length;
      const lastCall = new Date(Date.now() - WEATHER_REFRESH_MIN_MS - 60_000);
      await entities.set(keys.weather(placeText(PARIS_PLACE), 'metric', 'fr'), { current_call: lastCall.toISOString(), claimed_at: lastCall.getTime() });
      const firstCall = await updated.getAttribute('data-last-call');
      await button.click();
      await dropdown.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
      await page.clock.setSystemTime(Date.now() + WEATHER_REFRESH_MIN_MS + 60_000);
      await button.click();
      await expect.poll(() => refresh.isDisabled(), { timeout: UI_TIMEOUT_MS }).toBe(false);
      expect(await refresh.getAttribute('aria-label')).toBe('Actualiser');
      await refresh.click();
      await expect.poll(() => updated.getAttribute('data-last-call'), { timeout: UI_TIMEOUT_MS }).not.toBe(firstCall);
      expect(Date.parse((await updated.getAttribute('data-last-call'))!)).toBeGreaterThan(Date.parse(firstCall!));
      expect(await providerCalls({ ...PARIS_PLACE, endpoint: 'weather' })).toHaveLength(callsBefore + 1);
      await button.click();
      await dropdown.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

      // English: imperial units, English words.
      await page.getByTestId('language-selector').click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      await expect.poll(() => button.textContent(), { timeout: UI_TIMEOUT_MS }).toMatch(/^-?\d+(\.\d)? °F$/);
      await button.click();
      await opened(dropdown);
      await expect.poll(() => dropdown.getByTestId('weather-wind').textContent(), { timeout: UI_TIMEOUT_MS }).toMatch(/^Wind \d+(\.\d)? mph$/);
      expect(await dropdown.getByTestId('weather-source').textContent()).toBe('Your position');
      expect(await dropdown.getByTestId('weather-updated').textContent()).toMatch(/^Updated at \d{2}:\d{2}/);
      await shoot(page, 'weather-en-1440');
    } finally {
      await context.close();
      // The header's language choice is stored on the profile: the demo account gets French back.
      await restoreDemoLanguage('premiumAdministrator');
    }
  });

  it.skipIf(!hasFakeWeatherProvider())("falls back to the customer's first located site when geolocation is refused", async () => {
    const context = await openContext(browser(), { geolocation: false });
    const page = await context.newPage();
    try {
      await signIn(page, testEnvironment().accounts.premiumMember);
      const { dropdown } = await openWeather(page);
      expect(await dropdown.getByTestId('weather-source').textContent()).toBe('Site : Siège social — Lyon');
      expect(await dropdown.getByTestId('weather-place').textContent()).toBe('Lyon, FR');
    } finally {
      await context.close();
    }
  });

  it('says so when neither the browser nor any site gives a position', async () => {
    const context = await openContext(browser(), { geolocation: false });
    const page = await context.newPage();
    try {
      await signIn(page, testEnvironment().accounts.basicAdministrator);
      const button = page.getByTestId('weather-button');
      await expect.poll(() => button.locator('.mantine-Loader-root').count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
      await button.click();
      await page.getByTestId('weather-no-place').waitFor({ timeout: UI_TIMEOUT_MS });
    } finally {
      await context.close();
    }
  });

  it.each(['fr', 'en'])('fits a 390 px wide phone in %s: an icon in the header, the dropdown within the screen', async (language) => {
    const context = await openContext(browser(), { width: 390, geolocation: true });
    const page = await context.newPage();
    try {
      await signIn(page, testEnvironment().accounts.premiumAdministrator);
      await page.evaluate((chosen) => localStorage.setItem('wattwise.language', JSON.stringify(chosen)), language);
      await page.reload();
      const { button, dropdown } = await openWeather(page);
      expect((await button.textContent())?.trim()).toBe('');
      const box = (await dropdown.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      // The header keeps within the screen with the weather in it (the page below is not this test's).
      expect(await page.locator('header').evaluate((header) => header.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await button.evaluate((element) => element.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
      await shoot(page, `weather-${language}-390`);
    } finally {
      await context.close();
    }
  });
});
