// @demo-accounts: reads the demo administrator's own overview widgets, which no other user sees.
import { describe, expect, it } from 'vitest';
import type { Browser, Page, WebSocketRoute } from 'playwright-core';
import { api, login } from '../support/api';
import { testEnvironment } from '../support/environment';
import { closed, heardOfNewData, open } from '../support/realtime';
import { restoreDemoLanguage } from '../support/test-users';
import { callApi, keepScreenshot, openPage, signIn, UI_TIMEOUT_MS, useBrowser, webUrl } from './support/browser';

const unique = () => `${Date.now()}-${Math.round(Math.random() * 1e4)}`;

/** Picks an option of a Mantine select by typing part of its label. */
const choose = async (page: Page, testId: string, text: string) => {
  const input = page.getByRole('dialog').getByTestId(testId);
  await input.click();
  if ((await input.getAttribute('readonly')) === null) await input.fill(text);
  await page.getByRole('option', { name: new RegExp(text) }).first().click();
};

const widgetTitled = (page: Page, title: string) => page.locator('[data-widget-id]', { has: page.getByText(title, { exact: true }) });

/** A new water counter without values, and a tab holding one table of it (today, hour by hour). */
const tableOfNewPoint = async (pointName: string, tabName: string, title: string) => {
  const admin = (await login('premiumAdministrator')).user.jwt;
  const point = (
    await api<{ _id: string }>('POST', '/api/v1/points', {
      token: admin,
      body: { name: pointName, technical_id: `LIVE-${unique()}`, resource: 'water', series_type: 'counter', unit: 'm³', location: ['loc-lyon-a'] },
    })
  ).body.data!._id;
  const tab = (await api<{ _id: string }>('POST', '/api/v1/tabs', { token: admin, body: { name: `${tabName} ${unique()}` } })).body.data!;
  await api('POST', '/api/v1/widgets', {
    token: admin,
    body: { data: { location: tab._id, title, type: 'table', period: 'day', sampling: 'hour', points: [{ _id: point, calculation: 'sum' }] } },
  });
  return { admin, point, tab };
};

/**
 * A new point's table (`tableOfNewPoint`), open in a signed-in page and drawn empty; `beforeSignIn`
 * runs on the page first (a route that watches its channel). The caller closes the context.
 */
const openTableOfNewPoint = async (browser: Browser, names: { point: string; tab: string; title: string }, beforeSignIn?: (page: Page) => Promise<void>) => {
  const { admin, point, tab } = await tableOfNewPoint(names.point, names.tab, names.title);
  const { context, page } = await openPage(browser);
  try {
    await beforeSignIn?.(page);
    await signIn(page, testEnvironment().accounts.premiumAdministrator);
    await page.goto(webUrl(`/dashboard/${names.tab.toLowerCase()}/${tab._id}`));
    const widget = widgetTitled(page, names.title);
    await widget.getByTestId('widget-empty').waitFor({ timeout: UI_TIMEOUT_MS });
    return { admin, point, tab, context, page, widget };
  } catch (error) {
    await context.close();
    throw error;
  }
};

/** Writes a value of the point now, and waits until its newData has been pushed (a channel of the test's own hears it). */
const writtenAndPushed = async (token: string, point: string, value: number) => {
  const listening = await open(token);
  try {
    await api('POST', '/api/v1/data', { token, body: { data: [{ point, date: new Date().toISOString(), value }] } });
    await heardOfNewData(listening, point);
  } finally {
    await closed(listening.socket);
  }
};

const createTab = async (page: Page, name: string, shared = false) => {
  await page.getByTestId('tab-actions').click();
  await page.getByRole('menuitem', { name: 'Nouvel onglet' }).click();
  await page.getByLabel('Nom').fill(name);
  if (shared) await page.getByLabel('Partagé avec les autres utilisateurs du client').check();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await page.getByRole('tab', { name: new RegExp(name) }).waitFor({ timeout: UI_TIMEOUT_MS });
  await page.waitForURL(/\/dashboard\/.+\/tab-/, { timeout: UI_TIMEOUT_MS });
};

