import { describe, expect, it } from 'vitest';
import { testEnvironment } from '../support/environment';
import { eventually } from '../support/eventually';
import { callApi, openPage, signIn, UI_TIMEOUT_MS, useBrowser, webUrl } from './support/browser';

interface SavedPoint {
  _id: string;
  name: string;
  location: string[];
  hide_on_maplytics: boolean;
}

describe('bulk actions on points', () => {
  const browser = useBrowser();

  it('hides selected points on the map, moves them to another location, then merges them into a third', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser());
    const suffix = Date.now().toString(36).toUpperCase();
    const names = ['Sous-compteur A', 'Sous-compteur B', 'Compteur principal'].map((name) => `${name} ${suffix}`);
    try {
      await signIn(page, accounts.premiumAdministrator);
      const created: SavedPoint[] = [];
      for (const [index, name] of names.entries()) {
        created.push(
          await callApi<SavedPoint>(page, 'POST', '/api/v1/points', {
            name,
            technical_id: `BULK-${suffix}-${index}`,
            resource: 'electricity',
            series_type: 'index',
            unit: 'kWh',
            location: ['loc-grenoble'],
          }),
        );
      }
      const [first, second, target] = created;
      // One value on a source, so the merge has something to carry.
      await callApi(page, 'POST', '/api/v1/data', { point: first._id, date: '2026-06-01T10:00:00+02:00', value: 4321 });

      await page.goto(webUrl('/settings/locations_and_points'));
      const tree = page.getByTestId('locations-tree');
      await tree.locator('[data-location-id="loc-grenoble"]').click();
      const table = page.getByTestId('points-table');
      await table.getByText(names[0], { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });

      // Hide on map, in bulk.
      await table.getByRole('checkbox', { name: names[0] }).check();
      await table.getByRole('checkbox', { name: names[1] }).check();
      await page.getByTestId('bulk-actions').click();
      await page.getByRole('menuitem', { name: 'Masquer sur la carte' }).click();
      await page.getByText('2 points masqués sur la carte', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      const hidden = await callApi<SavedPoint[]>(page, 'GET', '/api/v1/points');
      expect(hidden.filter((point) => [first._id, second._id].includes(point._id)).map((point) => point.hide_on_maplytics)).toEqual([true, true]);
      expect(hidden.find((point) => point._id === target._id)?.hide_on_maplytics).toBe(false);

      // Move both to Lyon A.
      await page.getByTestId('bulk-actions').click();
      await page.getByRole('menuitem', { name: 'Déplacer vers un site…' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Site de destination').click();
      await page.getByRole('option', { name: /Bâtiment A/ }).first().click();
      await dialog.getByRole('button', { name: 'Déplacer' }).click();
      await page.getByText('2 points déplacés', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await table.getByText(names[0], { exact: true }).waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      const moved = await callApi<SavedPoint[]>(page, 'GET', '/api/v1/points');
      expect(moved.find((point) => point._id === first._id)?.location).toEqual(['loc-lyon-a']);
      expect(moved.find((point) => point._id === second._id)?.location).toEqual(['loc-lyon-a']);

      // Merge them into the third point, from 'all locations'.
      await tree.getByText('Tous les sites', { exact: true }).click();
      await table.getByRole('checkbox', { name: names[0] }).check({ timeout: UI_TIMEOUT_MS });
      await table.getByRole('checkbox', { name: names[1] }).check();
      await page.getByTestId('bulk-actions').click();
      await page.getByRole('menuitem', { name: 'Fusionner dans…' }).click();
      await dialog.getByLabel('Point de destination').fill(names[2]);
      await page.getByRole('option', { name: new RegExp(names[2]) }).click();
      await dialog.getByText(/supprimés/).waitFor();
      await dialog.getByRole('button', { name: 'Fusionner' }).click();
      await page.getByText('Fusion lancée : elle peut prendre plusieurs minutes', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      // The job pushes its progress; the sources leave the table when it is done.
      await table.getByText(names[0], { exact: true }).waitFor({ state: 'detached', timeout: 60_000 });
      await table.getByText(names[1], { exact: true }).waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      const series = await eventually(
        () =>
          callApi<{ series: { values: (number | null)[] }[] }>(page, 'POST', '/api/v1/series/query', {
            points: [{ point: target._id, calculation: 'last' }],
            sampling: 'day',
            period_type: 'dateToDate',
            period: 'day',
            start: '2026-06-01T00:00:00+02:00',
            end: '2026-06-02T00:00:00+02:00',
          }),
        (answer) => answer?.series[0]?.values[0] === 4321,
      );
      expect(series.series[0].values[0]).toBe(4321);
      await callApi(page, 'DELETE', `/api/v1/points/${target._id}`);
    } finally {
      await context.close();
    }
  });
});
