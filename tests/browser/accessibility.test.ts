import { writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SKIN, SKINS, SKIN_NAMES } from '@shared/skins';
import { SOURCE_TYPES } from '@shared/schemas/source-types';
import { DEMO_ALERT_ID } from '../../functions/src/services/demo-alert';
import { DEMO_EXPORT_ID } from '../../functions/src/services/demo-export';
import { DEMO_REMINDER_ID } from '../../functions/src/services/demo-reminder';
import { DEMO_REPORT_ID } from '../../functions/src/services/demo-report';
import { DEMO_SUBSCRIPTION_ID } from '../../functions/src/services/demo-subscription';
import { api, login } from '../support/api';
import { seedUser } from '../support/customers';
import { testEnvironment } from '../support/environment';
import { keepScreenshot, openPage, signIn, UI_TIMEOUT_MS, useBrowser, webUrl, type Account } from './support/browser';

/**
 * WCAG 2.1 A/AA (RGAA 4.1) with axe-core on every screen of the web app: the screens are read from
 * the app's own router (a screen added later is checked without editing this file), visited at
 * 1440 and 390 px, in French and English, moving between them inside the app (no reload). The
 * widget dialog, the report editor, a confirmation modal and the phone's navigation drawer are
 * opened too. Any critical or serious violation fails, with a summary rule → count; the contrast of
 * every skin is checked on the shell and on screens with the skin's accent colour.
 *
 * `WATTWISE_A11Y_REPORT=<file>` writes every violation found (target and markup) as JSON.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = ['critical', 'serious'];
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * The four languages × widths, in two pairs that each hold both languages and both widths: every
 * screen is checked in one pair's two contexts (alternately), so each screen is checked in French
 * and in English, at 1440 and at 390 px, for half the cost of all four. The shell, the dialogs and
 * the drawer are checked in all four. `WATTWISE_A11Y_ALL=1` checks every screen in all four (an audit).
 */
const COMBINATIONS = [
  { language: 'fr', viewport: DESKTOP, pair: 0 },
  { language: 'en', viewport: PHONE, pair: 0 },
  { language: 'en', viewport: DESKTOP, pair: 1 },
  { language: 'fr', viewport: PHONE, pair: 1 },
] as const;
const PAIRS = 2;
const ALL = process.env.WATTWISE_A11Y_ALL === '1';

/** Routes with no screen of their own, and why. A route not named here and not a screen fails the walk. */
const NOT_SCREENS: Record<string, string> = {
  '/': 'redirects to the dashboard or the sign-in',
  '/$': 'any unknown address: redirects to the sign-in',
  '/logout': 'ends the session and redirects to the sign-in',
  '/reports/phantom/edit/$id/$token': "the PDF renderer's print page (authorised by a print token), not shown to a person; the report editor shows the same widgets",
};

/** The demo's premium customer (Énergie Plus Industries), whose data root sees. */
const PREMIUM_CUSTOMER = 'cust-energie-plus';

/** Screens kept as screenshots when `WATTWISE_SCREENSHOTS` is set, to look at the colours. */
const SHOWN = ['/dashboard', '/reminders', '/settings/users', '/alerts', '/settings/locations_and_points', '/maplytics'];

/** Screens that lock the session: visited last. */
const LAST = ['/lock'];

interface Objects {
  ftp: string;
  source: { id: string; type: string };
  locationTab: string;
}

/** The values of a route's path parameters: demo objects, or objects this file makes. Undefined for a route nobody told the walk about: it then fails. */
const parametersOf = (path: string, objects: Objects): Record<string, string>[] | undefined => {
  const table: Record<string, Record<string, string>[]> = {
    '/set-password/$token': [{ token: 'a11y-unknown-token' }],
    '/dashboard/$tabName/$tabId': [{ tabName: 'electricite', tabId: 'tab-demo-electricite' }],
    '/locations/$name/$id': [{ name: 'siege-lyon', id: 'loc-lyon' }],
    '/locations/$name/$id/$tabName/$tabId': [{ name: 'siege-lyon', id: 'loc-lyon', tabName: 'accessibilite', tabId: objects.locationTab }],
    '/alerts/edit/$id': [{ id: DEMO_ALERT_ID }],
    '/reminders/edit/$id': [{ id: DEMO_REMINDER_ID }],
    '/exports/edit/$id': [{ id: DEMO_EXPORT_ID }],
    '/exports/show/$id': [{ id: DEMO_EXPORT_ID }],
    '/reports/models/edit/$id/$page': [{ id: DEMO_REPORT_ID, page: '0' }],
    '/reports/subscriptions/edit/$id': [{ id: DEMO_SUBSCRIPTION_ID }],
    '/settings/ftp/edit/$id': [{ id: objects.ftp }],
    '/settings/sources/create/$type': SOURCE_TYPES.map((type) => ({ type })),
    '/settings/sources/edit/$type/$id': [{ type: objects.source.type, id: objects.source.id }],
    '/settings/users/edit/$userId': [{ userId: 'usr-premium-admin' }],
    '/settings/su/edit/$userId': [{ userId: 'usr-super' }],
    '/settings/system/customers/edit/$id': [{ id: PREMIUM_CUSTOMER }],
  };
  return table[path];
};

