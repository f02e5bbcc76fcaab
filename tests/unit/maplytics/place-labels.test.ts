import { describe, expect, it } from 'vitest';
import type { Place } from '../../../web/src/features/maplytics/hooks/basemap';
import { MAX_PLACE_LABELS, placesToName } from '../../../web/src/features/maplytics/hooks/place-layout';

/** A flat projection for the tests: one degree is 100 px, north up. */
const project = ([lng, lat]: [number, number]) => ({ x: lng * 100, y: (10 - lat) * 100 });
const view = { width: 1000, height: 1000 };
const place = (name: string, lng: number, lat: number, zoom = 5): Place => ({ name, zoom, lngLat: [lng, lat] });
const named = (...args: Parameters<typeof placesToName>) => placesToName(...args).map(({ place: chosen }) => chosen);

describe('the names the bundled basemap draws', () => {
  it('names only the places its zoom names', () => {
    const names = named([place('Lyon', 2, 5, 4), place('Vénissieux', 5, 5, 8)], 7, project, view).map((chosen) => chosen.name);
    expect(names).toEqual(['Lyon']);
  });

  it('keeps the first (largest) of two names that would overlap wherever the second goes, and both when apart', () => {
    const lyon = place('Lyon', 5, 5);
    const villeurbanne = place('Villeurbanne', 5.05, 5.02);
    const grenoble = place('Grenoble', 7, 2);
    expect(placesToName([lyon, villeurbanne, grenoble], 6, project, view)).toEqual([
      { place: lyon, offset: [0, 0] },
      // Beside Lyon rather than over it.
      { place: villeurbanne, offset: [0, -32] },
      { place: grenoble, offset: [0, 0] },
    ]);
    const crowded = Array.from({ length: 6 }, (_, index) => place(`Bourg ${index}`, 5 + index * 0.01, 5));
    // Places on one point: no more names than the five spots around it, none over another.
    expect(named([lyon, ...crowded], 6, project, view).length).toBeLessThanOrEqual(5);
  });

  it("puts a name beside a site's marker rather than under it", () => {
    const lyon = place('Lyon', 5, 5);
    const [label] = placesToName([lyon], 6, project, view, [{ x: 502, y: 501 }]);
    expect(label.place).toBe(lyon);
    expect(label.offset[1]).toBeLessThan(0);
  });

  it('moves a name the edge of the map would cut beside its place, and leaves it out if it fits nowhere', () => {
    expect(placesToName([place('Lyon', 5, 9.99)], 6, project, view)[0].offset).toEqual([0, 32]);
    expect(placesToName([place('Saint-Genis-les-Ollières', 0.2, 5)], 6, project, view)[0].offset[0]).toBeGreaterThan(0);
    expect(named([place('Saint-Genis-les-Ollières', 0.2, 5)], 6, project, { width: 150, height: 1000 })).toEqual([]);
  });

  it(`draws at most ${MAX_PLACE_LABELS} names`, () => {
    const many = Array.from({ length: 200 }, (_, index) => place(`T${index}`, 0.3 + (index % 10) * 0.9, 0.3 + Math.floor(index / 10) * 0.45));
    expect(placesToName(many, 6, project, view)).toHaveLength(MAX_PLACE_LABELS);
  });
});
