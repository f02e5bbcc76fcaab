/** A node of a tree drawn row by row: a location, a visible location, a choice in a rights tree. */
export interface TreeNodeLike<T> {
  _id: string;
  children?: readonly T[] | null;
}

/** One drawn row of a tree: the node, its depth, whether it has children and whether they are shown. */
export interface TreeRow<T> {
  node: T;
  depth: number;
  hasChildren: boolean;
  open: boolean;
  /** Under a search: whether the node answers it (its ancestors are drawn too, to show where it is). */
  matched: boolean;
}

/** The rows of the open branches only: a closed branch costs one row, whatever it holds. */
export const openTreeRows = <T extends TreeNodeLike<T>>(roots: readonly T[], isOpen: (id: string) => boolean): TreeRow<T>[] => {
  const rows: TreeRow<T>[] = [];
  const walk = (nodes: readonly T[], depth: number) => {
    for (const node of nodes) {
      const children = node.children ?? [];
      const open = children.length > 0 && isOpen(node._id);
      rows.push({ node, depth, hasChildren: children.length > 0, open, matched: false });
      if (open) walk(children, depth + 1);
    }
  };
  walk(roots, 0);
  return rows;
};

/**
 * The rows answering a search: each matching node under its ancestors, those opened to show it;
 * a matching node's own children are drawn only when one of them matches too.
 */
export const searchTreeRows = <T extends TreeNodeLike<T>>(roots: readonly T[], matches: (node: T) => boolean): TreeRow<T>[] => {
  const walk = (nodes: readonly T[], depth: number): TreeRow<T>[] =>
    nodes.flatMap((node) => {
      const children = node.children ?? [];
      const below = walk(children, depth + 1);
      const matched = matches(node);
      if (!matched && below.length === 0) return [];
      return [{ node, depth, hasChildren: children.length > 0, open: below.length > 0, matched }, ...below];
    });
  return walk(roots, 0);
};

/** The ids of a node and of everything under it. */
export const branchIds = <T extends TreeNodeLike<T>>(node: T): string[] => [node._id, ...(node.children ?? []).flatMap((child) => branchIds(child))];
