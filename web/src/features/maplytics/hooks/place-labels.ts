import { Marker, type Map as MapLibreMap } from 'maplibre-gl';
import type { Place } from './basemap';
import { placesToName } from './place-layout';

/**
 * The names of cities and towns over the bundled basemap, as HTML labels (no glyphs needed, so
 * they draw offline): after each move, the places the zoom names and the view shows, the largest
 * first, each where it covers neither a name already placed nor a site's marker (place-layout.ts).
 * They are the map's picture, hidden from screen readers, whose way to the sites is the list beside
 * the map. Returns what removes them.
 */
export const showPlaceLabels = (
  map: MapLibreMap,
  places: readonly Place[],
  className: string,
  /** Where the sites' markers are: names go beside them rather than under them. */
  sites: () => readonly [number, number][],
): (() => void) => {
  const shown = new Map<Place, Marker>();

  const layout = () => {
    const { width, height } = map.getContainer().getBoundingClientRect();
    const project = (lngLat: [number, number]) => map.project(lngLat);
    const wanted = new Map(placesToName(places, map.getZoom(), project, { width, height }, sites().map(project)).map(({ place, offset }) => [place, offset]));
    for (const [place, marker] of shown) {
      if (!wanted.has(place)) {
        marker.remove();
        shown.delete(place);
      }
    }
    for (const [place, offset] of wanted) {
      const existing = shown.get(place);
      if (existing) {
        existing.setOffset(offset);
        continue;
      }
      const element = document.createElement('span');
      element.className = className;
      element.textContent = place.name;
      element.dataset.testid = 'map-place';
      element.dataset.rank = place.zoom <= 4 ? 'city' : place.zoom <= 8 ? 'town' : 'village';
      element.setAttribute('aria-hidden', 'true');
      const marker = new Marker({ element, anchor: 'center', offset }).setLngLat(place.lngLat).addTo(map);
      // Under the sites' markers, which stay clickable.
      marker.getElement().style.zIndex = '0';
      shown.set(place, marker);
    }
  };

  map.on('moveend', layout);
  map.on('resize', layout);
  // Laid out at once on a map at rest; else once it is (a basemap added to a loaded map fires no second 'load').
  if (map.loaded()) layout();
  else map.once('idle', layout);
  return () => {
    map.off('moveend', layout);
    map.off('resize', layout);
    map.off('idle', layout);
    for (const marker of shown.values()) marker.remove();
    shown.clear();
  };
};