const fill = (path: string, values: Record<string, string>) => path.replace(/\$(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? `$${name}`));

interface Found {
  where: string;
  rule: string;
  impact: string;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

const found: Found[] = [];
/** How long each screen took to settle and to check, in ms (in the report). */
const timings: { where: string; settle: number; check: number }[] = [];

afterAll(() => {
  if (process.env.WATTWISE_A11Y_REPORT) writeFileSync(process.env.WATTWISE_A11Y_REPORT, JSON.stringify({ found, timings }, null, 1));
});

/**
 * Counts the page's requests to the app under way (its API and its code, a lazily loaded script
 * included): a screen is settled when none is left and the router is idle.
 */
const trackRequests = (page: Page): (() => number) => {
  const pending = new Set<unknown>();
  const origin = new URL(webUrl()).origin;
  const isApp = (url: string) => url.startsWith(origin);
  page.on('request', (request) => isApp(request.url()) && pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return () => pending.size;
};

type RouterWindow = Window & {
  __TSR_ROUTER__: {
    state: { status: string; isLoading: boolean; location: { pathname: string } };
    history: { push: (path: string) => void };
    routesById: Record<string, { fullPath: string; id: string; options?: { path?: string } }>;
  };
};

/** Waits for the router to be idle at `path`, no API call under way and no loader on screen (two frames apart). */
const settle = async (page: Page, pending: () => number, path?: string): Promise<void> => {
  const deadline = Date.now() + UI_TIMEOUT_MS;
  let quietFrames = 0;
  while (quietFrames < 2) {
    const state = await page.evaluate(
      () =>
        new Promise<{ idle: boolean; pathname: string }>((resolve) =>
          requestAnimationFrame(() => {
            const router = (window as unknown as RouterWindow).__TSR_ROUTER__;
            const loading = [...document.querySelectorAll('.mantine-Loader-root, .mantine-Skeleton-root[data-visible="true"]')].some((element) => (element as HTMLElement).offsetParent !== null);
            // A modal fading in, a menu opening: its colours are only right once the transition is over.
            const moving = document.getAnimations().some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity);
            resolve({ idle: router.state.status === 'idle' && !router.state.isLoading && !loading && !moving, pathname: router.state.location.pathname });
          }),
        ),
    );
    const quiet = state.idle && pending() === 0 && (path === undefined || decodeURIComponent(state.pathname) === decodeURIComponent(path));
    quietFrames = quiet ? quietFrames + 1 : 0;
    if (!quiet && Date.now() > deadline) {
      throw new Error(`${path ?? 'the screen'} did not settle: router at ${state.pathname}, idle ${state.idle}, ${pending()} request(s) to the app under way`);
    }
  }
};

/** Moves to a path inside the app (no reload) and waits for its screen. */
const visit = async (page: Page, pending: () => number, path: string): Promise<void> => {
  const started = Date.now();
  await page.evaluate((to) => (window as unknown as RouterWindow).__TSR_ROUTER__.history.push(to), path);
  await settle(page, pending, path);
  timings.push({ where: path, settle: Date.now() - started, check: 0 });
};

/** The signed-in screens' own part: the shell around it (header, navigation) is the same on every screen and checked once. */
const MAIN = '.mantine-AppShell-main';

const check = async (page: Page, where: string, { rules, within }: { rules?: string[]; within?: string } = {}): Promise<void> => {
  const started = Date.now();
  // Legacy mode runs axe in the page itself (the app has no cross-origin frame), where the default
  // opens a blank page for every check to merge the frames' results; only violations are gathered.
  let builder = new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (rules) builder = builder.withRules(rules);
  if (within) builder = builder.include(within);
  const results = await builder.analyze();
  timings.push({ where, settle: 0, check: Date.now() - started });
  for (const violation of results.violations) {
    if (!BLOCKING.includes(violation.impact ?? '')) continue;
    found.push({
      where,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target.join(' '), html: node.html.slice(0, 300), summary: (node.failureSummary ?? '').slice(0, 300) })),
    });
  }
};

