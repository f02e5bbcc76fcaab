import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { MaplyticsAnswer } from '@shared/schemas/maplytics';
import { locationSchema } from '@shared/schemas/location';
import type { User } from '@shared/schemas/user';
import { keys } from '../../functions/src/data/keys';
import { api, login } from '../support/api';
import { entities } from '../support/aws';
import { createTestCustomer, seedUser, tokenOf } from '../support/customers';
import { eventually } from '../support/eventually';
import { callApi, keepScreenshot, navigation, openPage, signIn, signInIn, UI_TIMEOUT_MS, useBrowser, webUrl } from './support/browser';

/**
 * A large customer of the test's own, written straight into the table (an API call per location
 * would cost minutes): 4 regions of 6 cities of 10 buildings over France, 268 locations in all,
 * each building with an address and coordinates. Two buildings are rated through the API: a red
 * one in Ajaccio, a green one in Brest, far from each other and from every other rated site.
 */
const REGIONS: { name: string; cities: { name: string; postcode: string; lat: number; lng: number }[] }[] = [
  {
    name: 'Région Ouest',
    cities: [
      { name: 'Brest', postcode: '29200', lat: 48.39, lng: -4.486 },
      { name: 'Rennes', postcode: '35000', lat: 48.111, lng: -1.68 },
      { name: 'Nantes', postcode: '44000', lat: 47.218, lng: -1.554 },
      { name: 'Angers', postcode: '49000', lat: 47.473, lng: -0.551 },
      { name: 'Tours', postcode: '37000', lat: 47.394, lng: 0.685 },
      { name: 'Caen', postcode: '14000', lat: 49.182, lng: -0.37 },
    ],
  },
  {
    name: 'Région Sud',
    cities: [
      { name: 'Ajaccio', postcode: '20000', lat: 41.919, lng: 8.738 },
      { name: 'Marseille', postcode: '13001', lat: 43.296, lng: 5.37 },
      { name: 'Montpellier', postcode: '34000', lat: 43.611, lng: 3.877 },
      { name: 'Toulouse', postcode: '31000', lat: 43.604, lng: 1.444 },
      { name: 'Bordeaux', postcode: '33000', lat: 44.838, lng: -0.579 },
      { name: 'Nice', postcode: '06000', lat: 43.71, lng: 7.262 },
    ],
  },
  {
    name: 'Région Est',
    cities: [
      { name: 'Strasbourg', postcode: '67000', lat: 48.573, lng: 7.752 },
      { name: 'Metz', postcode: '57000', lat: 49.119, lng: 6.176 },
      { name: 'Dijon', postcode: '21000', lat: 47.322, lng: 5.041 },
      { name: 'Besançon', postcode: '25000', lat: 47.238, lng: 6.024 },
      { name: 'Reims', postcode: '51100', lat: 49.258, lng: 4.032 },
      { name: 'Grenoble', postcode: '38000', lat: 45.188, lng: 5.724 },
    ],
  },
  {
    name: 'Région Nord et Centre',
    cities: [
      { name: 'Lille', postcode: '59000', lat: 50.629, lng: 3.057 },
      { name: 'Amiens', postcode: '80000', lat: 49.894, lng: 2.295 },
      { name: 'Rouen', postcode: '76000', lat: 49.443, lng: 1.1 },
      { name: 'Orléans', postcode: '45000', lat: 47.902, lng: 1.909 },
      { name: 'Clermont-Ferrand', postcode: '63000', lat: 45.777, lng: 3.087 },
      { name: 'Limoges', postcode: '87000', lat: 45.833, lng: 1.262 },
    ],
  },
];
const STREETS = ['rue Pasteur', 'avenue Jean Jaurès', 'rue Victor Hugo', 'place de la République', 'rue des Écoles', 'boulevard Gambetta', 'rue du Moulin', 'allée des Tilleuls', 'rue de la Gare', 'quai des Arts'];
const BUILDINGS_PER_CITY = STREETS.length;
const LOCATIONS = REGIONS.length * (1 + 6 * (1 + BUILDINGS_PER_CITY));
const SITES = REGIONS.length * 6 * BUILDINGS_PER_CITY;