describe('dashboards in the browser', () => {
  const browser = useBrowser();

  it('builds a dashboard from nothing: a tab, a chart of two points, periods back and forth, a text with a live value, in French then English', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser());
    try {
      // The tabs' first read is asked before the tab is created and answers only once the creation has:
      // the list read again after the creation must still bring the new tab (a loaded machine does this
      // on its own: the tab vanished, its page sent back to the dashboard).
      let created = () => undefined as void;
      const tabCreated = new Promise<void>((resolve) => (created = resolve));
      let firstRead = true;
      await page.route('**/api/v1/tabs', async (route) => {
        if (route.request().method() === 'GET' && firstRead) {
          firstRead = false;
          const response = await route.fetch();
          await tabCreated;
          return route.fulfill({ response });
        }
        if (route.request().method() !== 'POST') return route.fallback();
        const response = await route.fetch();
        await route.fulfill({ response });
        created();
      });
      await signIn(page, accounts.premiumAdministrator);
      const tabName = `Suivi ${unique()}`;
      await createTab(page, tabName);
      expect(firstRead).toBe(false);
      await page.getByTestId('dashboard-empty').waitFor({ timeout: UI_TIMEOUT_MS });

      await page.getByTestId('add-widget').click();
      await page.getByRole('dialog').getByTestId('widget-title').fill('Eau et électricité');
      await page.getByTestId('widget-dialog-tab-points').click();
      await choose(page, 'widget-point-picker', 'ELEC-LYON-A-001');
      await choose(page, 'widget-point-picker', 'EAU-LYON-B-001');
      await page.getByTestId('widget-dialog-submit').click();
      const chart = widgetTitled(page, 'Eau et électricité');
      await chart.locator('[data-widget-ready="true"]').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await chart.getByTestId('chart-legend').innerText()).toContain('Index électricité TGBT');
      expect(await chart.getByTestId('chart-legend').innerText()).toContain('Compteur eau froide');

      // This month, then the one before it, then back: next is disabled on the current period.
      const label = chart.getByTestId('period-label');
      const current = await label.innerText();
      const navigation = chart.getByTestId('period-navigation');
      expect(await navigation.getByRole('button').last().isDisabled()).toBe(true);
      await navigation.getByRole('button').first().click();
      await expect.poll(() => label.innerText(), { timeout: UI_TIMEOUT_MS }).not.toBe(current);
      await navigation.getByRole('button').last().click();
      await expect.poll(() => label.innerText(), { timeout: UI_TIMEOUT_MS }).toBe(current);

      // A text with the index's consumption today.
      await page.getByTestId('add-widget').click();
      await choose(page, 'widget-type', 'Texte');
      await page.getByRole('dialog').getByTestId('widget-title').fill('Mot du jour');
      await page.getByTestId('widget-dialog-tab-text').click();
      await page.getByTestId('widget-text-editor').click();
      await page.keyboard.type("Aujourd'hui : ");
      await page.getByRole('button', { name: "Insérer la valeur d'un point" }).click();
      const tokenForm = page.locator('.mantine-Popover-dropdown');
      const tokenPoint = tokenForm.getByRole('combobox', { name: 'Point', exact: true });
      await tokenPoint.click();
      await tokenPoint.fill('ELEC-LYON-A-001');
      await page.getByRole('option', { name: /ELEC-LYON-A-001/ }).first().click();
      await tokenForm.getByRole('button', { name: 'Insérer' }).click();
      await page.getByTestId('widget-dialog-submit').click();
      const text = page.locator('[data-widget-type="text"]').last();
      await expect.poll(() => text.innerText(), { timeout: UI_TIMEOUT_MS }).toMatch(/Aujourd'hui\s:\s(\d[\d\s,.]*\s?kWh|-)/);

      // The same page in English.
      await page.getByTestId('language-selector').click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      await page.getByRole('button', { name: 'Add a widget' }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await chart.getByTestId('period-label').innerText()).toMatch(/[A-Z][a-z]+ \d{4}/);
    } finally {
      await context.close();
      // The header's language choice is stored on the profile: the demo account gets French back.
      await restoreDemoLanguage('premiumAdministrator');
    }
  });

  it('copies a widget and pastes it into another tab', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser());
    try {
      await signIn(page, accounts.premiumAdministrator);
      await page.goto(webUrl('/dashboard/electricite/tab-demo-electricite'));
      const table = page.locator('[data-widget-type="table"]').first();
      await table.waitFor({ timeout: UI_TIMEOUT_MS });
      await page.locator('[data-widget-id]', { has: table }).getByTestId('widget-copy').click();
      const tabName = `Collage ${unique()}`;
      await createTab(page, tabName);
      await page.getByTestId('paste-widget').click();
      await page.locator('[data-widget-type="table"]').first().waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.locator('[data-widget-id]').count()).toBe(1);

      // Its corner dragged straight down: 60 px higher, as wide as before, and saved so.
      const pasted = page.locator('[data-widget-id]').first();
      const before = (await pasted.boundingBox())!;
      await pasted.getByTestId('widget-resize').hover();
      const handle = (await pasted.getByTestId('widget-resize').boundingBox())!;
      await page.mouse.down();
      await page.mouse.move(handle.x + handle.width / 2 + 3, handle.y + handle.height / 2 + 60, { steps: 4 });
      await page.mouse.up();
      await expect.poll(async () => Math.round((await pasted.boundingBox())!.height)).toBe(Math.round(before.height + 60));
      const widgetId = await pasted.getAttribute('data-widget-id');
      const tabId = /\/(tab-[^/?]+)/.exec(page.url())?.[1];
      await expect
        .poll(async () => (await callApi<{ _id: string; height: number; width_percent: number }[]>(page, 'GET', `/api/v1/widgets/${tabId}`)).find((widget) => widget._id === widgetId), { timeout: UI_TIMEOUT_MS })
        .toMatchObject({ height: Math.round(before.height + 60), width_percent: 48.5 });
    } finally {
      await context.close();
    }
  });

  it('asks a tab\'s widgets and their data in one call when it opens, not the data once the widgets are known', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser());
    try {
      await signIn(page, accounts.premiumAdministrator);
      const allReady = () =>
        page.waitForFunction(() => [...document.querySelectorAll('[data-widget-id]')].every((widget) => widget.querySelector('[data-widget-ready="true"]')), undefined, {
          timeout: UI_TIMEOUT_MS,
        });
      // The dashboard's own calls are over before the tab is opened.
      await page.locator('[data-widget-id]').first().waitFor({ timeout: UI_TIMEOUT_MS });
      await allReady();
      const asked: { path: string; body: string | null }[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith('/api/v1/widgets')) asked.push({ path, body: request.postData() });
      });
      await page.goto(webUrl('/dashboard/electricite/tab-demo-electricite'));
      await page.locator('[data-widget-type="table"]').first().waitFor({ timeout: UI_TIMEOUT_MS });
      await allReady();
      expect(await page.locator('[data-widget-state="data"]').count()).toBeGreaterThan(0);
      expect(asked.filter((call) => call.path === '/api/v1/widgets/page-data').map((call) => JSON.parse(call.body ?? '{}'))).toEqual([{ page: 'tab-demo-electricite' }]);
      expect(asked.filter((call) => call.path === '/api/v1/widgets/data')).toEqual([]);
      // The page's call lists the tab too: its list is not asked beside it.
      expect(asked.filter((call) => call.path === '/api/v1/widgets/tab-demo-electricite')).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('names a widget\'s controls in a tooltip on hover and on keyboard focus, the focus staying on the control', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser());
    try {
      await signIn(page, accounts.premiumAdministrator);
      const widget = page.locator('[data-widget-id]').first();
      await widget.waitFor({ timeout: UI_TIMEOUT_MS });
      // Hovered once the page is drawn: widgets still coming in can move the control from under the pointer on a loaded machine.
      await expect.poll(() => page.locator('[data-widget-ready="false"]').count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
      const tooltip = (label: string) => page.locator('.mantine-Tooltip-tooltip', { hasText: new RegExp(`^${label}$`) });
      await widget.getByTestId('widget-copy').hover();
      await tooltip('Copier').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.mouse.move(0, 0);
      await tooltip('Copier').waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
      await widget.getByTestId('widget-copy').focus();
      await page.keyboard.press('Tab');
      await tooltip('Modifier').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await widget.getByTestId('widget-edit').evaluate((control) => control === document.activeElement)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('opens a widget\'s calendar on its first click, the focus on its button, and moves the widget to the period picked', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser());
    try {
      await signIn(page, accounts.premiumAdministrator);
      const navigation = page.getByTestId('period-navigation').filter({ has: page.getByRole('button', { name: 'Choisir une période' }) }).first();
      await navigation.waitFor({ timeout: UI_TIMEOUT_MS });
      const before = await navigation.getByTestId('period-label').innerText();
      await navigation.getByRole('button', { name: 'Choisir une période' }).click();
      const calendar = page.locator('.mantine-Popover-dropdown').filter({ has: page.locator('[class*="-day"], [class*="ListControl"]') });
      await calendar.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await navigation.getByRole('button', { name: 'Choisir une période' }).evaluate((button) => button === document.activeElement)).toBe(true);
      await calendar.locator('[class*="-day"]:not([data-disabled]), [class*="ListControl"]:not([data-disabled])').first().click();
      await calendar.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
      await expect.poll(() => navigation.getByTestId('period-label').innerText(), { timeout: UI_TIMEOUT_MS }).not.toBe(before);
    } finally {
      await context.close();
    }
  });

  it('lets a member open a shared tab without the controls to change it, and refuses them another user\'s private tab (spec 1 §4.4)', async () => {
    const { accounts } = testEnvironment();
    const admin = (await login('premiumAdministrator')).user.jwt;
    const privateTab = (await api<{ _id: string }>('POST', '/api/v1/tabs', { token: admin, body: { name: `Privé ${unique()}` } })).body.data!;
    const { context, page } = await openPage(browser());
    try {
      await signIn(page, accounts.premiumMember);
      await page.goto(webUrl('/dashboard/electricite/tab-demo-electricite'));
      await page.locator('[data-widget-id]').first().waitFor({ timeout: UI_TIMEOUT_MS });
      // Positive control: the member sees the shared tab's widgets and may copy them, not change them.
      expect(await page.getByTestId('widget-copy').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('widget-edit').count()).toBe(0);
      expect(await page.getByTestId('widget-delete').count()).toBe(0);
      await page.goto(webUrl(`/dashboard/prive/${privateTab._id}`));
      const refusal = page.locator('.mantine-Notification-root').filter({ hasText: 'Non autorisé' });
      await refusal.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await refusal.innerText()).toContain('Erreur');
      await page.waitForURL(/\/dashboard$/, { timeout: UI_TIMEOUT_MS });
      // A tab that is no one's still does not exist.
      await page.goto(webUrl('/dashboard/nulle-part/tab-does-not-exist'));
      await page.getByText('La page demandée n\'existe pas').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.waitForURL(/\/dashboard$/, { timeout: UI_TIMEOUT_MS });
    } finally {
      await context.close();
    }
  });

  it('fits a 390 px phone: the actions wrap, and the tabs scroll in their row with arrows and a fade rather than a scrollbar', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    try {
      await signIn(page, accounts.premiumAdministrator);
      await page.getByTestId('add-widget').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.locator('[data-widget-ready="true"]').first().waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      if (process.env.WATTWISE_SCREENSHOTS) await page.screenshot({ path: `${process.env.WATTWISE_SCREENSHOTS}/dashboard-390.png`, fullPage: false });

      const row = page.getByTestId('tab-strip-viewport');
      const forward = page.getByTestId('tabs-scroll-forward');
      const back = page.getByTestId('tabs-scroll-back');
      // The demo's tabs are wider than a phone: the row hides some past its right edge and says so.
      await forward.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await row.evaluate((element: HTMLElement) => ({ scrollbar: element.offsetHeight - element.clientHeight, hidden: element.scrollWidth > element.clientWidth }))).toEqual({ scrollbar: 0, hidden: true });
      expect([await forward.isEnabled(), await back.isEnabled()]).toEqual([true, false]);
      expect(await row.getAttribute('data-more-after')).toBe('true');
      // The arrow moves the row on; at its end the last tab is whole within it, and the arrow is done.
      await forward.click();
      await back.and(page.locator(':enabled')).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await row.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
      await row.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
      await forward.and(page.locator(':disabled')).waitFor({ timeout: UI_TIMEOUT_MS });
      const [last, visible] = await Promise.all([row.getByRole('tab').last().boundingBox(), row.boundingBox()]);
      expect(last!.x + last!.width).toBeLessThanOrEqual(visible!.x + visible!.width + 1);
      expect(last!.x).toBeGreaterThanOrEqual(visible!.x - 1);
      expect(await back.isEnabled()).toBe(true);
      if (process.env.WATTWISE_SCREENSHOTS) await page.screenshot({ path: `${process.env.WATTWISE_SCREENSHOTS}/dashboard-390-tabs-end.png`, fullPage: false });
      if (process.env.WATTWISE_SCREENSHOTS) {
        await row.evaluate((element) => element.scrollTo({ left: 0 }));
        await page.setViewportSize({ width: 1440, height: 900 });
        // The navigation panel slides in at this width: the picture once it has.
        await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
        await page.screenshot({ path: `${process.env.WATTWISE_SCREENSHOTS}/dashboard-1440.png`, fullPage: false });
      }
    } finally {
      await context.close();
    }
  });

  it('names fewer dates on a month chart at 390 px, none overlapping, spaced by whole weeks', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    try {
      await signIn(page, accounts.premiumAdministrator);
      const widget = widgetTitled(page, 'Électricité du mois, comparée au mois précédent');
      await widget.locator('[data-widget-ready="true"]').waitFor({ timeout: UI_TIMEOUT_MS });
      const labels = await widget.getByTestId('chart-widget').evaluate((chart) =>
        [...chart.querySelectorAll('text')]
          .filter((text) => /^\d{2}\/\d{2}\/\d{4}$/.test(text.textContent?.trim() ?? ''))
          .map((text) => ({ text: text.textContent!.trim(), left: text.getBoundingClientRect().left, right: text.getBoundingClientRect().right })),
      );
      await keepScreenshot(page, 'chart-390');
      expect(labels.length).toBeGreaterThanOrEqual(2);
      expect(labels.length).toBeLessThanOrEqual(5);
      const sorted = [...labels].sort((a, b) => a.left - b.left);
      for (const [index, label] of sorted.slice(1).entries()) expect(label.left, `${sorted[index].text} overlaps ${label.text}`).toBeGreaterThan(sorted[index].right);
      const days = sorted.map((label) => Date.UTC(Number(label.text.slice(6)), Number(label.text.slice(3, 5)) - 1, Number(label.text.slice(0, 2))) / 86_400_000);
      for (const [index, day] of days.slice(1).entries()) expect((day - days[index]) % 7).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('fits a line chart\'s value axis to its values, not to zero for the days still to come; a chart shown alone has no title bar or navigation', async () => {
    const admin = (await login('premiumAdministrator')).user.jwt;
    const point = (
      await api<{ _id: string }>('POST', '/api/v1/points', {
        token: admin,
        body: { name: `Température salle ${unique()}`, technical_id: `TEMP-${unique()}`, resource: 'temperature', series_type: 'measure', unit: '°C', location: ['loc-lyon-a'] },
      })
    ).body.data!._id;
    const day = 86_400_000;
    const now = Date.now();
    await api('POST', '/api/v1/data', {
      token: admin,
      body: { data: [3, 2, 1].map((daysAgo, index) => ({ point, date: new Date(now - daysAgo * day).toISOString(), value: 20 + index })) },
    });
    const tab = (await api<{ _id: string }>('POST', '/api/v1/tabs', { token: admin, body: { name: `Salle ${unique()}` } })).body.data!;
    const title = 'Température de la semaine';
    // From four days ago to three days ahead: the last buckets have no value yet.
    await api('POST', '/api/v1/widgets', {
      token: admin,
      body: {
        data: {
          location: tab._id,
          title,
          type: 'chart',
          period_type: 'dateToDate',
          start_date: new Date(now - 4 * day).toISOString(),
          end_date: new Date(now + 3 * day).toISOString(),
          sampling: 'day',
          points: [{ _id: point, calculation: 'avg', type: 'spline' }],
        },
      },
    });
    // 'Show the chart only' (spec 1 §3.3), beside it: the same point over this month.
    const chartOnly = (
      await api<{ _id: string }>('POST', '/api/v1/widgets', {
        token: admin,
        body: { data: { location: tab._id, title: 'Seul le graphique', type: 'chart', show_only_chart: true, points: [{ _id: point, calculation: 'avg' }] } },
      })
    ).body.data!._id;
    const { context, page } = await openPage(browser());
    try {
      await signIn(page, testEnvironment().accounts.premiumAdministrator);
      await page.goto(webUrl(`/dashboard/salle/${tab._id}`));
      const widget = widgetTitled(page, title);
      await widget.locator('[data-widget-ready="true"]').waitFor({ timeout: UI_TIMEOUT_MS });
      // The value axis's labels (the time axis's are dates): 20 to 22 °C fill the chart.
      const ticks = await widget.getByTestId('chart-widget').evaluate((chart) =>
        [...chart.querySelectorAll('text')].map((text) => text.textContent?.trim() ?? '').filter((label) => /^\d+(,\d+)?$/.test(label)),
      );
      const values = ticks.map((label) => Number(label.replace(',', '.')));
      expect(values.length).toBeGreaterThanOrEqual(2);
      expect(Math.min(...values)).toBeGreaterThanOrEqual(19.5);
      expect(Math.max(...values)).toBeLessThanOrEqual(22.5);

      const alone = page.locator(`[data-widget-id="${chartOnly}"]`);
      await alone.locator('[data-widget-ready="true"]').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await alone.getByTestId('chart-widget').count()).toBe(1);
      expect(await alone.getByTestId('widget-title').count()).toBe(0);
      expect(await alone.getByTestId('period-navigation').count()).toBe(0);
      // Positive control: the chart beside it has its title bar.
      expect(await widget.getByTestId('widget-title').count()).toBe(1);
      // Its owner can still change it.
      expect(await alone.getByTestId('widget-edit').count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('draws the overview\'s widgets whole in their boxes: the pie filling its box with its legend, every control in reach, the objective\'s figures apart, the welcome text\'s first line beside its tools', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser(), { width: 1440, height: 900 });
    try {
      await signIn(page, accounts.premiumAdministrator);
      await page.waitForFunction(() => {
        const widgets = [...document.querySelectorAll('[data-widget-id]')];
        return widgets.length > 0 && widgets.every((widget) => widget.querySelector('[data-widget-ready="true"]'));
      }, undefined, { timeout: UI_TIMEOUT_MS });
      const drawn = await page.evaluate(() => {
        const overlap = (a: DOMRect, b: DOMRect) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
        const textOf = (node: Node) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          return range;
        };
        const frames = [...document.querySelectorAll('[data-testid="widget"]')];
        // Narrow widgets (a quarter of the page) wrap their tools rather than cut the last ones (delete) at their edge.
        const controlsOut = frames.flatMap((frame) => {
          const box = frame.getBoundingClientRect();
          return [...frame.querySelectorAll('button')]
            .filter((control) => {
              const rect = control.getBoundingClientRect();
              return rect.left < box.left - 0.5 || rect.right > box.right + 0.5 || rect.top < box.top - 0.5 || rect.bottom > box.bottom + 0.5;
            })
            .map((control) => `${frame.getAttribute('data-widget-type')}: ${control.getAttribute('aria-label')}`);
        });
        // The objective's three figures: side by side with room between them, or one under the other.
        const apart = (a: DOMRect, b: DOMRect) => a.bottom <= b.top || b.bottom <= a.top || a.right + 4 <= b.left || b.right + 4 <= a.left;
        const figures = ['baseline', 'target', 'actual'].map((key) => textOf(document.querySelector(`[data-widget-id="wgt-demo-month-ipmvp"] [data-testid="ipmvp-${key}"]`)!.lastElementChild!).getBoundingClientRect());
        // The welcome text's words, each text node's line boxes: the first in the frame, none under a tool.
        const welcome = document.querySelector('[data-widget-id="wgt-demo-text"] [data-testid="text-widget"]')!;
        const welcomeFrame = welcome.closest('[data-testid="widget"]')!;
        // What may cut it: the frame and every box between them that scrolls or hides what overflows.
        const clips: DOMRect[] = [];
        for (let box: Element | null = welcome; box && box !== welcomeFrame.parentElement; box = box.parentElement) {
          if (box === welcomeFrame || getComputedStyle(box).overflowY !== 'visible') clips.push(box.getBoundingClientRect());
        }
        const walker = document.createTreeWalker(welcome, NodeFilter.SHOW_TEXT);
        const words: DOMRect[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.textContent?.trim()) words.push(...textOf(node).getClientRects());
        const tools = [...welcomeFrame.querySelectorAll('button')].map((control) => control.getBoundingClientRect());
        return {
          controlsOut,
          figuresApart: apart(figures[0], figures[1]) && apart(figures[1], figures[2]) && apart(figures[0], figures[2]),
          firstLineShown: words.length > 0 && clips.every((clip) => words[0].top >= clip.top && words[0].bottom <= clip.bottom),
          textUnderTools: words.some((word) => tools.some((tool) => overlap(tool, word))),
        };
      });
      expect(drawn).toEqual({ controlsOut: [], figuresApart: true, firstLineShown: true, textUnderTools: false });
      // This month, under way, is compared with last month up to the same day and time; the title gives the span.
      const previous = page.locator('[data-widget-id="wgt-demo-trend"]').getByTestId('trend-previous');
      expect(await previous.textContent()).toMatch(/^Période précédente à date : /);
      expect(await previous.getAttribute('title')).toMatch(/^\d{2}\/\d{2}\/\d{4} 00:00 → \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
      const widget = widgetTitled(page, 'Répartition des usages, bâtiment A');
      await widget.locator('[data-widget-ready="true"]').waitFor({ timeout: UI_TIMEOUT_MS });
      await widget.getByTestId('pie-legend').getByText(/%/).first().waitFor({ timeout: UI_TIMEOUT_MS });
      await keepScreenshot(page, 'pie-overview');
      const box = (await widget.boundingBox())!;
      const legend = (await widget.getByTestId('pie-legend').boundingBox())!;
      expect(legend.x + legend.width).toBeLessThanOrEqual(box.x + box.width);
      expect(legend.x).toBeGreaterThanOrEqual(box.x);
      // Every legend entry shows in full: none is cut by the box.
      for (const entry of await widget.getByTestId('pie-legend').locator('li').all()) {
        const size = await entry.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
        expect(size.scroll).toBeLessThanOrEqual(size.client + 1);
      }
      const pie = await widget.getByTestId('pie-chart').evaluate((svg) => {
        const drawn = (svg as SVGSVGElement).querySelector('g')!.getBBox();
        return { diameter: Math.max(drawn.width, drawn.height), room: Math.min(svg.clientWidth, svg.clientHeight) };
      });
      expect(pie.diameter).toBeGreaterThanOrEqual(pie.room * 0.85);

      // Every figure says its unit, and every chart its title and period to a screen reader (issue 40 §1, §4).
      const period = /du \d{2}\/\d{2}\/\d{4} au \d{2}\/\d{2}\/\d{4}/;
      const month = page.locator('[data-widget-id="wgt-demo-month"]').getByTestId('chart-widget');
      const monthName = new RegExp(`^Électricité du mois, comparée au mois précédent, ${period.source}$`);
      await month.getByRole('img', { name: monthName }).waitFor({ timeout: UI_TIMEOUT_MS });
      const monthSvg = await month.getByRole('img', { name: monthName }).evaluate((svg) => ({
        texts: [...svg.querySelectorAll('text')].map((text) => text.textContent?.trim()),
        description: document.getElementById(svg.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
      }));
      expect(monthSvg.texts.filter((text) => text === 'kWh' || text === 'MWh')).toHaveLength(1);
      expect(monthSvg.description).toMatch(/Index électricité TGBT : au plus bas [\d\u202f]+(,\d+)? [kM]Wh, au plus haut [\d\u202f]+(,\d+)? [kM]Wh\./);
      expect(await page.locator('[data-widget-id="wgt-demo-month"]').getByTestId('chart-legend').innerText()).toMatch(/Index électricité TGBT \([kM]Wh\)/);
      expect(await widget.getByRole('img', { name: new RegExp(`^Répartition des usages, bâtiment A, ${period.source}$`) }).count()).toBe(1);
      expect(await widget.getByTestId('pie-legend').innerText()).toMatch(/\d+(,\d+)?\s%\s·\s[\d\u202f]+(,\d+)? [kM]Wh/);
      const table = page.locator('[data-widget-id="wgt-demo-week-table"]').getByRole('table', { name: new RegExp(`^La semaine, jour par jour, ${period.source}$`) });
      expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['Date', 'Index électricité TGBT (kWh)', expect.stringMatching(/\(€\)$/)]);
    } finally {
      await context.close();
    }
  });

  it('refreshes an open chart when new values of its point arrive', async () => {
    const { admin, point, context, widget } = await openTableOfNewPoint(browser(), { point: 'Compteur en direct', tab: 'Direct', title: 'En direct' });
    try {
      await api('POST', '/api/v1/data', { token: admin, body: { data: [{ point, date: new Date().toISOString(), value: 42.5 }] } });
      await widget.getByText('42,5').waitFor({ timeout: 30_000 });
    } finally {
      await context.close();
    }
  });

  it('shows the values written after its data was read but before its realtime channel first opened', async () => {
    const { admin, point, context, page } = await openTableOfNewPoint(browser(), { point: 'Compteur avant le canal', tab: 'Avant', title: 'Avant le canal' });
    try {
      // A reload draws the page from the stored session and opens the channel once the renewal
      // answers: held here while the value is written.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/v1/users/auto_login', async (route) => {
        await held;
        await route.continue();
      });
      // The channels of the reloaded page only: the page before may still open its own, late, until the reload commits.
      const channels: string[] = [];
      let reloaded = false;
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) reloaded = true;
      });
      page.on('websocket', (socket) => {
        if (reloaded) channels.push(socket.url());
      });
      await page.reload();
      const widget = widgetTitled(page, 'Avant le canal');
      await widget.getByTestId('widget-empty').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(channels).toHaveLength(0);
      // Written, and its newData pushed (heard by a channel of the test's own), while no channel of this page is open.
      await writtenAndPushed(admin, point, 23.5);
      release();
      await expect.poll(() => channels.length, { timeout: UI_TIMEOUT_MS }).toBe(1);
      await widget.getByText('23,5').waitFor({ timeout: 20_000 });
    } finally {
      await context.close();
    }
  });

  it('catches up on the values sent while its realtime channel was down, once the channel is back', async () => {
    // The page's realtime channels go through here (with the page they were opened from), so that the test can drop one and keep it down.
    const channels: { route: WebSocketRoute; from: string }[] = [];
    let down = false;
    const { admin, point, tab, context, widget } = await openTableOfNewPoint(browser(), { point: 'Compteur au retour', tab: 'Retour', title: 'Au retour' }, (opening) =>
      opening.routeWebSocket(
        (url) => url.protocol === 'ws:' || url.protocol === 'wss:',
        (channel) => {
          if (down) return void channel.close();
          channels.push({ route: channel, from: opening.url() });
          channel.connectToServer();
        },
      ),
    );
    try {
      // The tab's own page has its channel (the sign-in's page had one before it).
      await expect.poll(() => channels.filter((channel) => channel.from.includes(tab._id)).length, { timeout: UI_TIMEOUT_MS }).toBeGreaterThan(0);
      const opened = channels.length;

      // Down while the value is written and its newData pushed: it reaches no channel of this page.
      down = true;
      await channels.at(-1)!.route.close();
      await writtenAndPushed(admin, point, 17.5);
      down = false;

      // Back (the page retries by itself): the widget asks its data again.
      await expect.poll(() => channels.length, { timeout: UI_TIMEOUT_MS }).toBe(opened + 1);
      await widget.getByText('17,5').waitFor({ timeout: 20_000 });
    } finally {
      await context.close();
    }
  });
});

