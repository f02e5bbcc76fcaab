import { describe, expect, it } from 'vitest';
import { SIDEBAR_WIDTH } from '@shared/constants';
import { testEnvironment } from '../support/environment';
import { restoreDemoLanguage } from '../support/test-users';
import { useBrowser, navigation, openPage, signIn, UI_TIMEOUT_MS, webUrl } from './support/browser';

describe('application shell', () => {
  const browser = useBrowser();

  it('shows the French shell to an administrator, switches to English, keeps a dragged sidebar width and logs out', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser());
    try {
      await signIn(page, accounts.premiumAdministrator);
      const menu = await navigation(page);
      await menu.getByText('Tableau de bord', { exact: true }).waitFor();
      expect(await menu.getByText('Sites', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText('Énergie Plus Industries').first().isVisible()).toBe(true);

      await page.getByTestId('language-selector').click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      await menu.getByText('Dashboard', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await menu.getByText('Locations', { exact: true }).isVisible()).toBe(true);
      expect(await menu.getByText('Tableau de bord', { exact: true }).count()).toBe(0);

      // The language menu must be gone before the drag, or its closing overlay takes the mouse.
      await page.getByRole('menu').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      const handle = page.getByRole('separator', { name: 'Resize the navigation panel' });
      await handle.hover();
      const box = await handle.boundingBox();
      if (!box) throw new Error('The sidebar resize handle is not on screen');
      const startX = box.x + box.width / 2;
      const y = box.y + 300;
      await page.mouse.move(startX, y);
      await page.mouse.down();
      await page.mouse.move(startX + 60, y, { steps: 5 });
      await page.mouse.move(startX + 130, y, { steps: 5 });
      await page.mouse.up();
      const navigationWidth = async () => Math.round((await page.getByTestId('navigation').boundingBox())!.width);
      await expect.poll(navigationWidth, { timeout: UI_TIMEOUT_MS }).toBeGreaterThan(SIDEBAR_WIDTH.default);
      const widthAfterDrag = await navigationWidth();
      expect(widthAfterDrag).toBeGreaterThanOrEqual(SIDEBAR_WIDTH.default + 120);
      expect(widthAfterDrag).toBeLessThanOrEqual(SIDEBAR_WIDTH.default + 140);

      await page.reload();
      await (await navigation(page)).getByText('Dashboard', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      const widthAfterReload = Math.round((await page.getByTestId('navigation').boundingBox())!.width);
      expect(Math.abs(widthAfterReload - widthAfterDrag)).toBeLessThanOrEqual(1);

      await page.getByRole('link', { name: 'Sign out' }).click();
      await page.waitForURL('**/login', { timeout: UI_TIMEOUT_MS });
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('wattwise.credentials'))).toBeNull();

      await page.goto(webUrl('/dashboard'));
      await page.waitForURL('**/login', { timeout: UI_TIMEOUT_MS });
    } finally {
      await context.close();
      // The header's language choice is stored on the profile: the demo account gets French back.
      await restoreDemoLanguage('premiumAdministrator');
    }
  });

  it('stores 500 px when the sidebar is dragged past its maximum', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser(), { width: 1600, height: 900 });
    try {
      await signIn(page, accounts.premiumMember);
      await navigation(page);
      const handle = page.getByRole('separator', { name: 'Redimensionner le panneau de navigation' });
      const box = (await handle.boundingBox())!;
      const y = box.y + 300;
      await page.mouse.move(box.x + box.width / 2, y);
      await page.mouse.down();
      await page.mouse.move(box.x + 700, y, { steps: 10 });
      await page.mouse.up();
      expect(Math.round((await page.getByTestId('navigation').boundingBox())!.width)).toBe(SIDEBAR_WIDTH.max);
      expect(await page.evaluate(() => localStorage.getItem('wattwise.sidebarWidth'))).toBe(String(SIDEBAR_WIDTH.max));
    } finally {
      await context.close();
    }
  });

  it('names the phone menu button after what it does: open when the menu is closed, collapse when it is open', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    try {
      await signIn(page, accounts.premiumAdministrator);
      const open = page.getByRole('button', { name: 'Ouvrir le menu' });
      await open.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await open.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByRole('button', { name: 'Réduire le menu' }).count()).toBe(0);
      await open.click();
      const collapse = page.getByRole('button', { name: 'Réduire le menu' });
      await collapse.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await collapse.getAttribute('aria-expanded')).toBe('true');
    } finally {
      await context.close();
    }
  });
});