interface Building {
  id: string;
  name: string;
  city: string;
}

let customerId: string;
let admin: { email: string; password: string; customer: null };
let member: { email: string; password: string };
const buildings: Building[] = [];
const cityIds = new Map<string, string>();
let red: Building;
let green: Building;

const buildingOf = (city: string, street: string) => buildings.find((building) => building.city === city && building.name.includes(street.split(' ').at(-1)!))!;

const writeTree = async () => {
  const items: Record<string, unknown>[] = [];
  const put = (fields: Record<string, unknown>) => {
    const location = locationSchema.parse({ customer: customerId, ...fields });
    items.push({ ...keys.location(customerId, location._id), ...keys.locationInList(customerId, location._id), kind: 'location', ...location });
    return location._id;
  };
  REGIONS.forEach((region, regionIndex) => {
    const regionId = put({ _id: `loc-${randomUUID()}`, name: region.name, parent: null, position: regionIndex });
    region.cities.forEach((city, cityIndex) => {
      const cityId = put({ _id: `loc-${randomUUID()}`, name: city.name, parent: regionId, position: cityIndex });
      cityIds.set(city.name, cityId);
      STREETS.forEach((street, index) => {
        const name = `Site ${city.name} ${street.split(' ').at(-1)}`;
        // Within a kilometre or two of the city's centre.
        const lat = city.lat + ((index % 4) - 1.5) * 0.006;
        const lng = city.lng + (Math.floor(index / 4) - 1) * 0.008;
        const id = put({
          _id: `loc-${randomUUID()}`,
          name,
          parent: cityId,
          position: index,
          address: `${index * 3 + 1} ${street}, ${city.postcode} ${city.name}`,
          surface: 100,
          coordinates: { location: { lat, lng } },
        });
        buildings.push({ id, name, city: city.name });
      });
    });
  });
  await entities.putMany(items);
};

const lastMonth = () => DateTime.now().setZone('Europe/Paris').startOf('month').minus({ days: 15 }).toUTC().toISO()!;

/** A meter of the site with its kWh of last month: its rating is that over its 100 m². */
const rate = async (token: string, site: Building, kwh: number) => {
  const created = await api<{ _id: string }>('POST', '/api/v1/points', {
    token,
    body: { name: `Compteur ${site.name}`, technical_id: `LARGE-${randomUUID().slice(0, 8)}`, resource: 'electricity', series_type: 'counter', unit: 'kWh', location: [site.id] },
  });
  expect(created.status).toBe(200);
  const written = await api('POST', '/api/v1/data', { token, body: { data: [{ point: created.body.data!._id, date: lastMonth(), value: kwh }] } });
  expect(written.status).toBe(200);
};

beforeAll(async () => {
  const root = (await login('root')).user.jwt;
  customerId = (await createTestCustomer(root, { is_premium: true }))._id;
  admin = { ...(await seedUser(customerId, 'administrator')), customer: null };
  member = await seedUser(customerId, 'member');
  await writeTree();
  red = buildingOf('Ajaccio', 'rue Pasteur');
  green = buildingOf('Brest', 'rue Pasteur');
  const token = await tokenOf(admin);
  await Promise.all([rate(token, red, 9_900), rate(token, green, 1_200)]);
  // The rollups of the written values come through the series stream: wait for the ratings.
  await eventually(
    async () => (await api<MaplyticsAnswer>('GET', '/api/v1/maplytics', { token })).body.data!.markers,
    (markers) => markers.length === SITES && [red, green].every((site) => markers.some((marker) => marker.location_id === site.id && marker.absolute_energy_rating !== null)),
  );
});

const clustersOf = (page: Page) =>
  page.getByTestId('map-cluster').evaluateAll((elements) =>
    elements.map((element) => ({
      count: Number(element.dataset.count),
      color: element.dataset.color,
      // What it shows (its count over its unit), apart from its spoken name.
      text: ['count', 'unit'].map((part) => element.querySelector(`[data-part="${part}"]`)?.textContent ?? '').join(''),
      label: element.getAttribute('title') ?? '',
    })),
  );

