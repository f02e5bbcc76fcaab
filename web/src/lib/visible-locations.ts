import type { LocationTreeNode } from '@shared/schemas/location';
import type { LoginPayload } from '@shared/schemas/session';
import { useLoginPayload } from './session';

/** A node of the visible tree the login payload carries: clickable or not, children filtered alike. */
export type VisibleLocation = Omit<LocationTreeNode, 'children'> & { clickable: boolean; children: VisibleLocation[] };

export interface LocationInTree {
  location: VisibleLocation;
  /** From the root down to the parent. */
  ancestors: VisibleLocation[];
}

export const visibleLocationsOf = (payload: LoginPayload): VisibleLocation[] =>
  payload.locations as unknown as VisibleLocation[];

export const useVisibleLocations = (): VisibleLocation[] => visibleLocationsOf(useLoginPayload());

/** Every visible location, depth first, with its ancestors. */
export const locationsInTree = (roots: readonly VisibleLocation[], ancestors: VisibleLocation[] = []): LocationInTree[] =>
  roots.flatMap((location) => [{ location, ancestors }, ...locationsInTree(location.children, [...ancestors, location])]);

export const findLocation = (roots: readonly VisibleLocation[], id: string): LocationInTree | null =>
  locationsInTree(roots).find((entry) => entry.location._id === id) ?? null;

/** A readable URL segment of a name (the `{name}` of /locations/{name}/{id}, a tab's name): readable only, the id decides. */
export const slugOf = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const locationSlug = (location: Pick<VisibleLocation, 'name'>): string => slugOf(location.name) || 'location';

export const tabSlug = (name: string): string => slugOf(name) || 'tab';