const summary = (list: Found[]): string => {
  const counts = new Map<string, number>();
  for (const item of list) counts.set(`${item.rule} (${item.impact})`, (counts.get(`${item.rule} (${item.impact})`) ?? 0) + item.nodes.length);
  const screens = new Map<string, Set<string>>();
  for (const item of list) screens.set(item.rule, (screens.get(item.rule) ?? new Set()).add(item.where));
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([rule, count]) => `  ${rule} → ${count}  (e.g. ${[...(screens.get(rule.split(' ')[0]!) ?? [])].slice(0, 3).join(', ')})`)
    .join('\n');
};

const expectNone = (where: string) => {
  const mine = found.filter((item) => item.where.startsWith(where));
  expect(mine.reduce((sum, item) => sum + item.nodes.length, 0), `critical or serious WCAG 2.1 A/AA violations (rule → elements):\n${summary(mine)}`).toBe(0);
};

/** The screens of the router: `{ path, signedIn }`, each route's parameters filled in. */
const screensOf = async (page: Page, objects: Objects) => {
  const routes = await page.evaluate(() =>
    Object.values((window as unknown as RouterWindow).__TSR_ROUTER__.routesById)
      .filter((route) => route.options?.path !== undefined)
      .map((route) => ({ path: route.fullPath, id: route.id })),
  );
  const unknown: string[] = [];
  const screens: { path: string; signedIn: boolean }[] = [];
  for (const route of routes) {
    const path = route.path.length > 1 ? route.path.replace(/\/$/, '') : route.path;
    if (path in NOT_SCREENS) continue;
    const signedIn = route.id.startsWith('/_app/');
    if (!path.includes('$')) {
      screens.push({ path, signedIn });
      continue;
    }
    const values = parametersOf(path, objects);
    if (!values) unknown.push(path);
    else for (const value of values) screens.push({ path: fill(path, value), signedIn });
  }
  expect(unknown, 'routes whose parameters the walk cannot fill: tell parametersOf in this file').toEqual([]);
  return screens;
};