/**
 * The map opens with every site in a cluster or a marker of its own, each cluster showing how many
 * sites it holds and coloured by its worst rating: red holds Ajaccio's rated site, green Brest's,
 * the others none rated. Pressing the red cluster zooms in until the red site has its own marker.
 */
const checkClusteredMap = async (page: Page, unit: string) => {
  const started = Date.now();
  await page.goto(webUrl('/maplytics'));
  await page.locator('[data-testid="maplytics-map"][data-ready="true"]').waitFor({ timeout: UI_TIMEOUT_MS });
  await page.getByTestId('map-cluster').first().waitFor({ timeout: UI_TIMEOUT_MS });
  const openedMs = Date.now() - started;
  const clusters = await clustersOf(page);
  const singles = await page.getByTestId('map-marker').count();
  expect(clusters.reduce((sum, cluster) => sum + cluster.count, 0) + singles).toBe(SITES);
  expect(clusters.length).toBeLessThan(SITES / 4);
  for (const cluster of clusters) expect(cluster.text).toBe(`${cluster.count}${unit}`);
  expect(clusters.filter((cluster) => cluster.color === 'red')).toHaveLength(1);
  expect(clusters.filter((cluster) => cluster.color === 'green')).toHaveLength(1);
  expect(clusters.filter((cluster) => !['red', 'green'].includes(cluster.color!)).every((cluster) => cluster.color === 'blue')).toBe(true);
  const redMarker = page.locator(`[data-testid="map-marker"][data-location-id="${red.id}"]`);
  const redCluster = page.locator('[data-testid="map-cluster"][data-color="red"]');
  const map = page.getByTestId('maplytics-map');
  let held = SITES;
  for (let press = 0; press < 8 && (await redMarker.count()) === 0; press += 1) {
    const count = Number(await redCluster.first().getAttribute('data-count'));
    // Each press splits the red site's cluster into smaller ones.
    expect(count).toBeLessThan(held);
    held = count;
    // The legend may cover it on a phone: the cluster's own button is pressed.
    const zoom = await map.getAttribute('data-zoom');
    await redCluster.first().dispatchEvent('click');
    await expect.poll(async () => (await map.getAttribute('data-moving')) === 'false' && (await map.getAttribute('data-zoom')) !== zoom, { timeout: UI_TIMEOUT_MS }).toBe(true);
    // The clusters are drawn again after the move ends: wait for the red site's own marker or a smaller red cluster
    // (the one drawn before the press may still be there for a frame).
    await expect
      .poll(
        async () => (await redMarker.count()) === 1 || ((await redCluster.count()) === 1 && Number(await redCluster.first().getAttribute('data-count')) < held),
        { timeout: UI_TIMEOUT_MS, message: `after press ${press}: ${JSON.stringify(await clustersOf(page))}, zoom ${await map.getAttribute('data-zoom')}` },
      )
      .toBe(true);
    await expect.poll(async () => (await redMarker.count()) + (await redCluster.count()), { timeout: UI_TIMEOUT_MS }).toBe(1);
  }
  await expect.poll(() => redMarker.getAttribute('data-color'), { timeout: UI_TIMEOUT_MS }).toBe('red');
  return openedMs;
};

/** The list beside (or under) the map draws only the entries in view, and finds a site by its address. */
const findsInSiteList = async (page: Page, search: string, site: Building) => {
  const list = page.getByTestId('site-list');
  expect(await list.getByTestId('site-list-rows').getAttribute('data-virtual')).toBe('true');
  expect(await list.getByTestId('site-list-entry').count()).toBeLessThan(40);
  await list.getByTestId('site-list-search').fill(search);
  await expect.poll(() => list.getByTestId('site-list-entry').count(), { timeout: UI_TIMEOUT_MS }).toBe(1);
  await list.locator(`[data-testid="site-list-entry"][data-location-id="${site.id}"]`).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator(`[data-testid="map-marker"][data-location-id="${site.id}"]`).getAttribute('data-selected'), { timeout: UI_TIMEOUT_MS }).toBe('true');
};

