/**
 * The location-view permission is either 'view' (every location) or a list of location ids.
 * A location is clickable only when its id is listed (or the permission is 'view'); it is
 * visible when it or a visible descendant is allowed; hidden locations are never visible
 * (spec 1 §6).
 */
export type AllowedLocations = 'view' | readonly string[];

export interface LocationNode {
  _id: string;
  name: string;
  denomination?: string | null;
  parent: string | null;
  hidden?: boolean;
  children: LocationNode[];
}

export interface VisibleLocationNode extends LocationNode {
  clickable: boolean;
  children: VisibleLocationNode[];
}

export const isLocationAllowed = (allowed: AllowedLocations, id: string): boolean =>
  allowed === 'view' || allowed.includes(id);

/** Keeps the visible part of a tree, marking what may be clicked. */
export const visibleLocationTree = (
  roots: readonly LocationNode[],
  allowed: AllowedLocations,
): VisibleLocationNode[] => roots.flatMap((node) => visibleNode(node, allowed));

const visibleNode = (node: LocationNode, allowed: AllowedLocations): VisibleLocationNode[] => {
  if (node.hidden) return [];
  const children = node.children.flatMap((child) => visibleNode(child, allowed));
  const clickable = isLocationAllowed(allowed, node._id);
  if (!clickable && children.length === 0) return [];
  return [{ ...node, clickable, children }];
};

/** Builds the tree from flat items (parent ids), children in the given order. */
export const buildLocationTree = <T extends Omit<LocationNode, 'children'>>(
  items: readonly T[],
): (T & { children: LocationNode[] })[] => {
  const byId = new Map(items.map((item) => [item._id, { ...item, children: [] as LocationNode[] }]));
  const roots: (T & { children: LocationNode[] })[] = [];
  for (const node of byId.values()) {
    const parent = node.parent ? byId.get(node.parent) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
};

/** Depth-first list of a tree's nodes, without their children. */
export const flattenLocationTree = <T extends { children: T[] }>(roots: readonly T[]): Omit<T, 'children'>[] =>
  roots.flatMap(({ children, ...node }) => [node, ...flattenLocationTree(children)]);

/** Label in menus: the denomination, or the name when there is none. */
export const locationLabel = (location: Pick<LocationNode, 'name' | 'denomination'>): string =>
  location.denomination?.trim() ? location.denomination : location.name;

/** The ids of the locations a user may open: clickable nodes of their visible tree (hidden ones and their subtrees left out). */
export const openableLocationIds = (items: readonly Omit<LocationNode, 'children'>[], allowed: AllowedLocations): Set<string> =>
  new Set(flattenLocationTree(visibleLocationTree(buildLocationTree(items), allowed)).filter((node) => node.clickable).map((node) => node._id));

/**
 * Whether a user limited by location visibility sees a point: through one of its locations they
 * may open; a point without location only with the every-location permission. A point of a
 * hidden location is never shown.
 */
export const isPointVisible = (pointLocations: readonly string[], openable: ReadonlySet<string>, allowed: AllowedLocations): boolean =>
  pointLocations.length === 0 ? allowed === 'view' : pointLocations.some((id) => openable.has(id));
