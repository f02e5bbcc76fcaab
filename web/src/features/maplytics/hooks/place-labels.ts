import { Marker, type Map as MapLibreMap } from 'maplibre-gl';
import type { Place } from './basemap';

/** A label's box is guessed from its name (no layout needed): about this many pixels a character, plus its halo. */
const CHARACTER_PX = 7.2;
const LABEL_HEIGHT_PX = 18;
const GAP_PX = 6;
/** Enough names to place a site; more would crowd the map (and the page). */
const MAX_LABELS = 60;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) => a.left < b.right + GAP_PX && b.left < a.right + GAP_PX && a.top < b.bottom + GAP_PX && b.top < a.bottom + GAP_PX;

/**
 * The names of cities and towns over the bundled basemap, as HTML labels (no glyphs needed, so
 * they draw offline): after each move, the places the zoom names and the view shows, the largest
 * first, each where it does not cover one already placed. They are the map's picture, hidden from
 * screen readers, whose way to the sites is the list beside the map. Returns what removes them.
 */
export const showPlaceLabels = (map: MapLibreMap, places: readonly Place[], className: string): (() => void) => {
  const shown = new Map<Place, Marker>();

  const layout = () => {
    const zoom = map.getZoom();
    const { width, height } = map.getContainer().getBoundingClientRect();
    const placed: Box[] = [];
    const wanted = new Set<Place>();
    // The places come largest first (infra/tools/basemap-data.ts).
    for (const place of places) {
      if (wanted.size >= MAX_LABELS) break;
      if (place.zoom > zoom) continue;
      const { x, y } = map.project(place.lngLat);
      const half = (place.name.length * CHARACTER_PX) / 2 + 4;
      const box = { left: x - half, right: x + half, top: y - LABEL_HEIGHT_PX / 2, bottom: y + LABEL_HEIGHT_PX / 2 };
      // Whole names only: one the map's edge would cut is left for a move that shows it all.
      if (box.left < 0 || box.right > width || box.top < 0 || box.bottom > height) continue;
      if (placed.some((other) => overlaps(box, other))) continue;
      placed.push(box);
      wanted.add(place);
    }
    for (const [place, marker] of shown) {
      if (!wanted.has(place)) {
        marker.remove();
        shown.delete(place);
      }
    }
    for (const place of wanted) {
      if (shown.has(place)) continue;
      const element = document.createElement('span');
      element.className = className;
      element.textContent = place.name;
      element.dataset.testid = 'map-place';
      element.dataset.rank = place.zoom <= 4 ? 'city' : place.zoom <= 8 ? 'town' : 'village';
      element.setAttribute('aria-hidden', 'true');
      const marker = new Marker({ element, anchor: 'center' }).setLngLat(place.lngLat).addTo(map);
      // Under the sites' markers, which stay clickable.
      marker.getElement().style.zIndex = '0';
      shown.set(place, marker);
    }
  };

  map.on('moveend', layout);
  map.on('resize', layout);
  if (map.loaded()) layout();
  else map.once('load', layout);
  return () => {
    map.off('moveend', layout);
    map.off('resize', layout);
    map.off('load', layout);
    for (const marker of shown.values()) marker.remove();
    shown.clear();
  };
};
