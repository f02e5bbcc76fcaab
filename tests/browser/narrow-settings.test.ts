import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Registration } from '@shared/schemas/user-admin';
import { MENU, type MenuEntry } from '../../web/src/features/shell/menu-definition';
import { api, login } from '../support/api';
import { testEnvironment } from '../support/environment';
import { keepScreenshot, openPage, signInIn, UI_TIMEOUT_MS, useBrowser, webUrl } from './support/browser';

const PHONE = { width: 390, height: 844 };

/** Every settings screen the navigation offers (spec 1 §2.3), walked from the menu itself. */
const settingsPaths = (entries: readonly MenuEntry[]): string[] =>
  entries.flatMap((entry) => (entry.kind === 'screen' ? (entry.path.startsWith('/settings') ? [entry.path] : []) : entry.kind === 'group' ? settingsPaths(entry.children) : []));

/** The screen's data is drawn: its main area holds text and no loader or skeleton is showing. */
const screenDrawn = async (page: Page) => {
  await page.waitForFunction(
    () => {
      const main = document.querySelector('main');
      const busy = [...document.querySelectorAll('.mantine-Loader, .mantine-Skeleton-root, [data-loading="true"]')].some((element) => (element as HTMLElement).offsetParent !== null);
      return !!main && (main.textContent ?? '').trim().length > 0 && !busy;
    },
    undefined,
    { timeout: UI_TIMEOUT_MS },
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
};

/** What is cut off: the page's width, each visible element whose box runs past an edge of the window, and text cut inside its box. */
const overflowOf = (page: Page) =>
  page.evaluate(() => {
    const width = window.innerWidth;
    const describe = (element: Element) => {
      const testId = element.closest('[data-testid]')?.getAttribute('data-testid');
      const text = (element.textContent ?? '').trim().slice(0, 40);
      return `${element.tagName.toLowerCase()}${testId ? ` in [${testId}]` : ''} "${text}"`;
    };
    // An element clipped by a scrolling or hiding ancestor (a table in its scroll area) is not cut off by the window.
    const clippedByAncestor = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const { overflowX } = getComputedStyle(parent);
        const box = parent.getBoundingClientRect();
        if (overflowX !== 'visible' && box.right <= width + 0.5 && box.left >= -0.5) return true;
      }
      return false;
    };
    const elements = [...document.body.querySelectorAll('*')].filter((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= width + 0.5) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none' && !clippedByAncestor(element);
    });
    // Text cut off inside its own box (a button's label that does not fit): wider than the box that hides it, with no ellipsis meant.
    const cut = [...document.body.querySelectorAll('*')].filter((element) => {
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return false;
      const style = getComputedStyle(element);
      if ((style.overflowX !== 'hidden' && style.overflowX !== 'clip') || style.textOverflow === 'ellipsis' || style.visibility === 'hidden') return false;
      const hasText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim().length > 0);
      return hasText && element.getBoundingClientRect().width > 0 && element.scrollWidth > element.clientWidth + 1;
    });
    // Left of the window counts as well: a row pushed past its start is as cut off as one past its end.
    const beforeStart = [...document.body.querySelectorAll('*')].filter((element) => {
      const box = element.getBoundingClientRect();
      // Partly on screen only: a closed drawer waits wholly off the left edge.
      return box.width > 0 && box.height > 0 && box.left < -0.5 && box.right > 0.5 && getComputedStyle(element).visibility !== 'hidden' && !clippedByAncestor(element);
    });
    return { scrollWidth: document.documentElement.scrollWidth, width, past: [...elements, ...beforeStart, ...cut].slice(0, 5).map(describe) };
  });

describe('settings screens on a 390 px phone', () => {
  const browser = useBrowser();
  const registrationEmail = `narrow-${randomUUID().slice(0, 8)}@wattwise-narrow.example`;
  let rootToken = '';

  beforeAll(async () => {
    rootToken = (await login('root')).user.jwt;
    // A pending registration, for the super users screen to show its accept button.
    const address = `fd${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::7`;
    const answer = await api('POST', '/api/v1/users/register', {
      body: { email: registrationEmail, first_name: 'Inès', last_name: 'Moreau-Delacroix', password: 'Register-1', password_confirm: 'Register-1', terms: true },
      headers: { 'X-Forwarded-For': address },
    });
    expect(answer.status).toBe(200);
  });

  afterAll(async () => {
    const pending = (await api<Registration[]>('GET', '/api/v1/registrations', { token: rootToken })).body.data ?? [];
    for (const registration of pending.filter((candidate) => candidate.email === registrationEmail)) {
      await api('DELETE', `/api/v1/registrations/${registration._id}`, { token: rootToken });
    }
  });

  for (const language of ['fr', 'en'] as const) {
    it(`shows every settings screen whole, nothing past the right edge, in ${language}`, { timeout: 240_000 }, async () => {
      const paths = settingsPaths(MENU);
      expect(paths.length).toBeGreaterThan(10);
      const phone = await openPage(browser(), PHONE);
      try {
        await signInIn(phone.page, testEnvironment().accounts.root, language);
        const problems: string[] = [];
        for (const path of paths) {
          await phone.page.goto(webUrl(path));
          await screenDrawn(phone.page);
          if (path === '/settings/su') await phone.page.locator(`[data-registration-email="${registrationEmail}"]`).getByTestId('registration-accept').waitFor({ timeout: UI_TIMEOUT_MS });
          const { scrollWidth, width, past } = await overflowOf(phone.page);
          if (scrollWidth > width || past.length > 0) problems.push(`${path}: page ${scrollWidth} px wide; past the edge: ${past.join(', ')}`);
          await keepScreenshot(phone.page, `narrow${path.replaceAll('/', '-')}-390-${language}`);
        }
        expect(problems).toEqual([]);
      } finally {
        await phone.context.close();
      }
    });
  }

  it('shows the pending registration with its accept button whole on a wide screen too', async () => {
    for (const language of ['fr', 'en'] as const) {
      const wide = await openPage(browser(), { width: 1440, height: 900 });
      try {
        await signInIn(wide.page, testEnvironment().accounts.root, language);
        await wide.page.goto(webUrl('/settings/su'));
        const accept = wide.page.locator(`[data-registration-email="${registrationEmail}"]`).getByTestId('registration-accept');
        await accept.waitFor({ timeout: UI_TIMEOUT_MS });
        const box = await accept.boundingBox();
        expect(box && box.x + box.width).toBeLessThanOrEqual(1440);
        await keepScreenshot(wide.page, `narrow-settings-su-1440-${language}`);
      } finally {
        await wide.context.close();
      }
    }
  });
});