describe('accessibility (WCAG 2.1 AA, axe-core)', () => {
  const browser = useBrowser();
  let objects: Objects;
  const cleanups: (() => Promise<unknown>)[] = [];

  // A retriever, a configurable source and a location's tab: the demo has none, and their pages are screens.
  beforeAll(async () => {
    const token = (await login('premiumAdministrator')).user.jwt;
    const made = async <T extends { _id: string }>(path: string, body: unknown, remove: (id: string) => string): Promise<T> => {
      const answer = await api<T>('POST', path, { token, body });
      if (answer.status !== 200 || !answer.body.data) throw new Error(`POST ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      const id = answer.body.data._id;
      cleanups.push(() => api('DELETE', remove(id), { token }));
      return answer.body.data;
    };
    const [ftp, source, tab] = await Promise.all([
      made('/api/v1/ftp', { host: '127.0.0.1', port: 24_999, user: 'meter', password: 'secret', path: '/', isSftp: false, timeInterval: 15, active: false }, (id) => `/api/v1/ftp/${id}`),
      made<{ _id: string; type: string }>('/api/v1/sources/custom', { name: 'Accessibilité', type: 'custom', active: false }, (id) => `/api/v1/sources/${id}`),
      made('/api/v1/tabs', { data: { name: 'Accessibilité', parent: 'loc-lyon', sharing: { shared: true } } }, (id) => `/api/v1/tabs/${id}`),
    ]);
    objects = { ftp: ftp._id, source: { id: source._id, type: source.type }, locationTab: tab._id };
  });

  afterAll(async () => {
    await Promise.all(cleanups.map((cleanup) => cleanup()));
  });

  it.each(COMBINATIONS)('has no critical or serious violation in $language at $viewport.width px', async ({ language, viewport, pair }) => {
    const started = Date.now();
    const { accounts } = testEnvironment();
    const where = `${language}-${viewport.width}`;
    const { context, page } = await openPage(browser(), viewport);
    const pending = trackRequests(page);
    try {
      await page.goto(webUrl('/login'));
      await page.evaluate((lang) => localStorage.setItem('wattwise.language', JSON.stringify(lang)), language);
      await page.reload();
      await settle(page, pending, '/login');
      const screens = (await screensOf(page, objects)).filter((_, index) => ALL || index % PAIRS === pair);

      for (const screen of screens.filter((entry) => !entry.signedIn && !LAST.includes(entry.path))) {
        await visit(page, pending, screen.path);
        await check(page, `${where} ${screen.path}`);
      }

      await visit(page, pending, '/login');
      await page.locator('input[type=email], input[name=email]').first().fill(accounts.root.email);
      await page.locator('input[type=password]').first().fill(accounts.root.password);
      await page.locator('button[type=submit]').first().click();
      await page.waitForURL('**/dashboard', { timeout: UI_TIMEOUT_MS });
      await settle(page, pending, '/dashboard');

      // The first screen whole, shell included; then each screen's main part.
      await check(page, `${where} shell`);
      for (const screen of screens.filter((entry) => entry.signedIn && !LAST.includes(entry.path))) {
        await visit(page, pending, screen.path);
        await check(page, `${where} ${screen.path}`, { within: MAIN });
        if (SHOWN.includes(screen.path)) await keepScreenshot(page, `accessibility-${where}${screen.path.replaceAll('/', '-')}`);
      }

      // The widget dialog, on its first tab and on its points.
      await visit(page, pending, '/dashboard');
      await page.getByTestId('add-widget').click();
      await page.getByRole('dialog').getByTestId('widget-title').waitFor({ timeout: UI_TIMEOUT_MS });
      await settle(page, pending);
      await check(page, `${where} widget dialog`);
      await page.getByTestId('widget-dialog-tab-points').click();
      await settle(page, pending);
      await check(page, `${where} widget dialog (points)`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });

      // A confirmation modal: deleting a reminder, cancelled.
      await visit(page, pending, '/reminders');
      await page.locator(`[data-reminder-id="${DEMO_REMINDER_ID}"]`).getByTestId('reminder-delete').first().click();
      await page.getByTestId('reminder-confirm-delete').waitFor({ timeout: UI_TIMEOUT_MS });
      // Read once it has faded in: half-way, its text is lighter than it is.
      await settle(page, pending);
      await check(page, `${where} confirmation modal`);
      await page.keyboard.press('Escape');
      await page.getByTestId('reminder-confirm-delete').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });

      // The phone's navigation drawer.
      if (viewport.width < 768) {
        await visit(page, pending, '/dashboard');
        await page.locator('.mantine-AppShell-header .mantine-Burger-root').click();
        await page.getByTestId('navigation').locator('[data-menu-entry]').first().waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await settle(page, pending);
        await check(page, `${where} navigation drawer`);
        await page.locator('.mantine-AppShell-header .mantine-Burger-root').click();
      }

      for (const path of LAST.filter((last) => screens.some((screen) => screen.path === last))) {
        await visit(page, pending, path);
        await check(page, `${where} ${path}`);
      }
    } finally {
      await context.close();
    }
    console.log(`accessibility ${where}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expectNone(where);
  }, 300_000);

  it('keeps a readable contrast in every skin', async () => {
    const started = Date.now();
    const customer = testEnvironment().customers.premium;
    const user: Account = { ...(await seedUser(customer, 'administrator')), customer };
    const { context, page } = await openPage(browser(), { width: 1440, height: 900 });
    const pending = trackRequests(page);
    try {
      await signIn(page, user);
      // The default skin is the walk's.
      for (const skin of SKINS.filter((entry) => entry !== DEFAULT_SKIN)) {
        await visit(page, pending, '/settings/profile');
        await page.getByTestId('profile-skin').click();
        await page.getByRole('option', { name: SKIN_NAMES[skin], exact: true }).click();
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.skin), { timeout: UI_TIMEOUT_MS }).toBe(skin);
        await settle(page, pending);
        // The shell (header, navigation), widgets, the accent's buttons and light badges.
        for (const path of ['/dashboard', '/reminders']) {
          await visit(page, pending, path);
          await check(page, `skin ${skin} ${path}`, { rules: ['color-contrast'] });
          await keepScreenshot(page, `accessibility-${skin}${path.replaceAll('/', '-')}`);
        }
      }
    } finally {
      await context.close();
    }
    console.log(`accessibility skins: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expectNone('skin');
  }, 300_000);
});
