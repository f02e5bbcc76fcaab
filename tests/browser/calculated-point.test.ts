import { describe, expect, it } from 'vitest';
import { testEnvironment } from '../support/environment';
import { callApi, clickCentered, openPage, signIn, UI_TIMEOUT_MS, useBrowser, webUrl } from './support/browser';

interface SavedPoint {
  _id: string;
  technical_id: string;
  calculation: {
    force_periodicity_reference: boolean;
    periodicity_reference_forced: number | null;
    apply_from: string | null;
    apply_to: string | null;
    optimization_allowed: boolean;
  } | null;
}

const SCREENSHOTS = process.env.WATTWISE_SCREENSHOTS;

describe('calculated point settings', () => {
  const browser = useBrowser();

  it('asks for the forced one-day periodicity degree-days need, and refuses an end of calculation before its start', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser());
    const technicalId = `DJU-${Date.now().toString(36).toUpperCase()}`;
    try {
      // The point lists the screen asks for once a point's panel is open: never the whole list of every point.
      const pointLists: URL[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (/\/api\/(v1\/points(\/get-all-with-locations-name)?|v2\/points\/get-all\/[^/]+)$/.test(url.pathname)) pointLists.push(url);
      });
      await signIn(page, accounts.premiumAdministrator);
      await page.goto(webUrl('/settings/locations_and_points'));
      const tree = page.getByTestId('locations-tree');
      await tree.locator('[data-location-id="loc-grenoble"]').click({ timeout: UI_TIMEOUT_MS });
      pointLists.length = 0;
      await page.getByTestId('add-point').click();
      const panel = page.getByTestId('point-panel');
      await panel.getByRole('textbox', { name: 'Nom' }).first().fill(`Degrés-jours ${technicalId}`);
      await panel.getByRole('textbox', { name: 'ID technique' }).fill(technicalId);
      await clickCentered(panel.getByRole('switch', { name: 'Point calculé' }));
      await clickCentered(panel.getByRole('button', { name: 'Ajouter un point source' }));
      // The picker searches the customer's points on the server: the source is found by its name.
      await clickCentered(panel.getByLabel('Point source'));
      // The option is picked once the search has gone out: the first page, unfiltered, may list it already.
      const searched = page.waitForRequest((request) => new URL(request.url()).searchParams.get('q') === 'Température atelier', { timeout: UI_TIMEOUT_MS });
      await panel.getByLabel('Point source').fill('Température atelier');
      await searched;
      await page.getByRole('option', { name: /Température atelier/ }).click();
      expect(pointLists.some((url) => url.searchParams.get('q') === 'Température atelier')).toBe(true);
      expect(pointLists.filter((url) => !url.searchParams.has('limit')).map((url) => url.pathname)).toEqual([]);
      await panel.getByLabel('Formule', { exact: true }).fill('degree_days(A, 18)');

      // Ten-minute periodicity: degree-days are refused until the step is forced to one day.
      const validity = panel.getByTestId('formula-validity');
      await validity.getByText('Formule invalide').waitFor();
      await panel.getByText(/les degrés-jours exigent une périodicité forcée à 1 jour/).waitFor();
      const settings = panel.getByTestId('calculation-settings');
      await clickCentered(settings.getByRole('switch', { name: 'Forcer la périodicité de référence' }));
      await settings.getByLabel('Périodicité forcée').waitFor();
      expect(await settings.getByLabel('Périodicité forcée').inputValue()).toBe('1 jour');
      await validity.getByText('Formule valide').waitFor();
      if (SCREENSHOTS) {
        await settings.evaluate((element) => element.scrollIntoView({ block: 'center' }));
        await page.screenshot({ path: `${SCREENSHOTS}/calculation-settings.png` });
      }

      // Reversed application dates: said next to the field, nothing saved.
      // Typed day first on a 24-hour clock (dd/MM/yyyy HH:mm), whatever the browser's locale.
      await settings.getByLabel('Appliquer à partir du').fill('01/03/2026 00:00');
      await settings.getByLabel("Appliquer jusqu'au").fill('01/01/2026 00:00');
      await page.keyboard.press('Escape');
      await clickCentered(panel.getByRole('button', { name: 'Enregistrer' }));
      await settings.getByText('La fin du calcul doit être postérieure à son début').waitFor();
      const before = (await callApi<SavedPoint[]>(page, 'GET', '/api/v1/points')).map((point) => point.technical_id);
      expect(before).not.toContain(technicalId);

      // A past end (spec 3 §9: no date picker goes beyond today).
      await settings.getByLabel("Appliquer jusqu'au").fill('31/10/2026 23:00');
      await page.keyboard.press('Escape');
      expect(await settings.getByLabel('Appliquer à partir du').inputValue()).toBe('01/03/2026 00:00');
      await clickCentered(settings.getByRole('switch', { name: 'Ne recalculer que les jours touchés par de nouvelles données sources' }));
      await clickCentered(panel.getByRole('button', { name: 'Enregistrer' }));
      await page.getByText('Calcul lancé', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });

      const saved = (await callApi<SavedPoint[]>(page, 'GET', '/api/v1/points')).find((point) => point.technical_id === technicalId)!;
      await callApi(page, 'DELETE', `/api/v1/points/${saved._id}`);
      // Grenoble follows Europe/Paris: the dates typed are read in its winter offset.
      expect(saved.calculation).toMatchObject({
        force_periodicity_reference: true,
        periodicity_reference_forced: 86400,
        apply_from: '2026-03-01T00:00:00+01:00',
        apply_to: '2026-10-31T23:00:00+01:00',
        optimization_allowed: false,
      });
    } finally {
      await context.close();
    }
  });
});
