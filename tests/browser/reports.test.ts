// @demo-accounts: prints with a print token made for the demo administrator, who alone reads the reports the test makes.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Report } from '@shared/schemas/report';
import { awsEnvironment } from '../../infra/local/emulator';
import { api, login } from '../support/api';
import { jwtSecretArn } from '../support/aws';
import { testEnvironment } from '../support/environment';
import { callApi, clickCentered, keepScreenshot, navigation, openPage, signIn, signInIn, UI_TIMEOUT_MS, useBrowser, webUrl } from './support/browser';

const unique = () => randomUUID().slice(0, 6);

/** Picks an option of a Mantine select of the widget dialog by typing part of its label. */
const choose = async (page: Page, testId: string, text: string) => {
  const input = page.getByRole('dialog').getByTestId(testId);
  await input.click();
  if ((await input.getAttribute('readonly')) === null) await input.fill(text);
  await page.getByRole('option', { name: new RegExp(text) }).first().click();
};

const shownPage = (page: Page) => page.locator('[data-testid="report-sheet"] [data-report-page]');
const reportWidgets = (page: Page) => shownPage(page).locator('[data-report-widget]');
const pageLabel = (page: Page) => page.getByTestId('report-page-label');

/** Waits until the editor's last change is saved (the whole report, shortly after each change). */
const saved = (page: Page) => expect.poll(() => page.getByTestId('report-save-state').getAttribute('data-save-state'), { timeout: UI_TIMEOUT_MS }).toBe('saved');

/** Opens a widget's menu on the page and picks one of its items. */
const widgetMenu = async (page: Page, widget: Locator, item: string) => {
  await widget.getByTestId('widget-menu').click();
  await page.getByTestId(item).click();
};

/** A print token for a report of the premium administrator, made with the deployed signing secret (as the PDF function does). */
const printTokenOf = async (reportId: string): Promise<string> => {
  Object.assign(process.env, awsEnvironment(testEnvironment().endpoint), { JWT_SECRET_ARN: await jwtSecretArn() });
  const { issuePrintToken } = await import('../../functions/src/services/token-service');
  const customer = testEnvironment().customers.premium;
  return issuePrintToken({ userId: 'usr-premium-admin', customerId: customer, homeCustomerId: customer, role: 'administrator', reportId });
};

/** What Poppler reads in a downloaded PDF: its pages and its text. */
const readPdf = (file: string) => ({
  pages: Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]),
  text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }),
});

const openPrintPage = async (browser: Browser, reportId: string, language: 'fr' | 'en') => {
  const { context, page } = await openPage(browser, { width: 1200, height: 900 });
  await page.goto(webUrl(`/reports/phantom/edit/${reportId}/${await printTokenOf(reportId)}?lang=${language}`));
  return { context, page };
};