describe('drilling down', () => {
  const browser = useBrowser();

  it('opens a clicked day of a chart hour by hour, and goes back to the month', async () => {
    const { accounts } = testEnvironment();
    const admin = (await login('premiumAdministrator')).user.jwt;
    const tab = (await api<{ _id: string }>('POST', '/api/v1/tabs', { token: admin, body: { name: `Détail ${unique()}` } })).body.data!;
    await api('POST', '/api/v1/widgets', {
      token: admin,
      body: { data: { location: tab._id, title: 'Au détail', period: 'month', sampling: 'day', drilldown: true, width_percent: 98, points: [{ _id: 'pt-elec-index', calculation: 'diff', type: 'column' }] } },
    });
    const { context, page } = await openPage(browser());
    try {
      await signIn(page, accounts.premiumAdministrator);
      await page.goto(webUrl(`/dashboard/detail/${tab._id}`));
      const widget = widgetTitled(page, 'Au détail');
      await widget.locator('[data-widget-ready="true"]').waitFor({ timeout: UI_TIMEOUT_MS });
      const month = await widget.getByTestId('period-label').innerText();
      // Today's bucket holds data (the demo series end now): hover it, then click it.
      const chart = widget.getByTestId('chart-widget');
      const box = (await chart.boundingBox())!;
      const day = new Date().getDate();
      const days = new Date(new Date().getFullYear(), new Date().getMonth() + 1, 0).getDate();
      const x = box.x + 52 + ((box.width - 68) * (day - 0.5)) / days;
      await page.mouse.move(x, box.y + box.height / 2);
      await page.mouse.click(x, box.y + box.height / 2);
      await widget.getByTestId('widget-drill-back').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await widget.getByTestId('period-navigation').count()).toBe(0);
      await widget.getByTestId('widget-drill-back').click();
      await expect.poll(() => widget.getByTestId('period-label').innerText(), { timeout: UI_TIMEOUT_MS }).toBe(month);
    } finally {
      await context.close();
    }
  });
});