/** The settings tree opens closed, opens a branch at a time, and finds a building by its street and town. */
const searchesSettingsTree = async (page: Page, labels: { expand: string; found: string }) => {
  await page.goto(webUrl('/settings/locations_and_points'));
  const tree = page.getByTestId('locations-tree');
  await page.locator(`[data-testid="locations-tree"][data-size="${LOCATIONS}"]`).waitFor({ timeout: UI_TIMEOUT_MS });
  await expect.poll(() => tree.locator('[data-location-id]').count()).toBe(REGIONS.length);
  await tree.getByRole('button', { name: `${labels.expand} Région Sud`, exact: true }).click();
  await expect.poll(() => tree.locator('[data-location-id]').count()).toBe(REGIONS.length + 6);
  const nice = buildingOf('Nice', 'place de la République');
  await tree.getByTestId('locations-tree-search').fill('république nice');
  await expect.poll(() => tree.getByTestId('locations-tree-search-found').textContent(), { timeout: UI_TIMEOUT_MS }).toBe(labels.found);
  await tree.locator(`[data-location-id="${nice.id}"]`).click();
  await page.waitForURL(`**/settings/locations_and_points?location=${nice.id}`, { timeout: UI_TIMEOUT_MS });
  // Chosen: the search is cleared and the building's branch is open, the building shown.
  await expect.poll(() => tree.locator(`[data-location-id="${nice.id}"]`).getAttribute('aria-current'), { timeout: UI_TIMEOUT_MS }).toBe('true');
  // A search answered by every building: 268 rows, those in view drawn.
  await tree.getByTestId('locations-tree-search').fill('site');
  await expect.poll(() => tree.getByTestId('locations-tree-rows').getAttribute('data-rows'), { timeout: UI_TIMEOUT_MS }).toBe(String(LOCATIONS));
  expect(await tree.locator('[data-location-id]').count()).toBeLessThan(50);
  return tree;
};

