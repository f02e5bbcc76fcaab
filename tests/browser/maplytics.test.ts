import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Alert } from '@shared/schemas/alert';
import type { MaplyticsAnswer } from '@shared/schemas/maplytics';
import { api, login } from '../support/api';
import { testEnvironment } from '../support/environment';
import { eventually } from '../support/eventually';
import { runScheduledJob } from '../support/scheduled-job';
import { callApi, keepScreenshot, navigation, openPage, signIn, signInIn, UI_TIMEOUT_MS, useBrowser, webUrl } from './support/browser';

/**
 * Sites of their own far from the demo's (Brittany and the Atlantic coast), so that their markers
 * stand apart on the map: one per colour band, and one whose alert is not acquitted.
 */
interface Site {
  id: string;
  name: string;
  colour: 'green' | 'yellow' | 'red' | 'blue';
}

let admin: string;
const sites: Site[] = [];
let alerting: Site;
let pointNames: string[] = [];

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 6)}`;
const lastMonth = () => DateTime.now().setZone('Europe/Paris').startOf('month').minus({ days: 15 }).toUTC().toISO()!;

const createSite = async (name: string, lat: number, lng: number, surface: number | null) => {
  const answer = await api<{ _id: string }>('POST', '/api/v2/locations', { token: admin, body: { name, surface, coordinates: { location: { lat, lng } } } });
  expect(answer.status).toBe(200);
  return answer.body.data!._id;
};

const createMeter = async (location: string, name: string, kwh: number | null, fields: Record<string, unknown> = {}) => {
  const answer = await api<{ _id: string }>('POST', '/api/v1/points', {
    token: admin,
    body: { name, technical_id: `MAP-WEB-${randomUUID().slice(0, 8)}`, resource: 'electricity', series_type: 'counter', unit: 'kWh', location: [location], ...fields },
  });
  expect(answer.status).toBe(200);
  const id = answer.body.data!._id;
  if (kwh !== null) await api('POST', '/api/v1/data', { token: admin, body: { data: [{ point: id, date: lastMonth(), value: kwh }] } });
  return id;
};

const markerOf = (page: Page, site: Site): Locator => page.locator(`[data-testid="map-marker"][data-location-id="${site.id}"]`);

const centreOf = async (locator: Locator) => {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

/**
 * Every site of the map has its entry in the list of sites (beside the map, under it on a phone),
 * which draws the entries in view and finds a site by name: a demo site in Lyon chosen there with
 * the keyboard is selected and shown at a site's zoom (where no cluster hides it), where the bundled
 * basemap (the only one this machine can load) names Lyon beside it.
 */
const reachesLyonFromTheList = async (page: Page) => {
  // The basemap comes under the markers once they are drawn.
  await expect.poll(() => page.getByTestId('maplytics-map').getAttribute('data-basemap'), { timeout: UI_TIMEOUT_MS }).toBe('bundled');
  const { markers } = await callApi<MaplyticsAnswer>(page, 'GET', '/api/v1/maplytics');
  const list = page.getByTestId('site-list');
  // Other files' tests may add sites meanwhile: the list holds at least these tests' own and the demo's, and at most what the API now answers.
  const listed = Number(await list.getByTestId('site-list-count').getAttribute('data-total'));
  expect(listed).toBeGreaterThanOrEqual(sites.length + 5);
  expect(listed).toBeLessThanOrEqual(markers.length);
  const lyon = markers.find((marker) => marker.location_id.startsWith('loc-lyon') && marker.latitude > 45.7 && marker.latitude < 45.8 && marker.longitude > 4.78 && marker.longitude < 4.9)!;
  expect(lyon).toBeDefined();
  await list.getByTestId('site-list-search').fill(lyon.title);
  const entry = list.locator(`[data-testid="site-list-entry"][data-location-id="${lyon.location_id}"]`);
  await entry.focus({ timeout: UI_TIMEOUT_MS });
  await page.keyboard.press('Enter');
  const pin = page.locator(`[data-testid="map-marker"][data-location-id="${lyon.location_id}"]`);
  await expect.poll(() => pin.getAttribute('data-selected'), { timeout: UI_TIMEOUT_MS }).toBe('true');
  expect(page.url()).toContain(`location=${lyon.location_id}`);
  const name = page.locator('[data-testid="map-place"]', { hasText: /^Lyon$/ });
  await expect.poll(() => name.count(), { timeout: UI_TIMEOUT_MS }).toBe(1);
  // Near the site: a few kilometres at that zoom, well inside the map.
  await expect
    .poll(async () => {
      const [a, b] = await Promise.all([centreOf(pin), centreOf(name)]);
      return Math.hypot(a.x - b.x, a.y - b.y);
    }, { timeout: UI_TIMEOUT_MS })
    .toBeLessThan(120);
};

beforeAll(async () => {
  admin = (await login('premiumAdministrator')).user.jwt;
  const suffix = randomUUID().slice(0, 4);
  const plan = [
    { name: `Agence Rennes ${suffix}`, lat: 48.111, lng: -1.68, surface: 100, kwh: 1200, colour: 'green' },
    { name: `Entrepôt Nantes ${suffix}`, lat: 47.218, lng: -1.554, surface: 100, kwh: 3500, colour: 'yellow' },
    { name: `Usine Brest ${suffix}`, lat: 48.39, lng: -4.486, surface: 100, kwh: 9900, colour: 'red' },
    { name: `Dépôt La Rochelle ${suffix}`, lat: 46.16, lng: -1.151, surface: null, kwh: 500, colour: 'blue' },
  ] as const;
  for (const entry of plan) {
    const id = await createSite(entry.name, entry.lat, entry.lng, entry.surface);
    await createMeter(id, unique('Compteur général'), entry.kwh);
    sites.push({ id, name: entry.name, colour: entry.colour });
  }
  const brest = sites[2];
  // Brest: a second meter shown, one left out of maplytics, and an alert on a point without data
  // (its run logs an entry to acquit: the marker blinks).
  const watched = await createMeter(brest.id, unique('Température four'), null, { resource: 'temperature', series_type: 'measure', unit: '°C' });
  await createMeter(brest.id, unique('Compteur caché'), 100, { hide_on_maplytics: true });
  const alert = await api<Alert>('POST', '/api/v1/alerts', {
    token: admin,
    body: { alert: { name: unique('Four'), points: [{ point: watched }], sampling: 'hour', cron_time: '0 0 1 1 *', conditions: [[{ from_calculation: 'avg', operation: 'gt', to_value: 300 }]], email: { to: ['four@energie-plus.example'], cc: [], bcc: [] } } },
  });
  expect(alert.status).toBe(200);
  expect(await runScheduledJob({ kind: 'alert', id: alert.body.data!._id, customerId: testEnvironment().customers.premium })).toMatchObject({ outcome: 'missing_data' });
  alerting = brest;
  const listed = await api<{ name: string; hide_on_maplytics: boolean }[]>('GET', `/api/v1/locations/points/${brest.id}`, { token: admin });
  pointNames = listed.body.data!.filter((point) => !point.hide_on_maplytics).map((point) => point.name);
  // The rollups of the written values come through the series stream: wait for the ratings.
  const rated = await eventually(
    async () => (await api<MaplyticsAnswer>('GET', '/api/v1/maplytics', { token: admin })).body.data!.markers,
    (markers) => sites.every((site) => markers.some((marker) => marker.location_id === site.id && (site.colour === 'blue' || marker.absolute_energy_rating !== null))),
  );
  expect(rated.find((marker) => marker.location_id === brest.id)).toMatchObject({ absolute_energy_rating: 99, alerts_found: 1 });
});

describe('maplytics', () => {
  const browser = useBrowser();

  it('shows the sites in their rating colours, blinks the one with an alert and opens its points (1440 px, French)', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser(), { width: 1440, height: 900 });
    try {
      await signIn(page, accounts.premiumAdministrator);
      const menu = await navigation(page);
      await menu.getByText('Maplytics', { exact: true }).click();
      await page.waitForURL('**/maplytics', { timeout: UI_TIMEOUT_MS });
      await page.locator('[data-testid="maplytics-map"][data-ready="true"]').waitFor({ timeout: UI_TIMEOUT_MS });
      for (const site of sites.filter((candidate) => candidate !== alerting)) {
        await expect.poll(() => markerOf(page, site).getAttribute('data-color'), { timeout: UI_TIMEOUT_MS }).toBe(site.colour);
      }

      // The marker with an alert alternates between its band and violet, its count inside.
      const blinking = markerOf(page, alerting);
      await expect.poll(() => blinking.locator('[data-part="dot"]').textContent(), { timeout: UI_TIMEOUT_MS }).toBe('1');
      const seen = new Set<string | null>();
      await expect
        .poll(
          async () => {
            seen.add(await blinking.getAttribute('data-color'));
            return seen.size;
          },
          { timeout: 5_000, interval: 150 },
        )
        .toBe(2);
      expect([...seen].sort()).toEqual(['red', 'violet']);
      await keepScreenshot(page, 'maplytics-map-1440-fr');

      // Its panel lists the points shown on maplytics, with their figures.
      await blinking.click();
      const panel = page.getByTestId('site-panel');
      await expect.poll(() => panel.getByTestId('site-title').textContent(), { timeout: UI_TIMEOUT_MS }).toBe(alerting.name);
      await expect.poll(() => panel.getByTestId('site-rating').textContent()).toBe('99 kWh/m²/an');
      await expect.poll(() => panel.getByTestId('site-alerts').textContent()).toBe('1 alerte non acquittée');
      await expect.poll(() => panel.getByTestId('maplytics-point').count(), { timeout: UI_TIMEOUT_MS }).toBe(pointNames.length);
      const names = await panel.getByTestId('maplytics-point').evaluateAll((rows) => rows.map((row) => row.querySelector('p')?.textContent ?? ''));
      expect(names.sort()).toEqual([...pointNames].sort());
      expect(page.url()).toContain(`location=${alerting.id}`);
      await page.getByTestId('period').getByText('Année', { exact: true }).click();
      const general = panel.locator('[data-testid="maplytics-point"]', { hasText: 'Compteur général' });
      await expect.poll(() => general.getByTestId('point-value').textContent(), { timeout: UI_TIMEOUT_MS }).toMatch(/^9\s?900 kWh$/);
      await keepScreenshot(page, 'maplytics-panel-1440-fr');

      // A point's detail, then the site's levels saved from its parameter panel.
      await general.getByRole('button', { name: /Compteur général/ }).click();
      await page.getByTestId('point-detail').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByTestId('point-chart').waitFor();
      await keepScreenshot(page, 'maplytics-detail-1440-fr');
      await page.getByRole('button', { name: 'Retour' }).click();
      await page.getByTestId('location-settings-button').click();
      await page.getByTestId('location-settings-panel').getByText('Niveaux propres', { exact: true }).click();
      await page.getByRole('textbox', { name: 'Seuil' }).first().fill('-5');
      await keepScreenshot(page, 'maplytics-site-settings-1440-fr');
      await page.getByTestId('location-settings-save').click();
      await page.getByTestId('site-panel').waitFor({ timeout: UI_TIMEOUT_MS });
      const saved = await callApi<{ location: { maplytics_custom_settings: { levels: { level: string; operation: string; value: number }[] | null } } }>(
        page,
        'GET',
        `/api/v1/points/maplytics/${alerting.id}`,
      );
      expect(saved.location.maplytics_custom_settings.levels?.[0]).toEqual({ level: 'success', operation: 'lte', value: -5 });

      // Back to the list beside the map, which reaches every marker: a Lyon site chosen there is shown where Lyon is named.
      await page.getByTestId('site-panel-close').click();
      await reachesLyonFromTheList(page);
      await keepScreenshot(page, 'maplytics-lyon-1440-fr');
    } finally {
      await context.close();
    }
  });

  it('opens a site from its marker in a sheet from the bottom (390 px, English)', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    try {
      await signInIn(page, accounts.premiumAdministrator, 'en');
      await page.goto(webUrl('/maplytics'));
      await page.locator('[data-testid="maplytics-map"][data-ready="true"]').waitFor({ timeout: UI_TIMEOUT_MS });
      const green = sites[0];
      // Zoomed out over France on a phone, nearby sites are clusters, each showing how many sites it holds.
      await page.getByTestId('map-cluster').first().waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('map-cluster').first().textContent()).toMatch(/^\d+sites/);
      await expect.poll(() => page.getByTestId('maplytics-legend').textContent()).toContain('Not rated');
      await keepScreenshot(page, 'maplytics-map-390-en');
      // Chosen in the list, the site is shown at a site's zoom with its own marker; closed, then pressed on the map.
      await page.getByTestId('site-list').getByTestId('site-list-search').fill(green.name);
      await page.locator(`[data-testid="site-list-entry"][data-location-id="${green.id}"]`).click({ timeout: UI_TIMEOUT_MS });
      await expect.poll(() => markerOf(page, green).getAttribute('data-color'), { timeout: UI_TIMEOUT_MS }).toBe('green');
      await page.getByTestId('maplytics-sheet').getByTestId('site-panel-close').click();
      await expect.poll(() => page.getByTestId('maplytics-sheet').count()).toBe(0);
      // Markers of the demo and of other tests may lie close together at this zoom: the site's own marker is pressed.
      await markerOf(page, green).dispatchEvent('click');
      const sheet = page.getByTestId('maplytics-sheet');
      await sheet.getByTestId('site-panel').waitFor({ timeout: UI_TIMEOUT_MS });
      await expect.poll(() => sheet.getByTestId('site-title').textContent()).toBe(green.name);
      await expect.poll(() => sheet.getByTestId('site-rating').textContent()).toBe('12 kWh/m²/year');
      await expect.poll(() => sheet.getByTestId('maplytics-point').count(), { timeout: UI_TIMEOUT_MS }).toBe(1);
      await expect.poll(() => sheet.getByText('Sliding', { exact: true }).count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await keepScreenshot(page, 'maplytics-sheet-390-en');
      await sheet.getByTestId('site-panel-close').click();
      await expect.poll(() => sheet.count()).toBe(0);

      // The list under the map reaches every marker too.
      await reachesLyonFromTheList(page);
      await sheet.getByTestId('site-panel-close').click();
      await page.evaluate(() => window.scrollTo(0, 0));
      await keepScreenshot(page, 'maplytics-lyon-390-en');
      // A link to a site, its markers held back: the map is created (on the sea) and the list says it loads meanwhile, not once they answered.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/v1/maplytics', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(webUrl(`/maplytics?location=${green.id}`));
      await page.locator('[data-testid="maplytics-map"][data-ready="false"] canvas').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByTestId('site-list').getByText('Loading the sites…', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('site-list-entry').count()).toBe(0);
      release();
      // Ready means drawn: the frame that first says so already shows the sites' markers or clusters.
      const drawnWhenReady = await page.waitForFunction(
        () => (document.querySelector('[data-testid="maplytics-map"][data-ready="true"]') ? { drawn: document.querySelectorAll('[data-testid="map-marker"], [data-testid="map-cluster"]').length } : null),
        undefined,
        { polling: 'raf', timeout: UI_TIMEOUT_MS },
      );
      expect((await drawnWhenReady.jsonValue())!.drawn).toBeGreaterThan(0);
      await page.unroute('**/api/v1/maplytics');
      // The linked site is shown at a site's zoom once the markers come, its sheet open.
      await expect.poll(() => markerOf(page, green).getAttribute('data-selected'), { timeout: UI_TIMEOUT_MS }).toBe('true');
      await expect.poll(() => page.getByTestId('maplytics-sheet').getByTestId('site-title').textContent(), { timeout: UI_TIMEOUT_MS }).toBe(green.name);
    } finally {
      await context.close();
    }
  });

  it("fills a site's coordinates from its address, found through the geocoding provider (1440 px, French)", async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser(), { width: 1440, height: 900 });
    try {
      await signIn(page, accounts.premiumAdministrator);
      await page.goto(webUrl('/settings/locations_and_points'));
      await page.getByTestId('add-location').click();
      const panel = page.getByTestId('location-panel');
      await panel.getByText('Nouveau site', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      const name = unique('Agence Perrache');
      await panel.getByRole('textbox', { name: 'Nom', exact: false }).first().fill(name);
      await panel.getByTestId('location-address').pressSequentially('12 quai perr', { delay: 40 });
      await page.getByRole('option', { name: '12 Quai Perrache 69002 Lyon' }).click({ timeout: UI_TIMEOUT_MS });
      await expect.poll(() => panel.getByRole('textbox', { name: 'Latitude' }).inputValue()).toBe('45.7485');
      expect(await panel.getByRole('textbox', { name: 'Longitude' }).inputValue()).toBe('4.8262');
      await keepScreenshot(page, 'maplytics-address-search-1440-fr');
      await panel.getByRole('button', { name: 'Enregistrer' }).click();
      await page.getByText('Site enregistré', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      type Node = { name: string; address: string | null; coordinates: { location: { lat: number; lng: number }; viewport?: unknown } | null; children: Node[] };
      const flatten = (nodes: Node[]): Node[] => nodes.flatMap((node) => [node, ...flatten(node.children)]);
      const saved = flatten(await callApi<Node[]>(page, 'GET', '/api/v2/locations')).find((location) => location.name === name)!;
      expect(saved).toMatchObject({ address: '12 Quai Perrache 69002 Lyon', coordinates: { location: { lat: 45.7485, lng: 4.8262 } } });
      expect(saved.coordinates!.viewport).toBeTruthy();
    } finally {
      await context.close();
    }
  });
});
