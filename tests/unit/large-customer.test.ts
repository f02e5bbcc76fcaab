import { describe, expect, it } from 'vitest';
import { alertSchema } from '@shared/schemas/alert';
import { locationSchema } from '@shared/schemas/location';
import { pointSchema, RESOURCES } from '@shared/schemas/point';
import { tabSchema } from '@shared/schemas/tab';
import { SERIES_TYPES } from '@shared/series/calculations';
import { FULL_LARGE_SIZE, largeCustomerPlan, largeSeriesOfPoint, largeSize, seriesEndOf, treeShape } from '../../functions/src/services/large-customer';

/** Metropolitan France with Corsica, as a box: every site's marker must fall in it. */
const FRANCE = { south: 41.3, north: 51.1, west: -5.2, east: 9.6 };

describe('the large customer', () => {
  const full = largeCustomerPlan(largeSize(1));

  it('has the size of issue 43 at scale 1: 1,000 sites three levels deep, 20,000 points, a tenth with values, 50 users, 200 alerts, 20 tabs', () => {
    expect(full.locations).toHaveLength(1000);
    expect(treeShape(1000)).toEqual({ regions: 13, cities: 91, buildings: 896 });
    const byId = new Map(full.locations.map((location) => [location._id, location]));
    const depth = (id: string): number => (byId.get(id)!.parent ? 1 + depth(byId.get(id)!.parent!) : 1);
    expect(new Set(full.tree.regions.map((location) => depth(location._id)))).toEqual(new Set([1]));
    expect(new Set(full.tree.cities.map((location) => depth(location._id)))).toEqual(new Set([2]));
    expect(new Set(full.tree.buildings.map((location) => depth(location._id)))).toEqual(new Set([3]));
    expect(full.points).toHaveLength(FULL_LARGE_SIZE.points);
    expect(full.points.filter((point) => point.withSeries)).toHaveLength(2000);
    expect([full.users.length, full.alerts.length, full.tabs.length]).toEqual([50, 200, 20]);
  });

  it('places every city and building in France, with an address naming its city, every region holding cities', () => {
    for (const site of [...full.tree.cities, ...full.tree.buildings]) {
      const { lat, lng } = site.coordinates!.location;
      expect(lat).toBeGreaterThan(FRANCE.south);
      expect(lat).toBeLessThan(FRANCE.north);
      expect(lng).toBeGreaterThan(FRANCE.west);
      expect(lng).toBeLessThan(FRANCE.east);
      expect(site.address).toMatch(/, \d{5} \S/);
    }
    expect(new Set(full.tree.cities.map((city) => city.parent))).toEqual(new Set(full.tree.regions.map((region) => region._id)));
    expect(full.tree.buildings.every((building) => building.type !== null && building.surface! > 0)).toBe(true);
  });

  it('holds points of every resource and series type, with tags, valid as the API stores them, their technical ids unique', () => {
    const kinds = new Set(full.points.map((point) => `${point.resource}/${point.series_type}`));
    expect(kinds.size).toBe(RESOURCES.length * SERIES_TYPES.length);
    expect(new Set(full.points.map((point) => point.technical_id)).size).toBe(full.points.length);
    expect(full.points.every((point) => Object.keys(point.tags).length > 0)).toBe(true);
    const { withSeries: _withSeries, ...point } = full.points[123];
    expect(pointSchema.parse(point)).toEqual(point);
    expect(locationSchema.parse(full.tree.buildings[5])).toEqual(full.tree.buildings[5]);
    expect(() => alertSchema.parse(full.alerts[7])).not.toThrow();
    expect(() => tabSchema.parse(full.tabs[3])).not.toThrow();
  });

  it('is the same customer on every call, so a second seeding puts the same items back and doubles nothing', () => {
    const again = largeCustomerPlan(largeSize(1));
    expect(again.locations.map((location) => location._id)).toEqual(full.locations.map((location) => location._id));
    expect(again.points.map((point) => point.name)).toEqual(full.points.map((point) => point.name));
    expect(again).toEqual(full);
    for (const items of [full.locations, full.points, full.users, full.alerts, full.tabs, full.widgets]) {
      expect(new Set(items.map((item) => item._id)).size).toBe(items.length);
    }
    expect(new Set(full.users.map((user) => user.email)).size).toBe(full.users.length);
  });

  it('gives members rights over parts of the tree, and its alerts and widgets name its own points', () => {
    const locationIds = new Set(full.locations.map((location) => location._id));
    const members = full.users.filter((user) => user.role === 'member');
    expect(members.length).toBeGreaterThan(40);
    for (const member of members) expect((member.allowed_locations as string[]).every((id) => locationIds.has(id))).toBe(true);
    const pointIds = new Set(full.points.map((point) => point._id));
    expect(full.alerts.every((alert) => alert.points.every(({ point }) => pointIds.has(point)))).toBe(true);
    expect(full.widgets.flatMap((widget) => widget.points).every((point) => pointIds.has(point._id))).toBe(true);
    expect(full.widgets.length).toBeGreaterThanOrEqual(full.tabs.length);
  });

  it('keeps its shape at a small scale for tests: every level, resource and series type', () => {
    const small = largeCustomerPlan(largeSize(0.02));
    expect(small.locations).toHaveLength(20);
    expect(new Set(small.points.map((point) => `${point.resource}/${point.series_type}`)).size).toBe(24);
    expect(small.tree.regions.length).toBeGreaterThan(0);
    expect(small.tree.cities.length).toBeGreaterThan(0);
    expect(small.points.some((point) => point.withSeries)).toBe(true);
    expect(small.alerts.length).toBeGreaterThan(0);
  });

  it('writes ten-minute values over whole days before the start of the UTC day, the same values on every call', () => {
    const end = seriesEndOf(Date.parse('2026-11-28T18:40:00Z'));
    expect(end).toBe(Date.parse('2026-11-28T00:00:00Z'));
    const point = full.points.find((candidate) => candidate.withSeries && candidate.series_type === 'counter')!;
    const values = largeSeriesOfPoint(point, end, 30);
    expect(values).toHaveLength(30 * 144);
    expect(values[0].at).toBe(end - 30 * 86_400_000);
    expect(values.at(-1)!.at).toBe(end - 600_000);
    expect(values.every((value) => Number.isFinite(value.value) && value.value >= 0)).toBe(true);
    expect(largeSeriesOfPoint(point, end, 30)).toEqual(values);
  });
});
