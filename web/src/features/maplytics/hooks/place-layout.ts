import type { Place } from './basemap';

/** A label's box is guessed from its name (no layout needed): about this many pixels a character, plus its halo. */
const CHARACTER_PX = 7.2;
const LABEL_HEIGHT_PX = 18;
const GAP_PX = 6;
/** Enough names to place a site; more would crowd the map (and the page). */
export const MAX_PLACE_LABELS = 60;
/** What a site's marker covers around its point (its dot with an alert count, and a margin). */
const MARKER_RADIUS_PX = 16;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) => a.left < b.right + GAP_PX && b.left < a.right + GAP_PX && a.top < b.bottom + GAP_PX && b.top < a.bottom + GAP_PX;

/** Where a name may go, in order: on its place, then above, below, right or left of it, clear of a marker or a name there. */
const shifts = (half: number): readonly [number, number][] => {
  const dy = LABEL_HEIGHT_PX / 2 + MARKER_RADIUS_PX + GAP_PX + 1;
  const dx = half + MARKER_RADIUS_PX + GAP_PX + 1;
  return [
    [0, 0],
    [0, -dy],
    [0, dy],
    [dx, 0],
    [-dx, 0],
  ];
};

export interface PlaceLabel {
  place: Place;
  /** Where the name's centre goes, from its place's point, in pixels. */
  offset: [number, number];
}

/**
 * The places the map names at a zoom, in a view of that size: those the zoom names (`place.zoom`)
 * whose whole name fits in the view, the first of the list first (the largest: infra/tools/basemap-data.ts
 * sorts them so), each on its point or beside it, where it covers neither a name already chosen nor a
 * site's marker (`sites`, their points in the view), at most MAX_PLACE_LABELS.
 */
export const placesToName = (
  places: readonly Place[],
  zoom: number,
  project: (lngLat: [number, number]) => { x: number; y: number },
  view: { width: number; height: number },
  sites: readonly { x: number; y: number }[] = [],
): PlaceLabel[] => {
  const placed: Box[] = sites.map(({ x, y }) => ({ left: x - MARKER_RADIUS_PX, right: x + MARKER_RADIUS_PX, top: y - MARKER_RADIUS_PX, bottom: y + MARKER_RADIUS_PX }));
  const chosen: PlaceLabel[] = [];
  for (const place of places) {
    if (chosen.length >= MAX_PLACE_LABELS) break;
    if (place.zoom > zoom) continue;
    const { x, y } = project(place.lngLat);
    const half = (place.name.length * CHARACTER_PX) / 2 + 4;
    for (const [dx, dy] of shifts(half)) {
      const box = { left: x + dx - half, right: x + dx + half, top: y + dy - LABEL_HEIGHT_PX / 2, bottom: y + dy + LABEL_HEIGHT_PX / 2 };
      // Whole names only: one the map's edge would cut is left for a move that shows it all.
      if (box.left < 0 || box.right > view.width || box.top < 0 || box.bottom > view.height) continue;
      if (placed.some((other) => overlaps(box, other))) continue;
      placed.push(box);
      chosen.push({ place, offset: [dx, dy] });
      break;
    }
  }
  return chosen;
};
