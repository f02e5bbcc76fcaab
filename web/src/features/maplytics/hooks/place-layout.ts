import type { Place } from './basemap';

/** A label's box is guessed from its name (no layout needed): about this many pixels a character, plus its halo. */
const CHARACTER_PX = 7.2;
const LABEL_HEIGHT_PX = 18;
const GAP_PX = 6;
/** Enough names to place a site; more would crowd the map (and the page). */
export const MAX_PLACE_LABELS = 60;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) => a.left < b.right + GAP_PX && b.left < a.right + GAP_PX && a.top < b.bottom + GAP_PX && b.top < a.bottom + GAP_PX;

/**
 * The places the map names at a zoom, in a view of that size: those the zoom names (`place.zoom`)
 * whose whole name fits in the view, the first of the list first (the largest: infra/tools/basemap-data.ts
 * sorts them so), each only where it covers none already chosen, at most MAX_PLACE_LABELS.
 */
export const placesToName = (
  places: readonly Place[],
  zoom: number,
  project: (lngLat: [number, number]) => { x: number; y: number },
  view: { width: number; height: number },
): Place[] => {
  const placed: Box[] = [];
  const chosen: Place[] = [];
  for (const place of places) {
    if (chosen.length >= MAX_PLACE_LABELS) break;
    if (place.zoom > zoom) continue;
    const { x, y } = project(place.lngLat);
    const half = (place.name.length * CHARACTER_PX) / 2 + 4;
    const box = { left: x - half, right: x + half, top: y - LABEL_HEIGHT_PX / 2, bottom: y + LABEL_HEIGHT_PX / 2 };
    // Whole names only: one the map's edge would cut is left for a move that shows it all.
    if (box.left < 0 || box.right > view.width || box.top < 0 || box.bottom > view.height) continue;
    if (placed.some((other) => overlaps(box, other))) continue;
    placed.push(box);
    chosen.push(place);
  }
  return chosen;
};
