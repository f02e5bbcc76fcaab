import { describe, expect, it } from 'vitest';
import { matchesSearch, searchWordsOf } from '@shared/api/paging';
import type { Point } from '@shared/schemas/point';
import { pointOrderKey } from '../../functions/src/data/point-repository';
import { pointTermChanges, pointTermItems, pointTermKeys, pointTermsOf } from '../../functions/src/data/point-search-index';
import { indexWordsOf } from '../../functions/src/services/point-list-service';

const point = (fields: Partial<Point> = {}) =>
  ({ _id: 'pt-1', customer: 'cust-a', name: 'Compteur général électricité', technical_id: 'LG-0123-04', location: ['loc-1'], ...fields }) as Point;
const names = new Map([['loc-1', 'Magasin Lyon 03']]);

describe('the words of a search', () => {
  it('are the folded runs of letters and digits', () => {
    expect(searchWordsOf('LG-0123-04 Électricité, bâtiment_A')).toEqual(['lg', '0123', '04', 'electricite', 'batiment', 'a']);
  });

  it('match when each begins a word of the texts, in any order, accents and case ignored', () => {
    const texts = ['Compteur général électricité', 'LG-0123-04', 'Magasin Lyon 03'];
    expect(matchesSearch(searchWordsOf('lyon ELEC'), texts)).toBe(true);
    expect(matchesSearch(searchWordsOf('lg-0123-04'), texts)).toBe(true);
    expect(matchesSearch(searchWordsOf('0123-04'), texts)).toBe(true);
    expect(matchesSearch(searchWordsOf('lyon gaz'), texts)).toBe(false);
    // A word inside another is not looked up by the index, so it does not match either.
    expect(matchesSearch(searchWordsOf('pteur'), texts)).toBe(false);
  });
});

describe('the terms of a point', () => {
  it('are its place and the words of 3 characters or more of its name, technical id and location names', () => {
    expect(pointTermsOf(point(), names)).toEqual(['@loc-1', 'compteur', 'general', 'electricite', '0123', 'magasin', 'lyon']);
    expect(pointTermsOf(point({ location: [] }), names)).toEqual(['@', 'compteur', 'general', 'electricite', '0123']);
  });

  it('carry the tenant in both keys, and the list order after the term on the index', () => {
    const [place, word] = pointTermItems(point(), pointOrderKey(point()), names);
    expect(place).toMatchObject({ PK: 'C#cust-a#PTQ', SK: 'pt-1\u0001@loc-1', GSI1PK: 'C#cust-a#PTQ#@loc-1', point: 'pt-1' });
    expect(String(place.kind)).toMatch(/^point-term$/);
    expect(word).toMatchObject({ GSI1PK: 'C#cust-a#PTQ#com', GSI1SK: `compteur\u0001${pointOrderKey(point())}` });
  });

  it('change on a save by putting the new ones and deleting only those it lost', () => {
    const before = point();
    const after = point({ name: 'Compteur gaz', location: ['loc-2'] });
    const both = new Map([...names, ['loc-2', 'Entrepôt Lille']]);
    const { puts, deletes } = pointTermChanges({ point: before, names: both }, { point: after, orderKey: pointOrderKey(after), names: both });
    expect(puts.map((item) => String(item.SK).split('\u0001')[1])).toEqual(['@loc-2', 'compteur', 'gaz', '0123', 'entrepot', 'lille']);
    expect(deletes.map((key) => key.SK.split('\u0001')[1]).sort()).toEqual(['@loc-1', 'electricite', 'general', 'lyon', 'magasin']);
    expect(deletes.every((key) => key.PK === pointTermKeys.partition('cust-a').PK)).toBe(true);
  });

  it('change on a move or a location rename by the terms that differ only (the list order is the same)', () => {
    const renamed = new Map([['loc-1', 'Boutique Lyon 03']]);
    const { puts, deletes } = pointTermChanges({ point: point(), names }, { point: point(), orderKey: pointOrderKey(point()), names: renamed }, { sameOrder: true });
    expect(puts.map((item) => String(item.SK).split('\u0001')[1])).toEqual(['boutique']);
    expect(deletes.map((key) => key.SK.split('\u0001')[1])).toEqual(['magasin']);
  });

  it('fit a save transaction: at most 40, however long the name', () => {
    expect(pointTermsOf(point({ name: Array.from({ length: 80 }, (_, index) => `mot${index}`).join(' ') }), names)).toHaveLength(40);
  });
});

describe('the words a search reads the index by', () => {
  it('are its indexed words, those with digits first, then the longest; none when every word is short', () => {
    expect(indexWordsOf(['lg', '0123', '04'])).toEqual(['0123']);
    expect(indexWordsOf(['magasin', 'lyon', '03'])).toEqual(['magasin', 'lyon']);
    expect(indexWordsOf(['lgabcde', '053'])).toEqual(['053', 'lgabcde']);
    expect(indexWordsOf(['lg', '04'])).toEqual([]);
  });
});
