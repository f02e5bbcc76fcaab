import type { LocationTreeNode } from '@shared/schemas/location';
import { DEFAULT_TIMEZONE } from '@shared/constants';
import { locationLabel } from '@shared/permissions/location-visibility';

export interface FlatTreeEntry {
  location: LocationTreeNode;
  depth: number;
  /** Ids from the root down to the parent. */
  ancestors: string[];
}

/** Depth-first entries of the tree, each with its depth. */
export const flattenTree = (roots: readonly LocationTreeNode[], depth = 0, ancestors: string[] = []): FlatTreeEntry[] =>
  roots.flatMap((location) => [
    { location, depth, ancestors },
    ...flattenTree(location.children ?? [], depth + 1, [...ancestors, location._id]),
  ]);

export const findInTree = (roots: readonly LocationTreeNode[], id: string): FlatTreeEntry | null =>
  flattenTree(roots).find((entry) => entry.location._id === id) ?? null;

/** The location and everything under it: places it cannot be moved into. */
export const subtreeIds = (location: LocationTreeNode): Set<string> =>
  new Set([location._id, ...flattenTree(location.children ?? []).map((entry) => entry.location._id)]);

/** Select options of locations, in tree order; `locationDepths` lets the dropdown indent them. */
export const locationOptions = (entries: readonly FlatTreeEntry[]) =>
  entries.map(({ location }) => ({ value: location._id, label: locationLabel(location) }));

export const locationDepths = (entries: readonly FlatTreeEntry[]): Map<string, number> =>
  new Map(entries.map(({ location, depth }) => [location._id, depth]));

/** The calendar a point follows: its first location's zone. */
export const zoneOfLocations = (roots: readonly LocationTreeNode[], ids: readonly string[]): string =>
  (ids[0] ? findInTree(roots, ids[0])?.location.timezone : undefined) ?? DEFAULT_TIMEZONE;
