import { describe, expect, it } from 'vitest';
import { MARKER_COLORS } from '@shared/maplytics/constants';
import { contrastRatio, readableTextOn } from '../../web/src/lib/accessible-colors';
import { locationMatcher } from '../../web/src/lib/location-search';
import { branchIds, openTreeRows, searchTreeRows } from '../../web/src/lib/tree-rows';

interface Node {
  _id: string;
  name: string;
  address?: string | null;
  denomination?: string | null;
  children: Node[];
}

const node = (_id: string, name: string, children: Node[] = [], address: string | null = null): Node => ({ _id, name, address, children });

const tree: Node[] = [
  node('sud', 'Région Sud', [
    node('nice', 'Nice', [node('nice-1', 'Agence Masséna', [], '2 place Masséna, 06000 Nice'), node('nice-2', 'Dépôt', [], '8 rue de la Gare, 06000 Nice')]),
    node('marseille', 'Marseille', [node('mrs-1', 'Agence Vieux-Port', [], '1 quai du Port, 13002 Marseille')]),
  ]),
  node('ouest', 'Région Ouest', [node('brest', 'Brest', [node('brest-1', 'Entrepôt', [], '8 rue de la Gare, 29200 Brest')])]),
];

const ids = (rows: { node: Node }[]) => rows.map((row) => row.node._id);

describe('location trees', () => {
  it('draws only the open branches: a closed branch is one row whatever it holds', () => {
    expect(ids(openTreeRows(tree, () => false))).toEqual(['sud', 'ouest']);
    const rows = openTreeRows(tree, (id) => id === 'sud' || id === 'nice');
    expect(ids(rows)).toEqual(['sud', 'nice', 'nice-1', 'nice-2', 'marseille', 'ouest']);
    expect(rows.map((row) => row.depth)).toEqual([0, 1, 2, 2, 1, 0]);
    expect(rows.find((row) => row.node._id === 'marseille')).toMatchObject({ hasChildren: true, open: false });
  });

  it('finds a location by every word of its name or address, accents and case aside, under the way down to it', () => {
    const rows = searchTreeRows(tree, locationMatcher('GARE brest'));
    expect(ids(rows)).toEqual(['ouest', 'brest', 'brest-1']);
    expect(rows.map((row) => row.matched)).toEqual([false, false, true]);
    expect(ids(searchTreeRows(tree, locationMatcher('massena')))).toEqual(['sud', 'nice', 'nice-1']);
    expect(ids(searchTreeRows(tree, locationMatcher('gare')))).toEqual(['sud', 'nice', 'nice-2', 'ouest', 'brest', 'brest-1']);
    expect(searchTreeRows(tree, locationMatcher('lille'))).toEqual([]);
  });

  it('finds a location by its denomination too, and nothing for an empty search', () => {
    const named: Node[] = [{ ...node('x', 'Bâtiment 12'), denomination: 'Siège social' }];
    expect(ids(searchTreeRows(named, locationMatcher('siege')))).toEqual(['x']);
    expect(searchTreeRows(named, locationMatcher('  '))).toEqual([]);
  });

  it('gives a branch as the location and everything under it', () => {
    expect(branchIds(tree[0]!)).toEqual(['sud', 'nice', 'nice-1', 'nice-2', 'marseille', 'mrs-1']);
  });

  it('writes a cluster’s count in black or white, whichever reads at 4.5:1 on its rating’s colour', () => {
    for (const colour of Object.values(MARKER_COLORS)) expect(contrastRatio(readableTextOn(colour), colour)).toBeGreaterThanOrEqual(4.5);
  });
});
