import { describe, expect, it } from 'vitest';
import { testEnvironment } from '../support/environment';
import { callApi, clickCentered, useBrowser, navigation, openPage, signIn, UI_TIMEOUT_MS, webUrl } from './support/browser';

const SCREENSHOTS = process.env.WATTWISE_SCREENSHOTS;

describe('locations and points settings', () => {
  const browser = useBrowser();

  it('lets an administrator create a location under Siège Lyon, then a point in it, and refuses a duplicate technical id', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser());
    const suffix = Date.now().toString(36).toUpperCase();
    const locationName = `Bâtiment test ${suffix}`;
    const pointName = `Compteur test ${suffix}`;
    try {
      await signIn(page, accounts.premiumAdministrator);
      // A data source the new point will name as where its values come from.
      const source = await callApi<{ _id: string; name: string }>(page, 'POST', '/api/v1/sources/custom', { name: `Source ${suffix}`, type: 'custom' });
      const menu = await navigation(page);
      await menu.getByText('Paramètres', { exact: true }).click();
      await menu.getByText('Sites et points', { exact: true }).click();
      await page.waitForURL('**/settings/locations_and_points', { timeout: UI_TIMEOUT_MS });

      const tree = page.getByTestId('locations-tree');
      await tree.getByText('Tous les sites', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await tree.getByText('Points sans site', { exact: true }).isVisible()).toBe(true);
      // Every point of the customer is listed under 'all locations'.
      const table = page.getByTestId('points-table');
      await table.getByText('Index électricité TGBT', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await table.getByText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/).count()).toBeGreaterThan(0);
      // Hidden locations are offered to administrators, greyed.
      expect(await tree.getByText('Ancien entrepôt', { exact: true }).isVisible()).toBe(true);
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/settings-all.png` });

      // 'Siège Lyon' is shown by its denomination.
      await tree.locator('[data-location-id="loc-lyon"]').click();
      await page.getByTestId('selection-label').getByText('Siège social — Lyon').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByTestId('add-location').click();
      const locationPanel = page.getByTestId('location-panel');
      await locationPanel.getByText('Nouveau site', { exact: true }).waitFor();
      await locationPanel.getByRole('textbox', { name: 'Nom', exact: false }).first().fill(locationName);
      await locationPanel.getByRole('textbox', { name: 'Dénomination' }).fill('');
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/settings-new-location.png` });
      await locationPanel.getByRole('button', { name: 'Enregistrer' }).click();
      await page.getByText('Site enregistré', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });

      // The new location sits in the tree under Siège Lyon, and is now the selection.
      const created = tree.getByText(locationName, { exact: true });
      await created.waitFor({ timeout: UI_TIMEOUT_MS });
      const createdId = await tree.locator('[data-location-id]', { hasText: locationName }).getAttribute('data-location-id');
      expect(createdId).toBeTruthy();
      const savedTree = await callApi<{ _id: string; children: { _id: string }[] }[]>(page, 'GET', '/api/v2/locations');
      const lyonChildren = savedTree.find((node) => node._id === 'loc-lyon')?.children.map((child) => child._id) ?? [];
      expect(lyonChildren).toContain(createdId);
      // The navigation's locations follow: Siège Lyon's branch, opened, holds it.
      const lyonToggle = page.getByTestId('navigation').locator('[data-location-toggle="loc-lyon"]');
      if ((await lyonToggle.getAttribute('aria-expanded')) === 'false') await lyonToggle.click();
      const inNavigation = page.getByTestId('navigation').locator(`[data-location-id="${createdId}"]`);
      await inNavigation.waitFor({ state: 'attached', timeout: UI_TIMEOUT_MS });
      await page.getByTestId('selection-label').getByText(locationName).waitFor({ timeout: UI_TIMEOUT_MS });

      // A change saved while the list of locations is held: Siège Lyon, chosen meanwhile, stays chosen once the save ends.
      const locations = '**/api/v2/locations';
      let releaseLocations = () => {};
      const locationsHeld = new Promise<void>((resolve) => (releaseLocations = resolve));
      await page.route(locations, async (route) => {
        if (route.request().method() === 'GET') await locationsHeld;
        await route.continue();
      });
      // The unfolded form is the new location's (its name filled in) before it is changed.
      await locationPanel.getByRole('button', { name: 'Déplier' }).click();
      await expect.poll(() => locationPanel.getByRole('textbox', { name: 'Nom', exact: false }).first().inputValue(), { timeout: UI_TIMEOUT_MS }).toBe(locationName);
      await locationPanel.getByRole('button', { name: 'Replier' }).waitFor({ timeout: UI_TIMEOUT_MS });
      const surface = locationPanel.getByRole('textbox', { name: 'Surface' });
      await surface.fill('1200');
      await expect.poll(() => surface.inputValue()).toBe('1 200');
      const locationSaved = page.waitForResponse((response) => response.url().endsWith('/api/v2/locations') && response.request().method() === 'PUT');
      await locationPanel.getByRole('button', { name: 'Enregistrer' }).click();
      await locationSaved;
      await tree.locator('[data-location-id="loc-lyon"]').click();
      await page.getByTestId('selection-label').getByText('Siège social — Lyon').waitFor({ timeout: UI_TIMEOUT_MS });
      releaseLocations();
      // The save button spins until the save has ended, in the same drawing as what its end changes (folded away with Lyon's form).
      await locationPanel.locator('button[type="submit"]:not([data-loading])').waitFor({ state: 'attached', timeout: UI_TIMEOUT_MS });
      await page.unroute(locations);
      expect(await page.getByTestId('selection-label').textContent()).toBe('Siège social — Lyon');
      await tree.locator(`[data-location-id="${createdId}"]`).click();
      await page.getByTestId('selection-label').getByText(locationName).waitFor({ timeout: UI_TIMEOUT_MS });

      // A point in the new location.
      await page.getByTestId('add-point').click();
      const pointPanel = page.getByTestId('point-panel');
      await pointPanel.getByText('Nouveau point', { exact: true }).waitFor();
      await pointPanel.getByRole('textbox', { name: 'Nom' }).first().fill(pointName);
      await pointPanel.getByRole('textbox', { name: 'ID technique' }).fill(`TEST-${suffix}`);
      await pointPanel.getByRole('combobox', { name: 'Source de données' }).click();
      await page.getByRole('option', { name: `Source ${suffix} (Personnalisée)` }).click();
      // The selection's points, which the save refreshes before it opens the saved point, are held until a new point is opened.
      const selectionPoints = (url: URL) => url.pathname.startsWith('/api/v2/points/get-all/');
      let releaseSelectionPoints = () => {};
      const selectionPointsHeld = new Promise<void>((resolve) => (releaseSelectionPoints = resolve));
      await page.route(selectionPoints, async (route) => {
        await selectionPointsHeld;
        await route.continue();
      });
      await pointPanel.getByRole('button', { name: 'Enregistrer' }).click();
      await page.getByText('Point enregistré', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });

      // A second point, opened before the save's refresh is done: the form starts empty, and the save's late end leaves it open.
      await page.getByTestId('add-point').click();
      await pointPanel.getByText('Nouveau point', { exact: true }).waitFor();
      const nameField = pointPanel.getByRole('textbox', { name: 'Nom' }).first();
      await expect.poll(() => nameField.inputValue()).toBe('');
      const selectionPointsRefreshed = page.waitForResponse((response) => selectionPoints(new URL(response.url())));
      releaseSelectionPoints();
      await selectionPointsRefreshed;
      await page.unroute(selectionPoints);
      await table.getByText(pointName, { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      const savedPoint = (await callApi<{ name: string; source: string | null }[]>(page, 'GET', '/api/v1/points')).find((point) => point.name === pointName);
      expect(savedPoint?.source).toBe(source._id);
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/settings-point-saved.png` });
      await pointPanel.getByText('Nouveau point', { exact: true }).waitFor();
      expect(await nameField.inputValue()).toBe('');
      // Its technical id exists already: refused while typing, and by the server.
      await nameField.fill(`${pointName} bis`);
      await pointPanel.getByRole('textbox', { name: 'ID technique' }).fill('ELEC-LYON-A-001');
      await pointPanel.getByText('ID technique déjà existant', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await pointPanel.getByText('Nouveau point', { exact: true }).isVisible()).toBe(true);
      expect(await nameField.inputValue()).toBe(`${pointName} bis`);
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/settings-duplicate.png` });
      await pointPanel.getByRole('button', { name: 'Enregistrer' }).click();
      expect(await table.getByText(`${pointName} bis`, { exact: true }).count()).toBe(0);
      await pointPanel.getByRole('button', { name: 'Annuler' }).click();

      // Clean up through the screen: the point, then the location (its confirmation says what becomes of its contents).
      await table.getByRole('checkbox', { name: pointName }).check();
      await page.getByTestId('bulk-actions').click();
      await page.getByRole('menuitem', { name: 'Supprimer' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
      await page.getByText('Suppression terminée', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await table.getByText(pointName, { exact: true }).waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });

      const locationPanelAgain = page.getByTestId('location-panel');
      await locationPanelAgain.getByRole('button', { name: 'Supprimer le site' }).click();
      const confirmation = page.getByRole('dialog');
      await confirmation.getByText('Ses sous-sites remonteront sous le site parent « Siège social — Lyon ».').waitFor();
      await confirmation.getByText(/ceux qui n'ont plus aucun site apparaîtront dans « Points sans site »/).waitFor();
      await confirmation.getByRole('button', { name: 'Supprimer' }).click();
      await page.getByText(/^Site supprimé/).waitFor({ timeout: UI_TIMEOUT_MS });
      await created.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      await inNavigation.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      await callApi(page, 'DELETE', `/api/v1/sources/${source._id}`);
    } finally {
      await context.close();
    }
  });

  it('adds a baseline to a point with the spec rules: period and value required, no duplicate period', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser());
    try {
      await signIn(page, accounts.premiumAdministrator);
      await page.goto(webUrl('/settings/locations_and_points'));
      const table = page.getByTestId('points-table');
      await table.getByText('Compteur eau froide', { exact: true }).click({ timeout: UI_TIMEOUT_MS });
      const editor = page.getByTestId('point-panel').getByTestId('ipmvp-editor');
      await editor.waitFor({ timeout: UI_TIMEOUT_MS });
      const date = `20${Date.now() % 90 + 10}`;
      await editor.getByTestId('ipmvp-date').fill(date);
      await clickCentered(editor.getByTestId('ipmvp-add'));
      await editor.getByText('La période et la valeur de la référence sont obligatoires').waitFor();

      await editor.getByTestId('ipmvp-value').fill('1200');
      await clickCentered(editor.getByTestId('ipmvp-add'));
      await editor.getByRole('cell', { name: date }).waitFor();
      await editor.getByTestId('ipmvp-date').fill(date);
      await editor.getByTestId('ipmvp-value').fill('1300');
      await clickCentered(editor.getByTestId('ipmvp-add'));
      await editor.getByText('Une référence ou un objectif existe déjà pour cette période').waitFor();

      await page.getByTestId('point-panel').getByRole('button', { name: 'Enregistrer' }).click();
      await page.getByText('Point enregistré', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      const points = await callApi<{ _id: string; baselines: { baseline_period_date: string; baseline_calculation: string; value: number }[] }[]>(page, 'GET', '/api/v1/points');
      const saved = points.find((point) => point._id === 'pt-water-counter')?.baselines;
      expect(saved).toContainEqual(expect.objectContaining({ baseline_period_date: date, baseline_calculation: 'avg', value: 1200 }));
    } finally {
      await context.close();
    }
  });

  it('refuses a deletion that ends before it starts, confirms a range in dd/MM/yyyy, and asks for the name before deleting a whole series', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser());
    const suffix = Date.now().toString(36).toUpperCase();
    const pointName = `Compteur à vider ${suffix}`;
    try {
      await signIn(page, accounts.premiumAdministrator);
      const point = await callApi<{ _id: string }>(page, 'POST', '/api/v1/points', {
        name: pointName, technical_id: `DEL-${suffix}`, resource: 'water', series_type: 'counter', unit: 'm³', location: ['loc-grenoble'],
      });
      const values = ['2026-03-09T10:00:00Z', '2026-03-10T10:00:00Z', '2026-03-11T10:00:00Z', '2026-03-20T10:00:00Z'];
      await callApi(page, 'POST', '/api/v1/data', { data: values.map((date, index) => ({ point: point._id, date, value: index + 1 })) });
      const deletions: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'DELETE' && request.url().includes('/api/v2/data/')) deletions.push(request.url());
      });

      await page.goto(webUrl('/settings/locations_and_points?location=loc-grenoble'));
      await page.getByTestId('points-table').getByText(pointName, { exact: true }).click({ timeout: UI_TIMEOUT_MS });
      const deletion = page.getByTestId('point-panel').getByTestId('data-deletion');
      await deletion.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      // No date after today (spec 3 §9): a typed one is not taken.
      await deletion.getByLabel('Au (inclus)').fill('31/12/2099');
      await page.keyboard.press('Tab');
      expect(await deletion.getByLabel('Au (inclus)').inputValue()).toBe('');
      await deletion.getByLabel('Du (inclus)').fill('10/03/2026');
      await deletion.getByLabel('Au (inclus)').fill('09/03/2026');
      await page.keyboard.press('Escape');
      await deletion.getByText('La date de fin doit être postérieure ou égale à la date de début').waitFor();
      const button = deletion.getByRole('button', { name: 'Supprimer les valeurs' });
      expect(await button.isDisabled()).toBe(true);
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/data-deletion-refused.png` });

      await deletion.getByLabel('Au (inclus)').fill('11/03/2026');
      await page.keyboard.press('Escape');
      await button.click();
      const rangeDialog = page.getByRole('dialog');
      await rangeDialog.getByText(`Supprimer les valeurs de « ${pointName} » de 10/03/2026 à 11/03/2026 (00:00 à 23:59) ?`).waitFor();
      await rangeDialog.getByRole('button', { name: 'Supprimer' }).click();
      await page.getByText('2 valeurs supprimées', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(deletions).toEqual([expect.stringMatching(/\/2026-03-10\/2026-03-11$/)]);

      await page.getByText('2 valeurs supprimées', { exact: true }).waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });

      // Both dates empty: the whole series, after a red warning and the point's name typed back.
      await deletion.getByLabel('Du (inclus)').fill('');
      await deletion.getByLabel('Au (inclus)').fill('');
      await page.keyboard.press('Escape');
      await button.click();
      const wholeSeries = page.getByTestId('whole-series-confirmation');
      await wholeSeries.getByText(`Ceci supprimera TOUTES les valeurs de « ${pointName} »`).waitFor();
      const confirm = wholeSeries.getByRole('button', { name: 'Supprimer toutes les valeurs' });
      expect(await confirm.isDisabled()).toBe(true);
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/data-deletion-whole-series.png` });
      await wholeSeries.getByRole('textbox').fill(pointName);
      await confirm.click();
      await page.getByText('2 valeurs supprimées', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(deletions).toHaveLength(2);
      expect(deletions[1]).toMatch(/\/none\/none$/);
      await callApi(page, 'DELETE', `/api/v1/points/${point._id}`);
    } finally {
      await context.close();
    }
  });

  it('keeps the point form usable on a 390 px phone, its title in view when it opens', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    try {
      await signIn(page, accounts.premiumAdministrator);
      await page.goto(webUrl('/settings/locations_and_points'));
      await page.getByTestId('points-table').getByText('Compteur eau froide', { exact: true }).click({ timeout: UI_TIMEOUT_MS });
      const panel = page.getByTestId('point-panel');
      const name = panel.getByRole('textbox', { name: 'Nom' }).first();
      await name.waitFor({ timeout: UI_TIMEOUT_MS });
      // The panel scrolls into view below the fixed header.
      await expect
        .poll(async () => (await panel.getByText('Compteur eau froide', { exact: true }).first().boundingBox())?.y ?? -1, { timeout: 5_000 })
        .toBeGreaterThanOrEqual(60);
      const header = await page.locator('header').first().boundingBox();
      const title = await panel.getByText('Compteur eau froide', { exact: true }).first().boundingBox();
      expect(title!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/point-panel-390.png` });
      // Fields are stacked, each nearly the panel's width.
      for (const label of ['Nom', 'ID technique', 'Unité', 'Périodicité']) {
        const box = await panel.getByLabel(new RegExp(`^${label}`)).first().boundingBox();
        expect(box!.width, label).toBeGreaterThan(250);
      }
    } finally {
      await context.close();
    }
  });

  it('keeps the locations tree in view beside a long point form on a wide screen', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser(), { width: 1440, height: 900 });
    try {
      await signIn(page, accounts.premiumAdministrator);
      await page.goto(webUrl('/settings/locations_and_points'));
      await page.getByTestId('points-table').getByText('Compteur eau froide', { exact: true }).click({ timeout: UI_TIMEOUT_MS });
      await page.getByTestId('point-panel').getByTestId('data-deletion').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBeGreaterThan(300);
      const tree = await page.getByTestId('locations-tree').boundingBox();
      expect(tree!.y).toBeGreaterThanOrEqual(60);
      expect(tree!.y).toBeLessThan(900);
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/settings-scrolled-1440.png` });
    } finally {
      await context.close();
    }
  });

  it('does not offer the screen to a member of the basic customer', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser());
    try {
      await signIn(page, accounts.basicMember);
      const menu = await navigation(page);
      await menu.getByText('Tableau de bord', { exact: true }).waitFor();
      const settings = menu.getByText('Paramètres', { exact: true });
      if ((await settings.count()) > 0) await settings.click();
      expect(await menu.getByText('Sites et points', { exact: true }).count()).toBe(0);

      await page.goto(webUrl('/settings/locations_and_points'));
      await page.waitForURL('**/dashboard', { timeout: UI_TIMEOUT_MS });
    } finally {
      await context.close();
    }
  });
});