describe('reports', () => {
  const browser = useBrowser();

  it('builds a two-page report from the models list: a chart, a text, pages added, duplicated, removed, a layout, a move, a pasted widget; saved, printed and exported (1440 px, French)', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser(), { width: 1440, height: 900 });
    const name = `Bilan ${unique()}`;
    try {
      await signIn(page, accounts.premiumAdministrator);
      // A dashboard widget copied, to be pasted into the report.
      await page.goto(webUrl('/dashboard/electricite/tab-demo-electricite'));
      const table = page.locator('[data-widget-type="table"]').first();
      await table.waitFor({ timeout: UI_TIMEOUT_MS });
      await page.locator('[data-widget-id]', { has: table }).getByTestId('widget-copy').click();

      const menu = await navigation(page);
      await menu.getByText('Rapports', { exact: true }).click();
      await menu.getByText('Modèles', { exact: true }).click();
      await page.waitForURL('**/reports/models', { timeout: UI_TIMEOUT_MS });

      // 'Add a report': the title is required and starts as the default name.
      await page.getByTestId('report-add').click();
      const modal = page.getByRole('dialog', { name: 'Ajouter un rapport' });
      const title = modal.getByTestId('report-name-input');
      expect(await title.inputValue()).toBe('Nouveau rapport');
      await title.fill('');
      await modal.getByRole('button', { name: 'Créer le rapport' }).click();
      await modal.getByText('Le titre est obligatoire').waitFor({ timeout: UI_TIMEOUT_MS });
      await title.fill(name);
      await keepScreenshot(page, 'reports-add-1440-fr');
      await modal.getByRole('button', { name: 'Créer le rapport' }).click();
      await page.waitForURL(/\/reports\/models\/edit\/rep-[\w-]+\/0$/, { timeout: UI_TIMEOUT_MS });
      const reportId = /edit\/(rep-[\w-]+)\//.exec(page.url())![1];
      await page.getByTestId('report-page-empty').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await pageLabel(page).innerText()).toBe('Page 1 / 1');
      // The page is drawn at the portrait size, whole on a wide screen.
      expect(await shownPage(page).evaluate((element) => [(element as HTMLElement).offsetWidth, (element as HTMLElement).offsetHeight])).toEqual([770, 1112]);

      // Page 1: a chart through the dashboards' widget dialog, 75 % wide and 320 px high by default.
      await page.getByTestId('report-add-widget').click();
      await page.getByRole('dialog').getByTestId('widget-title').fill('Électricité du mois');
      await page.getByTestId('widget-dialog-tab-points').click();
      await choose(page, 'widget-point-picker', 'ELEC-LYON-A-001');
      await page.getByTestId('widget-dialog-submit').click();
      const chart = reportWidgets(page).filter({ has: page.getByText('Électricité du mois', { exact: true }) });
      await chart.locator('[data-widget-ready="true"]').waitFor({ timeout: UI_TIMEOUT_MS });
      const chartBox = (await chart.boundingBox())!;
      expect(Math.round(chartBox.height)).toBe(320);
      expect(chartBox.width).toBeCloseTo((770 - 48) * 0.75 - 3, 0);
      await keepScreenshot(page, 'reports-editor-chart-1440-fr');

      // Its corner dragged 80 px down and to the page's edge: 400 px high, the whole row (layout 1).
      // (Hovered first: the dialog's overlay, still fading out, would take the press.)
      await chart.getByTestId('widget-resize').hover();
      const handle = (await chart.getByTestId('widget-resize').boundingBox())!;
      await page.mouse.down();
      await page.mouse.move(handle.x + handle.width / 2 + 90, handle.y + handle.height / 2 + 40, { steps: 4 });
      await page.mouse.move(handle.x + handle.width / 2 + 178, handle.y + handle.height / 2 + 80, { steps: 4 });
      await page.mouse.up();
      await expect.poll(async () => Math.round((await chart.boundingBox())!.height)).toBe(400);
      expect((await chart.boundingBox())!.width).toBeCloseTo(770 - 48, 0);
      await saved(page);

      // The copied dashboard widget pasted on page 1, then deleted after confirmation. Its menu, opened
      // before the save gives it its server id (the save held meanwhile), stays open through the save.
      let releaseSave = () => {};
      const saveHeld = new Promise<void>((resolve) => (releaseSave = resolve));
      await page.route('**/api/v1/reports', async (route) => {
        if (route.request().method() === 'PUT') await saveHeld;
        await route.continue();
      });
      await page.getByTestId('report-paste-widget').click();
      await expect.poll(() => reportWidgets(page).count()).toBe(2);
      await reportWidgets(page).nth(1).locator('[data-widget-type="table"]').waitFor({ timeout: UI_TIMEOUT_MS });
      const pastedDraftId = await reportWidgets(page).nth(1).getAttribute('data-widget-id');
      await reportWidgets(page).nth(1).getByTestId('widget-menu').click();
      await page.getByTestId('widget-delete').waitFor({ timeout: UI_TIMEOUT_MS });
      releaseSave();
      await saved(page);
      await page.unroute('**/api/v1/reports');
      expect(await reportWidgets(page).nth(1).getAttribute('data-widget-id')).not.toBe(pastedDraftId);
      await page.getByTestId('widget-delete').click();
      await page.getByTestId('report-confirm-delete-widget').click();
      await expect.poll(() => reportWidgets(page).count()).toBe(1);

      // Page 2: a text.
      await page.getByTestId('report-add-page').click();
      await page.waitForURL(`**/edit/${reportId}/1`, { timeout: UI_TIMEOUT_MS });
      expect(await pageLabel(page).innerText()).toBe('Page 2 / 2');
      await page.getByTestId('report-add-widget').click();
      await choose(page, 'widget-type', 'Texte');
      await page.getByTestId('widget-dialog-tab-text').click();
      await page.getByTestId('widget-text-editor').click();
      await page.keyboard.type('Consommation du site en baisse');
      await page.getByTestId('widget-dialog-submit').click();
      const text = reportWidgets(page).filter({ has: page.getByText('Consommation du site en baisse') });
      await text.locator('[data-widget-ready="true"]').waitFor({ timeout: UI_TIMEOUT_MS });

      // Layout 2: two widgets to a row, half the page's width each.
      await widgetMenu(page, text, 'widget-layout-2');
      await expect.poll(async () => Math.round((await text.boundingBox())!.width)).toBe(Math.round((770 - 48 - 12) / 2));

      // Duplicated: the copy shows as page 3; removed after confirmation (it holds a widget): the last page shows.
      await page.getByTestId('report-duplicate-page').click();
      await page.waitForURL(`**/edit/${reportId}/2`, { timeout: UI_TIMEOUT_MS });
      expect(await pageLabel(page).innerText()).toBe('Page 3 / 3');
      await text.waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByTestId('report-remove-page').click();
      await page.getByTestId('report-confirm-remove-page').click();
      await expect.poll(() => pageLabel(page).innerText()).toBe('Page 2 / 2');
      await page.waitForURL(`**/edit/${reportId}/1`, { timeout: UI_TIMEOUT_MS });

      // A widget moved to a new page 3: that page shows; page 2, now empty, is removed without a question.
      await page.getByTestId('report-add-page').click();
      await page.getByTestId('report-previous-page').click();
      await expect.poll(() => pageLabel(page).innerText()).toBe('Page 2 / 3');
      await widgetMenu(page, text, 'widget-move-2');
      await expect.poll(() => pageLabel(page).innerText()).toBe('Page 3 / 3');
      await text.waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByTestId('report-previous-page').click();
      await page.getByTestId('report-page-empty').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByTestId('report-remove-page').click();
      await expect.poll(() => pageLabel(page).innerText()).toBe('Page 2 / 2');
      await text.waitFor({ timeout: UI_TIMEOUT_MS });
      // Renamed in place: saved, and named so in the crumbs.
      await page.getByTestId('report-name').fill(`${name} v2`);
      await page.getByTestId('report-name').press('Enter');
      await saved(page);
      await page.getByTestId('ribbon').getByText(`${name} v2`).waitFor({ timeout: UI_TIMEOUT_MS });
      await keepScreenshot(page, 'reports-editor-1440-fr');

      // Reloaded: what was built is what the server keeps.
      await page.reload();
      await text.locator('[data-widget-ready="true"]').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await pageLabel(page).innerText()).toBe('Page 2 / 2');
      expect(Math.round((await text.boundingBox())!.width)).toBe(Math.round((770 - 48 - 12) / 2));
      const kept = await callApi<Report>(page, 'GET', `/api/v1/reports/${reportId}`);
      expect(kept.name).toBe(`${name} v2`);
      expect(kept.content.pages.map((widgets) => widgets.map((widget) => [widget.type, widget.layout, widget.height]))).toEqual([[['chart', 1, 400]], [['text', 2, 50]]]);

      // The PDF: the button shows the wait, the browser receives the file under the server's name.
      const downloading = page.waitForEvent('download', { timeout: 90_000 });
      await page.getByTestId('report-export').click();
      await page.getByTestId('report-exporting').waitFor({ timeout: UI_TIMEOUT_MS });
      const file = await downloading;
      expect(file.suggestedFilename()).toMatch(/^Bilan_\w+_\d{4}-\d{2}-\d{2}\.pdf$/);
      const pdf = readPdf((await file.path())!);
      expect(pdf.pages).toBe(2);
      expect(pdf.text).toContain('Électricité du mois');
      expect(pdf.text).toContain('Consommation du site en baisse');

      // The print page, as the PDF function opens it: no sign-in, every page at its size, ready once every widget is drawn.
      const printed = await openPrintPage(browser(), reportId, 'fr');
      try {
        const printedDocument = printed.page.getByTestId('report-document');
        await printed.page.locator('[data-report-ready="true"]').waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await printedDocument.getAttribute('data-report-pages')).toBe('2');
        expect(await printedDocument.getAttribute('data-report-orientation')).toBe('portrait');
        const sizes = await printed.page.locator('[data-report-page]').evaluateAll((pages) => pages.map((element) => [(element as HTMLElement).offsetWidth, (element as HTMLElement).offsetHeight]));
        expect(sizes).toEqual([[770, 1112], [770, 1112]]);
        await printed.page.getByText('Électricité du mois', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
        await printed.page.getByText('Consommation du site en baisse').waitFor({ timeout: UI_TIMEOUT_MS });
        // No chrome and no controls: no navigation panel, no period navigation, no edit buttons.
        expect(await printed.page.getByTestId('navigation').count()).toBe(0);
        expect(await printed.page.getByTestId('period-navigation').count()).toBe(0);
        expect(await printed.page.getByTestId('widget-edit').count()).toBe(0);
        await keepScreenshot(printed.page, 'reports-print-fr');
      } finally {
        await printed.context.close();
      }

      // An unknown page of the address: the spec's message, then the first page.
      await page.goto(webUrl(`/reports/models/edit/${reportId}/9`));
      await page.getByText("La page demandée n'existe pas").waitFor({ timeout: UI_TIMEOUT_MS });
      await page.waitForURL(`**/edit/${reportId}/0`, { timeout: UI_TIMEOUT_MS });

      // Deleted from the list after confirmation: 'Report deleted'.
      await page.goto(webUrl('/reports/models'));
      const row = page.locator(`[data-report-id="${reportId}"]`);
      await clickCentered(row.getByTestId('report-delete'));
      await page.getByTestId('report-confirm-delete').click();
      await page.getByText('Rapport supprimé').waitFor({ timeout: UI_TIMEOUT_MS });
      await row.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });

      // An unknown report: the spec's message, then the dashboard.
      await page.goto(webUrl(`/reports/models/edit/${reportId}/0`));
      await page.getByText("Le rapport demandé n'existe pas").waitFor({ timeout: UI_TIMEOUT_MS });
      await page.waitForURL(/\/dashboard$/, { timeout: UI_TIMEOUT_MS });
    } finally {
      await context.close();
    }
  });

  it('says data-report-ready="error" on the print page when its token does not read the report', async () => {
    const admin = (await login('premiumAdministrator')).user.jwt;
    const report = (await api<Report>('POST', '/api/v1/reports', { token: admin, body: { name: `Refusé ${unique()}` } })).body.data!;
    const other = (await api<Report>('POST', '/api/v1/reports', { token: admin, body: { name: `Autre ${unique()}` } })).body.data!;
    const { context, page } = await openPage(browser());
    try {
      // A token for another report: the server refuses, the page fails loudly rather than wait.
      await page.goto(webUrl(`/reports/phantom/edit/${report._id}/${await printTokenOf(other._id)}`));
      await page.locator('[data-report-ready="error"]').waitFor({ timeout: UI_TIMEOUT_MS });
    } finally {
      await context.close();
      for (const id of [report._id, other._id]) await api('DELETE', `/api/v1/reports/${id}`, { token: admin });
    }
  });

  it('opens a shared report of another user read-only, with its own copy a click away', async () => {
    const { accounts } = testEnvironment();
    const admin = (await login('premiumAdministrator')).user.jwt;
    const chart = { type: 'chart', title: 'Eau du mois', points: [{ _id: 'pt-elec-index', calculation: 'diff', type: 'column', color: '#1c7ed6' }] };
    const report = (await api<Report>('POST', '/api/v1/reports', { token: admin, body: { name: `Partagé ${unique()}`, sharing: { shared: true }, content: { pages: [[chart]] } } })).body.data!;
    const { context, page } = await openPage(browser());
    try {
      await signIn(page, accounts.premiumMember);
      await page.goto(webUrl('/reports/models'));
      const row = page.locator(`[data-report-id="${report._id}"]`);
      await row.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await row.getByTestId('report-delete').count()).toBe(0);
      await row.getByTestId('report-open').click();
      await page.getByTestId('report-read-only').waitFor({ timeout: UI_TIMEOUT_MS });
      await reportWidgets(page).locator('[data-widget-ready="true"]').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('report-add-widget').count()).toBe(0);
      expect(await page.getByTestId('widget-menu').count()).toBe(0);
      await keepScreenshot(page, 'reports-read-only-1440-fr');
      await page.getByTestId('report-clone-own').click();
      await page.waitForURL((url) => /\/edit\/rep-[\w-]+\/0$/.test(url.pathname) && !url.pathname.includes(report._id), { timeout: UI_TIMEOUT_MS });
      await page.getByTestId('report-add-widget').waitFor({ timeout: UI_TIMEOUT_MS });
      const copy = /edit\/(rep-[\w-]+)\//.exec(page.url())![1];
      await callApi(page, 'DELETE', `/api/v1/reports/${copy}`);
    } finally {
      await context.close();
      await api('DELETE', `/api/v1/reports/${report._id}`, { token: admin });
    }
  });

  it('fits the list, the modal, the editor and its controls on a 390 px phone, in English', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    try {
      await signInIn(page, accounts.premiumAdministrator, 'en');
      const chart = { type: 'chart', title: 'Monthly electricity', points: [{ _id: 'pt-elec-index', calculation: 'diff', type: 'column', color: '#1c7ed6' }] };
      const text = { type: 'text', hidden_title_bar: true, height: 50, text: '<p>Site consumption</p>' };
      const report = await callApi<Report>(page, 'POST', '/api/v1/reports', { name: `Phone ${unique()}`, content: { pages: [[chart], [text]] } });

      await page.goto(webUrl('/reports/models'));
      await page.locator(`[data-report-id="${report._id}"]`).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.getByTestId('report-add').click();
      const modal = page.getByRole('dialog', { name: 'Add a report' });
      expect(await modal.getByTestId('report-name-input').inputValue()).toBe('New Report');
      await modal.getByRole('button', { name: 'Create report' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await expect.poll(() => modal.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
      await keepScreenshot(page, 'reports-list-390-en');
      await modal.getByRole('button', { name: 'Cancel' }).click();

      await page.goto(webUrl(`/reports/models/edit/${report._id}/0`));
      await reportWidgets(page).locator('[data-widget-ready="true"]').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // The page is scaled to the phone's width, whole; its widgets' controls are listed under it, at a size fingers can use.
      const sheet = (await page.getByTestId('report-sheet').boundingBox())!;
      const drawn = (await shownPage(page).boundingBox())!;
      expect(drawn.width).toBeLessThanOrEqual(sheet.width + 0.5);
      expect(drawn.height / drawn.width).toBeCloseTo(1112 / 770, 2);
      expect(await shownPage(page).getByTestId('widget-menu').count()).toBe(0);
      const listed = page.getByTestId('report-page-widget');
      expect(await listed.innerText()).toContain('Monthly electricity');
      await widgetMenu(page, listed.first(), 'widget-layout-1');
      await saved(page);
      await page.getByTestId('report-next-page').click();
      await expect.poll(() => pageLabel(page).innerText()).toBe('Page 2 / 2');
      await reportWidgets(page).getByText('Site consumption').waitFor({ timeout: UI_TIMEOUT_MS });
      // A text widget has no title bar: the list names it by its text.
      expect(await listed.innerText()).toContain('Site consumption');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await keepScreenshot(page, 'reports-editor-390-en');
      const kept = await callApi<Report>(page, 'GET', `/api/v1/reports/${report._id}`);
      expect(kept.content.pages[0][0]).toMatchObject({ layout: 1, width_percent: 100 });

      const printed = await openPrintPage(browser(), report._id, 'en');
      try {
        await printed.page.locator('[data-report-ready="true"]').waitFor({ timeout: UI_TIMEOUT_MS });
        await printed.page.getByText('Monthly electricity', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await printed.page.evaluate(() => document.documentElement.lang)).toBe('en');
        await keepScreenshot(printed.page, 'reports-print-en');
      } finally {
        await printed.context.close();
      }
      await callApi(page, 'DELETE', `/api/v1/reports/${report._id}`);
    } finally {
      await context.close();
    }
  });
});
