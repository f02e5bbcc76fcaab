// @runs-alone: rewrites the system's logo and background, which every screen and the sign-in page show.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { entities } from '../support/aws';
import { testEnvironment } from '../support/environment';
import { keepScreenshot, openPage, signIn, signInIn, UI_TIMEOUT_MS, useBrowser, webUrl } from './support/browser';

const LOGO = 'img[src*="customizations/logo"]';
const BACKGROUND = '[style*="customizations/background_image"]';

/** A visible logo drawn by the browser itself: a PNG of a word on a colour. */
const drawLogo = (page: Page): Promise<Buffer> =>
  page
    .evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 240;
      canvas.height = 64;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#0b7285';
      context.fillRect(0, 0, 240, 64);
      context.fillStyle = '#ffffff';
      context.font = 'bold 36px sans-serif';
      context.fillText('ACME', 64, 46);
      return canvas.toDataURL('image/png').split(',')[1];
    })
    .then((data) => Buffer.from(data, 'base64'));

/** A background drawn by the browser: a gradient the size of a screen. */
const drawBackground = (page: Page): Promise<Buffer> =>
  page
    .evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 1440;
      canvas.height = 900;
      const context = canvas.getContext('2d')!;
      const gradient = context.createLinearGradient(0, 0, 1440, 900);
      gradient.addColorStop(0, '#0b7285');
      gradient.addColorStop(1, '#e6fcf5');
      context.fillStyle = gradient;
      context.fillRect(0, 0, 1440, 900);
      return canvas.toDataURL('image/png').split(',')[1];
    })
    .then((data) => Buffer.from(data, 'base64'));

afterAll(async () => {
  await entities.delete({ PK: 'SYSTEM', SK: 'CUSTOMIZATION' });
});

describe('customization screen', () => {
  const browser = useBrowser();

  it('lets root upload a logo and a background shown at once in the header and on the sign-in screen, then go back to the defaults', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser(), { width: 1440, height: 900 });
    const visitor = await openPage(browser(), { width: 1440, height: 900 });
    try {
      await signIn(page, accounts.root);
      await page.goto(webUrl('/settings/system/customization'));
      const card = page.getByTestId('customization-logo');
      await card.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.locator(`header ${LOGO}`).count()).toBe(0);

      await card.locator('input[type=file]').setInputFiles({ name: 'acme.png', mimeType: 'image/png', buffer: await drawLogo(page) });
      await page.getByText('Image enregistrée', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.locator(`header ${LOGO}`).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByTestId('customization-logo-preview').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.locator(`header ${LOGO}`).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(240);
      await page.getByTestId('customization-background').locator('input[type=file]').setInputFiles({ name: 'fond.png', mimeType: 'image/png', buffer: await drawBackground(page) });
      await page.getByTestId('customization-background-preview').waitFor({ timeout: UI_TIMEOUT_MS });
      await keepScreenshot(page, 'settings-system-customization-1440-fr');

      // Another browser, not signed in: the sign-in screen shows the new logo on the new background.
      await visitor.page.goto(webUrl('/login'));
      await visitor.page.locator(LOGO).waitFor({ timeout: UI_TIMEOUT_MS });
      await visitor.page.locator(BACKGROUND).waitFor({ timeout: UI_TIMEOUT_MS });
      await keepScreenshot(visitor.page, 'login-custom-logo-1440-fr');

      await page.getByTestId('customization-background-remove').click();
      await page.getByTestId('customization-background-preview').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });

      await page.getByTestId('customization-logo-remove').click();
      // The background's removal said the same a moment ago; its toast may still be on screen.
      await page.getByText('Défaut rétabli', { exact: true }).last().waitFor({ timeout: UI_TIMEOUT_MS });
      await page.locator(`header ${LOGO}`).waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      await visitor.page.reload();
      await visitor.page.getByRole('button', { name: 'Se connecter' }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await visitor.page.locator(LOGO).count()).toBe(0);
      expect(await visitor.page.locator(BACKGROUND).count()).toBe(0);
    } finally {
      await visitor.context.close();
      await context.close();
    }
  });

  it('refuses an SVG logo in the browser, and fits a phone in English', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    try {
      await signInIn(page, accounts.root, 'en');
      await page.goto(webUrl('/settings/system/customization'));
      await page.getByRole('heading', { name: 'Logo and background', exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page
        .getByTestId('customization-logo')
        .locator('input[type=file]')
        .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') });
      await page.getByText('Only PNG, JPEG and WebP images are accepted (SVG is refused)', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.locator(LOGO).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await keepScreenshot(page, 'settings-system-customization-390-en');
    } finally {
      await context.close();
    }
  });
});