/** The member's rights: a city's branch ticked at once and a building found by its address. */
const editsRights = async (page: Page, city: string, site: Building, search: string, labels: { tickBranch: (name: string) => string; ticked: string }) => {
  await page.goto(webUrl('/settings/users'));
  await page.getByTestId('user-row').filter({ hasText: member.email }).getByTestId('user-edit').click();
  // Seeded seeing every location: now only those ticked.
  await page.getByTestId('user-all-locations').uncheck({ timeout: UI_TIMEOUT_MS });
  const rights = page.getByTestId('user-locations');
  await rights.waitFor({ timeout: UI_TIMEOUT_MS });
  expect(await rights.getByTestId('rights-row').count()).toBe(REGIONS.length);
  await rights.getByTestId('user-locations-search').fill(city);
  await rights.getByRole('button', { name: labels.tickBranch(city), exact: true }).click();
  // The region and the city lead to the building found.
  await rights.getByTestId('user-locations-search').fill(search);
  await expect.poll(() => rights.getByTestId('rights-checkbox').count(), { timeout: UI_TIMEOUT_MS }).toBe(3);
  await rights.getByRole('checkbox', { name: site.name, exact: true }).check();
  await page.getByText(labels.ticked, { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
  return rights;
};

/**
 * Manual entry's site picker: every location a choice, those in view drawn; a building found by its
 * street and town (its region and city under it), chosen with the keyboard; then its meter offered.
 */
const picksSiteForManualEntry = async (page: Page, search: string, site: Building, region: string) => {
  await page.goto(webUrl('/manual_entry'));
  const picker = page.getByTestId('manual-entry-location');
  await picker.click({ timeout: UI_TIMEOUT_MS });
  const list = page.getByTestId('manual-entry-location-list');
  await list.getByRole('option').first().waitFor({ timeout: UI_TIMEOUT_MS });
  expect(await list.getByRole('option').count()).toBeLessThan(40);
  await picker.fill(search);
  await expect.poll(() => list.getByRole('option').count(), { timeout: UI_TIMEOUT_MS }).toBe(1);
  await expect.poll(() => list.getByRole('option').textContent()).toBe(`${site.name}${region} › ${site.city}`);
  await keepScreenshot(page, `large-manual-entry-${page.viewportSize()!.width}`);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect.poll(() => picker.inputValue()).toBe(site.name);
  const points = page.locator('[data-testid="manual-entry-point"]:not([disabled])');
  await points.click({ timeout: UI_TIMEOUT_MS });
  await page.getByRole('option', { name: `Compteur ${site.name}`, exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
};

const savedRights = async (page: Page) => {
  const userId = await page.getByTestId('user-row').filter({ hasText: member.email }).getAttribute('data-user-id');
  return (await callApi<User>(page, 'GET', `/api/v1/users/${userId}`)).allowed_locations;
};

describe('a large customer’s trees and map', () => {
  const browser = useBrowser();

  it('finds a site among the trees, clusters the map by worst rating and edits rights in a tree (1440 px, French)', async () => {
    const { context, page } = await openPage(browser(), { width: 1440, height: 900 });
    try {
      await signIn(page, admin);

      // The navigation tree: regions only, and a search that opens the way to a building.
      const menu = await navigation(page);
      await expect.poll(() => menu.locator('[data-location-id]').count(), { timeout: UI_TIMEOUT_MS }).toBe(REGIONS.length);
      const caen = buildingOf('Caen', 'rue de la Gare');
      await menu.getByTestId('menu-locations-search').fill('gare caen');
      await menu.locator(`[data-location-id="${caen.id}"]`).click();
      await page.waitForURL(`**/locations/*/${caen.id}`, { timeout: UI_TIMEOUT_MS });
      await expect.poll(() => menu.locator(`[data-location-id="${caen.id}"]`).getAttribute('data-active')).not.toBeNull();
      await keepScreenshot(page, 'large-navigation-1440-fr');

      const tree = await searchesSettingsTree(page, { expand: 'Déplier', found: '1 site trouvé' });
      await keepScreenshot(page, 'large-settings-tree-1440-fr');
      expect(await tree.getByTestId('locations-tree-rows').getAttribute('data-virtual')).toBe('true');

      const openedMs = await checkClusteredMap(page, 'sites');
      console.info(`large-trees: maplytics opened on ${SITES} sites in ${openedMs} ms`);
      await keepScreenshot(page, 'large-maplytics-1440-fr');
      await findsInSiteList(page, 'pasteur brest', green);
      await picksSiteForManualEntry(page, 'pasteur brest', green, 'Région Ouest');

      await editsRights(page, 'Nice', green, 'pasteur brest', { tickBranch: (name) => `Cocher ${name} et tous les sites qu'il contient`, ticked: `12 sites cochés sur ${LOCATIONS}` });
      await keepScreenshot(page, 'large-rights-1440-fr');
      await page.getByTestId('user-save').click();
      await page.waitForURL('**/settings/users', { timeout: UI_TIMEOUT_MS });
      const saved = await savedRights(page);
      const nice = buildings.filter((building) => building.city === 'Nice').map((building) => building.id);
      expect([...(saved as string[])].sort()).toEqual([cityIds.get('Nice')!, ...nice, green.id].sort());
    } finally {
      await context.close();
    }
  });

  it('does the same on a 390 px phone, in English', async () => {
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    try {
      await signInIn(page, admin, 'en');
      await searchesSettingsTree(page, { expand: 'Expand', found: '1 location found' });
      await keepScreenshot(page, 'large-settings-tree-390-en');
      await checkClusteredMap(page, 'sites');
      await keepScreenshot(page, 'large-maplytics-390-en');
      await findsInSiteList(page, 'pasteur ajaccio', red);
      await keepScreenshot(page, 'large-site-chosen-390-en');
      await picksSiteForManualEntry(page, 'pasteur ajaccio', red, 'Région Sud');
      // Added to the rights the first test saved (12).
      await editsRights(page, 'Lille', red, 'pasteur ajaccio', { tickBranch: (name) => `Tick ${name} and every location under it`, ticked: `24 locations ticked out of ${LOCATIONS}` });
      await keepScreenshot(page, 'large-rights-390-en');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
  });
});
