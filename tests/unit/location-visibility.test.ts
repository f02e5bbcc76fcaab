import { describe, expect, it } from 'vitest';
import {
  buildLocationTree,
  flattenLocationTree,
  isPointVisible,
  locationLabel,
  openableLocationIds,
  visibleLocationTree,
  type LocationNode,
} from '@shared/permissions/location-visibility';

const flat = [
  { _id: 'site', name: 'Site', parent: null },
  { _id: 'building-a', name: 'Building A', parent: 'site' },
  { _id: 'floor-1', name: 'Floor 1', parent: 'building-a' },
  { _id: 'building-b', name: 'Building B', parent: 'site' },
  { _id: 'secret', name: 'Secret', parent: null, hidden: true },
  { _id: 'secret-child', name: 'Secret child', parent: 'secret' },
];
const tree = buildLocationTree(flat) as unknown as LocationNode[];
const ids = (nodes: { _id: string; children: unknown[] }[]): string[] =>
  flattenLocationTree(nodes as never).map((node) => (node as { _id: string })._id);

describe('location visibility', () => {
  it('shows every non-hidden location, all clickable, with the view permission', () => {
    const visible = visibleLocationTree(tree, 'view');
    expect(ids(visible)).toEqual(['site', 'building-a', 'floor-1', 'building-b']);
    expect(flattenLocationTree(visible).every((node) => node.clickable)).toBe(true);
  });

  it('shows an ancestor of an allowed location, but not clickable', () => {
    const visible = visibleLocationTree(tree, ['floor-1']);
    expect(ids(visible)).toEqual(['site', 'building-a', 'floor-1']);
    const byId = Object.fromEntries(flattenLocationTree(visible).map((node) => [node._id, node.clickable]));
    expect(byId).toEqual({ site: false, 'building-a': false, 'floor-1': true });
  });

  it('never shows a hidden location, nor what lies only beneath it', () => {
    expect(ids(visibleLocationTree(tree, ['secret', 'secret-child']))).toEqual([]);
  });

  it('shows nothing for an empty list', () => {
    expect(visibleLocationTree(tree, [])).toEqual([]);
  });

  it('labels a location by its denomination, or its name when there is none', () => {
    expect(locationLabel({ name: 'LYON-01', denomination: 'Siège social' })).toBe('Siège social');
    expect(locationLabel({ name: 'LYON-01', denomination: '  ' })).toBe('LYON-01');
    expect(locationLabel({ name: 'LYON-01', denomination: null })).toBe('LYON-01');
  });
});

describe('points seen by a user limited by location visibility', () => {
  it('never shows a point of a hidden location, even with the every-location permission or an explicit grant', () => {
    const openable = openableLocationIds(flat, 'view');
    expect(isPointVisible(['secret-child'], openable, 'view')).toBe(false);
    expect(isPointVisible(['floor-1'], openable, 'view')).toBe(true);
    const granted = openableLocationIds(flat, ['secret', 'floor-1']);
    expect(isPointVisible(['secret'], granted, ['secret', 'floor-1'])).toBe(false);
  });

  it('shows a point through any location the user may open, and points without location only with the every-location permission', () => {
    const allowed = ['building-a'];
    const openable = openableLocationIds(flat, allowed);
    expect(isPointVisible(['building-b', 'building-a'], openable, allowed)).toBe(true);
    expect(isPointVisible(['site'], openable, allowed)).toBe(false);
    expect(isPointVisible([], openable, allowed)).toBe(false);
    expect(isPointVisible([], openableLocationIds(flat, 'view'), 'view')).toBe(true);
  });
});
