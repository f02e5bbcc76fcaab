import { describe, expect, it } from 'vitest';
import type { Place } from '../../../web/src/features/maplytics/hooks/basemap';
import { MAX_PLACE_LABELS, placesToName } from '../../../web/src/features/maplytics/hooks/place-layout';

/** A flat projection for the tests: one degree is 100 px, north up. */
const project = ([lng, lat]: [number, number]) => ({ x: lng * 100, y: (10 - lat) * 100 });
const view = { width: 1000, height: 1000 };
const place = (name: string, lng: number, lat: number, zoom = 5): Place => ({ name, zoom, lngLat: [lng, lat] });

describe('the names the bundled basemap draws', () => {
  it('names only the places its zoom names', () => {
    const names = placesToName([place('Lyon', 2, 5, 4), place('Vénissieux', 5, 5, 8)], 7, project, view).map((chosen) => chosen.name);
    expect(names).toEqual(['Lyon']);
  });

  it('keeps the first (largest) of two names that would overlap, and both when apart', () => {
    const lyon = place('Lyon', 5, 5);
    const villeurbanne = place('Villeurbanne', 5.3, 5.05);
    const grenoble = place('Grenoble', 7, 2);
    expect(placesToName([lyon, villeurbanne, grenoble], 6, project, view)).toEqual([lyon, grenoble]);
  });

  it('leaves out a name the edge of the map would cut', () => {
    expect(placesToName([place('Saint-Genis-les-Ollières', 0.2, 5)], 6, project, view)).toEqual([]);
    expect(placesToName([place('Lyon', 5, 9.99)], 6, project, view)).toEqual([]);
  });

  it(`draws at most ${MAX_PLACE_LABELS} names`, () => {
    const many = Array.from({ length: 200 }, (_, index) => place(`T${index}`, 0.3 + (index % 10) * 0.9, 0.3 + Math.floor(index / 10) * 0.45));
    expect(placesToName(many, 6, project, view)).toHaveLength(MAX_PLACE_LABELS);
  });
});
