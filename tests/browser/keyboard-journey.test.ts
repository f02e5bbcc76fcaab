import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, login } from '../support/api';
import { testEnvironment } from '../support/environment';
import { keepScreenshot, openPage, UI_TIMEOUT_MS, useBrowser, webUrl } from './support/browser';

/** How many key presses a control may lie from the focus before the journey gives up on reaching it. */
const MAX_PRESSES = 90;

/** What the keyboard user sees of the focused element: whether it is on screen and uncovered, and its focus ring. */
interface FocusStop {
  /** Tag, test id and name of the element, for the failure messages. */
  element: string;
  /** Whether it matches the selector the journey is heading for. */
  arrived: boolean;
  /** On screen, with a size, and its middle not covered by another element (a fixed header). */
  onScreen: boolean;
  /** Its outline: at least 2 px, solid, not transparent. */
  ring: boolean;
  /** The outline's contrast with the background around the element (WCAG 1.4.11 asks for 3:1). */
  contrast: number;
}

/** The focused element as the user sees it (evaluated in the page). */
const focusStop = (page: Page, selector: string): Promise<FocusStop> =>
  page.evaluate((target) => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { element: 'body', arrived: false, onScreen: false, ring: false, contrast: 0 };
    const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const testId = element.getAttribute('data-testid');
    const description = `${element.tagName.toLowerCase()}${testId ? `[${testId}]` : ''} "${name}"`;
    // A switch's or a chip's input is hidden: what stands for it (the track, the label beside it) shows its focus.
    const own = element.getBoundingClientRect();
    const hidden = own.width < 2 || own.height < 2 || getComputedStyle(element).opacity === '0';
    const shown = hidden && element.nextElementSibling instanceof HTMLElement ? element.nextElementSibling : element;
    const box = shown.getBoundingClientRect();
    const middle = { x: Math.min(Math.max(box.left + box.width / 2, 0), innerWidth - 1), y: Math.min(Math.max(box.top + box.height / 2, 0), innerHeight - 1) };
    const hit = document.elementFromPoint(middle.x, middle.y);
    const onScreen =
      box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth && !!hit && (shown.contains(hit) || hit.contains(shown) || element.parentElement?.contains(hit) === true);
    const style = getComputedStyle(shown);
    const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
    const [r = 0, g = 0, b = 0, alpha = 1] = rgb(style.outlineColor);
    const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 && alpha > 0.5;
    // The background the ring is drawn on: the first ancestor with a colour of its own, else the page's white.
    let background = [255, 255, 255];
    for (let node = shown.parentElement; node; node = node.parentElement) {
      const [br = 0, bg = 0, bb = 0, ba = 1] = rgb(getComputedStyle(node).backgroundColor);
      if (ba > 0.5) {
        background = [br, bg, bb];
        break;
      }
    }
    const luminance = ([red, green, blue]: number[]) => {
      const channel = (value: number) => (value / 255 <= 0.03928 ? value / 255 / 12.92 : ((value / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue);
    };
    const [light, dark] = [luminance([r, g, b]), luminance(background)].sort((x, y) => y - x);
    return { element: description, arrived: element.matches(target), onScreen, ring, contrast: Math.round(((light + 0.05) / (dark + 0.05)) * 100) / 100 };
  }, selector);

describe('a keyboard-only journey', () => {
  const browser = useBrowser();

  it('signs in, adds a widget with a point to a tab, opens the report editor and downloads the PDF with no mouse, the focus always seen', async () => {
    const started = Date.now();
    const { accounts } = testEnvironment();
    const admin = (await login('premiumAdministrator')).user.jwt;
    const suffix = randomUUID().slice(0, 6);
    const tab = (await api<{ _id: string }>('POST', '/api/v1/tabs', { token: admin, body: { name: `Clavier ${suffix}` } })).body.data!;
    // A first widget in the tab, for the journey's to be moved before it.
    await api('POST', '/api/v1/widgets', { token: admin, body: { data: { location: tab._id, title: 'Note', type: 'text', text: '<p>Note</p>', position: 0 } } });
    const reportName = `Keyboard ${suffix}`;
    const { context, page } = await openPage(browser(), { width: 1440, height: 900 });
    /** Every focus stop whose focus is not seen: listed at the end, all together. */
    const unseen: string[] = [];
    const check = (stop: FocusStop, step: string) => {
      if (!stop.onScreen || !stop.ring || stop.contrast < 3) unseen.push(`${step}: ${stop.element} (on screen ${stop.onScreen}, ring ${stop.ring}, contrast ${stop.contrast})`);
    };
    /** Presses Tab (or Shift+Tab) until the focus is on `selector`, checking that each element it crosses shows its focus. */
    const tabTo = async (selector: string, step: string, { backwards = false } = {}): Promise<FocusStop> => {
      const crossed: string[] = [];
      for (let press = 0; press < MAX_PRESSES; press += 1) {
        await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
        const stop = await focusStop(page, selector);
        crossed.push(stop.element);
        check(stop, step);
        if (stop.arrived) return stop;
      }
      throw new Error(`${step}: ${selector} not reached with the keyboard; the focus went through ${crossed.join(' → ')}`);
    };
    /** Presses an arrow key until the focused element reads `text` (a menu's items, a tab list's tabs). */
    const arrowTo = async (key: string, text: string, step: string) => {
      const read = () => page.evaluate(() => (document.activeElement?.textContent ?? '').trim());
      const crossed: string[] = [];
      for (let press = 0; press < 12; press += 1) {
        const current = await read();
        crossed.push(current);
        if (current === text) return check(await focusStop(page, '*'), step);
        await page.keyboard.press(key);
      }
      throw new Error(`${step}: "${text}" not reached with ${key}; the focus went through ${crossed.join(' → ')}`);
    };
    /** The focus is on `selector` (at once or shortly: a closed dialog gives it back a few milliseconds later) and seen there. */
    const focused = async (selector: string, step: string) => {
      await expect.poll(async () => (await focusStop(page, selector)).arrived, { timeout: 2_000 }).toBe(true).catch(() => undefined);
      const stop = await focusStop(page, selector);
      check(stop, step);
      expect(stop.arrived, `${step}: focus on ${stop.element}, not ${selector}`).toBe(true);
    };
    /** The focus back at the page's start, as on a page just loaded: the next Tab goes to its first control. */
    const fromTheTop = () =>
      page.evaluate(() => {
        document.body.tabIndex = -1;
        document.body.focus();
        document.body.removeAttribute('tabindex');
      });
    const mainFocused = () => page.evaluate(() => document.activeElement?.tagName === 'MAIN' && document.activeElement.id === 'main-content');
    const skipToContent = async (step: string, text: string) => {
      await tabTo('[data-testid="skip-link"]', step);
      expect(await page.getByTestId('skip-link').innerText()).toBe(text);
      await keepScreenshot(page, `keyboard-${step.replaceAll(' ', '-')}`);
      await page.keyboard.press('Enter');
      expect(await mainFocused(), `${step}: the skip link moves the focus to <main>`).toBe(true);
    };

    try {
      // The sign-in screen in French: its title, its language, the skip link first.
      await page.goto(webUrl('/login'));
      await page.locator('input[type=email]').waitFor({ timeout: UI_TIMEOUT_MS });
      await expect.poll(() => page.title()).toBe('Connexion — WattWise');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
      await fromTheTop();
      await skipToContent('sign-in skip link', 'Aller au contenu');
      await tabTo('input[type=email]', 'sign-in e-mail');

      // English chosen in the language menu, back on its button once chosen: the title and <html lang> follow.
      await tabTo('[data-testid="language-selector"]', 'language selector', { backwards: true });
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'English' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await arrowTo('ArrowDown', 'English', 'language menu');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
      await expect.poll(() => page.title()).toBe('Sign in — WattWise');
      await focused('[data-testid="language-selector"]', 'language menu closed');

      // Signed in with the form, Enter submitting it.
      await tabTo('input[type=email]', 'sign-in e-mail');
      await page.keyboard.type(accounts.premiumAdministrator.email);
      await tabTo('input[type=password]', 'sign-in password');
      await page.keyboard.type(accounts.premiumAdministrator.password);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/dashboard', { timeout: UI_TIMEOUT_MS });
      await expect.poll(() => page.title(), { timeout: UI_TIMEOUT_MS }).toBe('Dashboard — WattWise');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

      // The dashboard: the skip link first, then the tab of the journey, reached from the tab bar's active tab with End, opened with Enter.
      await page.getByTestId('add-widget').waitFor({ timeout: UI_TIMEOUT_MS });
      // The button is drawn before the tabs' list answers: End goes to the last tab only once the journey's tab is in the bar.
      await page.locator(`[role="tab"][data-tab-id="${tab._id}"]`).waitFor({ timeout: UI_TIMEOUT_MS });
      await fromTheTop();
      await skipToContent('dashboard skip link', 'Skip to content');
      await tabTo('[data-testid="tab-bar"] [role="tab"][aria-selected="true"]', 'dashboard tab bar');
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/${tab._id}`, { timeout: UI_TIMEOUT_MS });
      await expect.poll(() => page.title(), { timeout: UI_TIMEOUT_MS }).toBe(`Clavier ${suffix} — Dashboard — WattWise`);
      await page.locator('[data-widget-type="text"]').waitFor({ timeout: UI_TIMEOUT_MS });
      await focused(`[role="tab"][data-tab-id="${tab._id}"]`, 'journey tab opened');

      // 'Add a widget': a title, the Points section, a point found by typing and picked with the arrows, added.
      await tabTo('[data-testid="add-widget"]', 'add widget');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('widget-title').waitFor({ timeout: UI_TIMEOUT_MS });
      await tabTo('[data-testid="widget-title"]', 'widget title');
      await page.keyboard.type('Électricité au clavier');
      await tabTo('[role="tab"][aria-selected="true"]', 'widget dialog sections', { backwards: true });
      await arrowTo('ArrowRight', 'Points', 'widget dialog sections');
      await tabTo('[data-testid="widget-point-picker"]', 'point picker');
      await page.keyboard.type('ELEC-LYON-A-001');
      await page.getByRole('option', { name: /ELEC-LYON-A-001/ }).first().waitFor({ timeout: UI_TIMEOUT_MS });
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await dialog.getByText(/ELEC-LYON-A-001/).first().waitFor({ timeout: UI_TIMEOUT_MS });
      await tabTo('[data-testid="widget-dialog-submit"]', 'add the widget');
      await keepScreenshot(page, 'keyboard-widget-dialog-1440-en');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      const widget = page.locator('[data-widget-id]', { has: page.getByText('Électricité au clavier', { exact: true }) });
      await widget.waitFor({ timeout: UI_TIMEOUT_MS });
      // The dialog gave the focus back to the button that opened it.
      await focused('[data-testid="add-widget"]', 'widget dialog closed');
      await keepScreenshot(page, 'keyboard-widget-added-1440-en');

      // Moved before the first widget with its handle's arrow keys, the focus staying on the handle.
      const widgetId = (await widget.getAttribute('data-widget-id'))!;
      const handle = `[data-widget-id="${widgetId}"] [data-testid="widget-move"]`;
      await tabTo(handle, 'widget move handle');
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => page.locator('[data-widget-id]').first().getAttribute('data-widget-id')).toBe(widgetId);
      await expect.poll(async () => (await focusStop(page, handle)).arrived).toBe(true);

      // Reports › Models in the navigation, reached backwards from the page.
      await tabTo('[data-menu-entry="reports"]', 'navigation: Reports', { backwards: true });
      await page.keyboard.press('Enter');
      // The group unfolds (an animation): its first entry in full view.
      await expect
        .poll(() =>
          page.locator('[data-menu-entry="reportModels"]').evaluate((entry) => {
            const box = entry.getBoundingClientRect();
            const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            return !!hit && entry.contains(hit);
          }),
        )
        .toBe(true);
      await tabTo('[data-menu-entry="reportModels"]', 'navigation: Models');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/reports/models', { timeout: UI_TIMEOUT_MS });
      await expect.poll(() => page.title(), { timeout: UI_TIMEOUT_MS }).toBe('Models — WattWise');

      // 'Add a report': Escape closes it, the focus back on the button; then created with Enter.
      await tabTo('[data-testid="report-add"]', 'add a report');
      await page.keyboard.press('Enter');
      const nameInput = page.getByTestId('report-name-input');
      await nameInput.waitFor({ timeout: UI_TIMEOUT_MS });
      await focused('[data-testid="report-name-input"]', 'add-report dialog opened');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      await focused('[data-testid="report-add"]', 'add-report dialog closed with Escape');
      await page.keyboard.press('Enter');
      await focused('[data-testid="report-name-input"]', 'add-report dialog opened again');
      await page.keyboard.press('Control+A');
      await page.keyboard.type(reportName);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/reports\/models\/edit\/rep-[\w-]+\/0$/, { timeout: UI_TIMEOUT_MS });
      await expect.poll(() => page.title(), { timeout: UI_TIMEOUT_MS }).toBe(`${reportName} — Report editor — WattWise`);

      // The editor: the skip link, then 'Export' to PDF with Enter; the file arrives and the focus stays on the button.
      await page.getByTestId('report-export').waitFor({ timeout: UI_TIMEOUT_MS });
      await fromTheTop();
      await skipToContent('report editor skip link', 'Skip to content');
      await tabTo('[data-testid="report-export"]', 'export the report');
      const downloading = page.waitForEvent('download', { timeout: 60_000 });
      await page.keyboard.press('Enter');
      const file = await downloading;
      expect(file.suggestedFilename()).toMatch(/\.pdf$/);
      await expect.poll(() => page.getByTestId('report-export').getAttribute('aria-busy'), { timeout: UI_TIMEOUT_MS }).toBeNull();
      await focused('[data-testid="report-export"]', 'report exported');

      // On a 390 px phone: the closed navigation is out of the tab order; opened with the burger, an entry
      // chosen closes it and the focus goes to the page chosen.
      await page.setViewportSize({ width: 390, height: 844 });
      await fromTheTop();
      await tabTo('header button[aria-expanded]', 'phone: menu button');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="navigation"]')), 'phone: the closed navigation is skipped').toBe(false);
      await tabTo('header button[aria-expanded]', 'phone: menu button', { backwards: true });
      await page.keyboard.press('Enter');
      await tabTo('[data-menu-entry="dashboard"]', 'phone: navigation opened');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/dashboard', { timeout: UI_TIMEOUT_MS });
      await expect.poll(mainFocused, { timeout: UI_TIMEOUT_MS }).toBe(true);
      await expect.poll(() => page.getByTestId('navigation').getAttribute('inert')).not.toBeNull();

      expect(unseen, 'focus stops whose focus is not seen').toEqual([]);
    } finally {
      await context.close();
      console.log(`keyboard journey: ${((Date.now() - started) / 1000).toFixed(1)} s`);
      await api('DELETE', `/api/v1/tabs/${tab._id}`, { token: admin });
      const listed = (await api<{ _id: string; name: string }[]>('GET', '/api/v1/reports', { token: admin })).body.data;
      const reports = Array.isArray(listed) ? listed : [];
      for (const report of reports.filter((candidate) => candidate.name === reportName)) await api('DELETE', `/api/v1/reports/${report._id}`, { token: admin });
    }
  });
});
