import { describe, expect, it } from 'vitest';
import { testEnvironment } from '../support/environment';
import { expandTree, navigation, openPage, signIn, treeLocations, UI_TIMEOUT_MS, useBrowser, webUrl } from './support/browser';

const SCREENSHOTS = process.env.WATTWISE_SCREENSHOTS;

const PREMIUM_ENTRIES = ['Maplytics', 'Rapports', 'Alertes & notifications', 'Rappels'];

describe('navigation by role and licence', () => {
  const browser = useBrowser();

  it('hides the premium entries from a member of a non-premium customer', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser());
    try {
      await signIn(page, accounts.basicMember);
      const menu = await navigation(page);
      await menu.getByText('Tableau de bord', { exact: true }).waitFor();
      await menu.getByText('Hôtel de ville', { exact: true }).waitFor({ state: 'attached' });
      for (const entry of PREMIUM_ENTRIES) {
        expect(await menu.getByText(entry, { exact: true }).count(), entry).toBe(0);
      }
      expect(await page.getByText('Standard', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByTestId('customer-selector').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('offers a member only the locations they are allowed, the way down to them included', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser());
    try {
      await signIn(page, accounts.premiumMember);
      await navigation(page);
      await expandTree(page);
      const offered = await treeLocations(page);
      expect(offered).toEqual([
        { id: 'loc-lyon', clickable: false },
        { id: 'loc-lyon-a', clickable: true },
        { id: 'loc-grenoble', clickable: true },
      ]);

      await page.goto(webUrl('/locations'));
      await page.getByTestId('location-card').filter({ hasText: 'Bâtiment A' }).click();
      await page.waitForURL('**/locations/batiment-a/loc-lyon-a', { timeout: UI_TIMEOUT_MS });
      await page.getByRole('heading', { name: 'Bâtiment A' }).waitFor();
      expect(await page.getByText('Bureaux').first().isVisible()).toBe(true);
      expect(await page.getByText(/2\s600\sm²/).first().isVisible()).toBe(true);
      expect(await page.getByText('Europe/Paris').isVisible()).toBe(true);

      await page.goto(webUrl('/locations/batiment-b/loc-lyon-b'));
      await page.waitForURL('**/dashboard', { timeout: UI_TIMEOUT_MS });
      await page.getByText('La page demandée n\'existe pas').waitFor({ timeout: UI_TIMEOUT_MS });

      await page.goto(webUrl('/locations/siege-lyon/loc-lyon'));
      await page.waitForURL('**/dashboard', { timeout: UI_TIMEOUT_MS });
      await page.getByText('Vos droits d\'accès ne sont pas suffisants pour accéder à cette page').waitFor({ timeout: UI_TIMEOUT_MS });
    } finally {
      await context.close();
    }
  });

  it('opens a site that has sub-sites from its label, and folds it with the chevron beside it', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser());
    try {
      await signIn(page, accounts.premiumAdministrator);
      const menu = await navigation(page);
      const toggle = menu.locator('[data-location-toggle="loc-lyon"]');
      await toggle.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');

      await menu.locator('[data-location-id="loc-lyon"]').click();
      await page.waitForURL('**/locations/*/loc-lyon', { timeout: UI_TIMEOUT_MS });
      await page.getByRole('heading', { name: 'Siège social — Lyon', level: 2 }).waitFor({ timeout: UI_TIMEOUT_MS });

      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await menu.locator('[data-location-id="loc-lyon-a"]').waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      expect(page.url()).toMatch(/\/loc-lyon$/);
      await menu.locator('[data-location-id="loc-lyon-a"]').click();
      await page.waitForURL('**/locations/*/loc-lyon-a', { timeout: UI_TIMEOUT_MS });
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    } finally {
      await context.close();
    }
  });

  it('shows a location page with one breadcrumb, and says an unknown location does not exist before the dashboard', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser());
    try {
      await signIn(page, accounts.premiumAdministrator);
      await navigation(page);
      await page.goto(webUrl('/locations/batiment-a/loc-lyon-a'));
      await page.getByRole('heading', { name: 'Bâtiment A', level: 2 }).waitFor({ timeout: UI_TIMEOUT_MS });
      const breadcrumbs = page.locator('.mantine-Breadcrumbs-root');
      expect(await breadcrumbs.count()).toBe(1);
      expect(await breadcrumbs.first().innerText()).toMatch(/Sites\s*›\s*Siège social — Lyon\s*›\s*Bâtiment A/);
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/location-page.png` });

      // Typed in the address bar, then followed from inside the app.
      await page.goto(webUrl('/locations/nulle-part/loc-does-not-exist'));
      await page.waitForURL('**/dashboard', { timeout: UI_TIMEOUT_MS });
      await page.getByText("La page demandée n'existe pas").waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText("La page demandée n'existe pas").waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      await page.evaluate(() => {
        window.history.pushState({}, '', '/locations/nulle-part/loc-still-unknown');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.waitForURL('**/dashboard', { timeout: UI_TIMEOUT_MS });
      await page.getByText("La page demandée n'existe pas").waitFor({ timeout: UI_TIMEOUT_MS });
    } finally {
      await context.close();
    }
  });

  it('lets a super user switch customers from the header and stay on the page', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser());
    try {
      await signIn(page, accounts.super);
      await navigation(page);
      const selector = page.getByTestId('customer-selector');
      await selector.waitFor({ timeout: UI_TIMEOUT_MS });
      const current = await selector.inputValue();
      const target = current === 'Ville de Montclair' ? 'Énergie Plus Industries' : 'Ville de Montclair';
      await selector.click();
      await page.getByRole('option', { name: target }).click();
      await page.getByTestId('current-customer').filter({ hasText: target }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(page.url()).toContain('/dashboard');
      expect(await selector.inputValue()).toBe(target);
    } finally {
      await context.close();
    }
  });

  it('gives no customer selector to a customer administrator', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser());
    try {
      await signIn(page, accounts.premiumAdministrator);
      await navigation(page);
      await page.getByTestId('current-customer').waitFor();
      expect(await page.getByTestId('customer-selector').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('shows the API reference to an administrator, drawn from the OpenAPI document, with nothing sent to another site, and not to a member', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser());
    try {
      await signIn(page, accounts.premiumAdministrator);
      const origin = new URL(webUrl()).origin;
      const elsewhere: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        // blob: and data: addresses are the page's own.
        if (url.protocol.startsWith('http') && url.origin !== origin) elsewhere.push(request.url());
      });
      await page.goto(webUrl('/api-docs'));
      const reference = page.getByTestId('api-reference');
      // The title is the document's: Scalar drew the reference from what the API serves.
      await reference.getByText('WattWise API').first().waitFor({ timeout: UI_TIMEOUT_MS });
      // Drawn with the reference, on a local address too: Scalar's agent (which would send it the API's
      // description) and its MCP button (which uploads the document to Scalar's dashboard).
      expect(await page.getByText(/Ask AI/).count()).toBe(0);
      expect(await page.getByText(/Generate MCP|Connect MCP/).count()).toBe(0);
      expect(elsewhere).toEqual([]);
    } finally {
      await context.close();
    }
    const member = await openPage(browser());
    try {
      await signIn(member.page, accounts.premiumMember);
      await member.page.goto(webUrl('/api-docs'));
      await member.page.waitForURL((url) => !url.pathname.startsWith('/api-docs'), { timeout: UI_TIMEOUT_MS });
      expect(await member.page.getByTestId('api-reference').count()).toBe(0);
    } finally {
      await member.context.close();
    }
  });
});
