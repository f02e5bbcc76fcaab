import { afterAll, beforeAll, onTestFailed } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { testEnvironment, type TestEnvironment } from '../../support/environment';

export type Account = TestEnvironment['accounts'][keyof TestEnvironment['accounts']];

/** The app and the emulator behind it answer within this time, cold Lambdas included. */
export const UI_TIMEOUT_MS = 20_000;

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

/** A fresh browser profile (empty localStorage) on a desktop-sized window. */
/** How many of a page's last happenings a failed test prints. */
const JOURNAL_LINES = 40;

/**
 * Keeps what a page met that its screen may no longer show once the test has failed (the page is
 * closed by then): where it went, the API's refusals and failures, the realtime events it was sent,
 * and what it logged as an error; printed when the test fails, so that a failure seen only in CI
 * says what the page was told.
 */
const keepJournal = (page: Page): void => {
  const started = Date.now();
  const journal: string[] = [];
  const note = (line: string) => journal.push(`${String(Date.now() - started).padStart(6)} ms  ${line}`);
  page.on('framenavigated', (frame) => frame === page.mainFrame() && note(`at ${new URL(frame.url()).pathname}`));
  page.on('response', (response) => {
    if (response.status() >= 400 && new URL(response.url()).pathname.startsWith('/api/')) note(`${response.request().method()} ${new URL(response.url()).pathname} answered ${response.status()}`);
  });
  page.on('requestfailed', (request) => new URL(request.url()).pathname.startsWith('/api/') && note(`${request.method()} ${new URL(request.url()).pathname} failed: ${request.failure()?.errorText}`));
  page.on('console', (message) => message.type() === 'error' && note(`console error: ${message.text().slice(0, 200)}`));
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      try {
        note(`realtime ${(JSON.parse(String(payload)) as { event?: string }).event ?? '?'}`);
      } catch {
        note('realtime (unreadable)');
      }
    }),
  );
  try {
    onTestFailed(() => console.log(`What the page met before the failure (last ${JOURNAL_LINES}):\n${journal.slice(-JOURNAL_LINES).join('\n')}`));
  } catch {
    // Opened outside a test (a suite's set-up): nothing to attach the journal to.
  }
};

export const openPage = async (browser: Browser, viewport = { width: 1400, height: 900 }): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({ viewport, locale: 'fr-FR' });
  const page = await context.newPage();
  keepJournal(page);
  // `TEST_CPU_THROTTLE=<n>`: the page's CPU n times slower, as on a loaded CI machine (to bring out races).
  const throttle = Number(process.env.TEST_CPU_THROTTLE ?? 1);
  if (throttle > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: throttle });
  return { context, page };
};

export const webUrl = (path = '/'): string => new URL(path, testEnvironment().webUrl).toString();

/** Fills the French sign-in form and waits for the dashboard. */
export const signIn = async (page: Page, account: Account): Promise<void> => {
  await page.goto(webUrl('/login'));
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(account.email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL('**/dashboard', { timeout: UI_TIMEOUT_MS });
};

/** Signs in through the form of the language stored in this browser (the labels differ; the fields do not). */
export const signInIn = async (page: Page, account: Account, language: 'fr' | 'en'): Promise<void> => {
  await page.goto(webUrl('/login'));
  await page.evaluate((lang) => localStorage.setItem('wattwise.language', JSON.stringify(lang)), language);
  await page.goto(webUrl('/login'));
  await page.locator('input[type=email], input[name=email]').first().fill(account.email);
  await page.locator('input[type=password]').first().fill(account.password);
  await page.locator('button[type=submit]').first().click();
  await page.waitForURL('**/dashboard', { timeout: UI_TIMEOUT_MS });
};

/** The left navigation panel, once its first entry is on screen. */
export const navigation = async (page: Page) => {
  const panel = page.getByTestId('navigation');
  await panel.locator('[data-menu-entry]').first().waitFor({ timeout: UI_TIMEOUT_MS });
  return panel;
};

/** The ids of the locations the navigation tree offers, clickable or not. */
export const treeLocations = (page: Page) =>
  page.getByTestId('navigation').evaluate((panel) =>
    [...panel.querySelectorAll<HTMLElement>('[data-location-id]')].map((item) => ({
      id: item.dataset.locationId,
      clickable: item.tagName === 'A' && item.getAttribute('aria-disabled') !== 'true',
    })),
  );

/**
 * Opens every closed branch of the navigation's locations tree. The tree is drawn once the
 * locations have arrived, which may be after the menu's first entries: it waits for it first.
 */
export const expandTree = async (page: Page): Promise<void> => {
  const panel = page.getByTestId('navigation');
  await panel.locator('[data-location-id]').first().waitFor({ timeout: UI_TIMEOUT_MS });
  for (let round = 0; round < 5; round += 1) {
    const closed = panel.locator('[data-location-id][aria-expanded="false"], [data-location-toggle][aria-expanded="false"], [data-testid="menu-locations"][aria-expanded="false"]');
    if ((await closed.count()) === 0) return;
    await closed.first().click();
  }
};

/** One Chromium for the tests of a file: launched before them, closed after them. */
export const useBrowser = (): (() => Browser) => {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is not launched yet');
    return browser;
  };
};

/**
 * Clicks an element after bringing it to the middle of the window: the app's fixed header and
 * footer would otherwise cover an element scrolled just into view at an edge.
 */
export const clickCentered = async (locator: Locator): Promise<void> => {
  await locator.waitFor({ timeout: UI_TIMEOUT_MS });
  await locator.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await locator.click();
};

/** Calls the API as the user signed in on this page, with the token the app stored. */
export const callApi = <T>(page: Page, method: string, path: string, body?: unknown): Promise<T> =>
  page.evaluate(
    async ({ method, path, body }) => {
      const token = JSON.parse(localStorage.getItem('wattwise.credentials') ?? '{}').token as string;
      const response = await fetch(path, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return ((await response.json()) as { data: unknown }).data;
    },
    { method, path, body },
  ) as Promise<T>;

/**
 * Saves a full-page screenshot under `$WATTWISE_SCREENSHOTS/<name>.png` when that folder is set, so
 * that a person can look at the screens a run went through; does nothing otherwise.
 */
export const keepScreenshot = async (page: Page, name: string): Promise<void> => {
  const folder = process.env.WATTWISE_SCREENSHOTS;
  if (!folder) return;
  await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
};
