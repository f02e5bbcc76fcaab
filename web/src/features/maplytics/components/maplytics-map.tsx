import { useEffect, useRef, useState } from 'react';
import { AttributionControl, Map as MapLibreMap, Marker, NavigationControl, setWorkerUrl, type LngLatBoundsLike } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { MARKER_COLORS } from '@shared/maplytics/constants';
import { blinkingColorOf } from '@shared/maplytics/marker-colour';
import type { MapMarker, MaplyticsAnswer } from '@shared/schemas/maplytics';
import { loadBasemap } from '../hooks/basemap';
import { showPlaceLabels } from '../hooks/place-labels';
import { useBlinkPhase } from '../hooks/use-blink-phase';
import classes from './maplytics.module.css';

// The worker is built as a script of its own (.js, which every server types right): maplibre would look for
// its .mjs beside its module, which the bundle moves.
setWorkerUrl(workerUrl);

/** Metropolitan France, where the map opens before it knows the sites. */
const FRANCE = { center: [2.4, 46.6] as [number, number], zoom: 4.6 };
const FIT_PADDING = 70;
const FIT_MAX_ZOOM = 12;
/** A site chosen in the list is shown at least this close: its town and its neighbours' are named. */
const SITE_ZOOM = 11;

export interface MaplyticsMapProps {
  markers: readonly MapMarker[];
  bounds: MaplyticsAnswer['bounds'];
  selected: string | null;
  onSelect: (locationId: string) => void;
  styleUrl: string | null;
  /** What a marker says to screen readers and on hover. */
  describe: (marker: MapMarker) => string;
  /** The map could not be drawn here (no WebGL): the screen says so and keeps its list of sites. */
  onUnavailable: (error: unknown) => void;
  /** The share of the map's height a chosen site's panel covers from the bottom (the phone's sheet): the site is shown above it. */
  coveredBelow?: number;
}

interface Pin {
  marker: Marker;
  element: HTMLButtonElement;
  dot: HTMLSpanElement;
  label: HTMLSpanElement;
}

const createPin = (onClick: () => void): Pin => {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = classes.marker;
  element.dataset.testid = 'map-marker';
  const dot = document.createElement('span');
  dot.className = classes.markerDot;
  dot.dataset.part = 'dot';
  const label = document.createElement('span');
  label.className = classes.markerLabel;
  element.append(dot, label);
  element.addEventListener('click', (event) => {
    event.stopPropagation();
    onClick();
  });
  return { marker: new Marker({ element, anchor: 'center' }), element, dot, label };
};

/**
 * The map of the sites (spec 2 §2): one marker per located site, coloured by its energy rating,
 * alternating with violet every 500 ms while it has alerts, with their count inside (spec 2 §4).
 * Markers are HTML elements over a MapLibre map.
 */
export const MaplyticsMap = ({ markers, bounds, selected, onSelect, styleUrl, describe, onUnavailable, coveredBelow = 0 }: MaplyticsMapProps) => {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [drawn, setDrawn] = useState(false);
  const [bundled, setBundled] = useState<boolean | null>(null);
  const pins = useRef(new Map<string, Pin>());
  const select = useRef(onSelect);
  select.current = onSelect;
  const unavailable = useRef(onUnavailable);
  unavailable.current = onUnavailable;
  const phase = useBlinkPhase(markers.some((marker) => marker.alerts_found > 0));

  useEffect(() => {
    let created: MapLibreMap | null = null;
    let removeLabels = () => {};
    let cancelled = false;
    void loadBasemap(styleUrl)
      .then(({ style, places, bundled: own }) => {
        if (cancelled || !container.current) return;
        created = new MapLibreMap({ container: container.current, style, ...FRANCE, attributionControl: false, dragRotate: false });
        created.addControl(new NavigationControl({ showCompass: false }), 'top-left');
        // The attribution the style's licences ask for, in full on a wide map, behind a button on a phone's;
        // at the top, where the legend never covers it.
        created.addControl(new AttributionControl(), 'top-right');
        created.touchZoomRotate.disableRotation();
        created.once('load', () => setDrawn(true));
        if (places.length) {
          removeLabels = showPlaceLabels(created, places, classes.placeLabel, () => [...pins.current.values()].map((pin) => pin.marker.getLngLat().toArray()));
        }
        setBundled(own);
        setMap(created);
      })
      .catch((error: unknown) => unavailable.current(error));
    return () => {
      cancelled = true;
      removeLabels();
      created?.remove();
      pins.current.clear();
      setMap(null);
      setDrawn(false);
      setBundled(null);
    };
  }, [styleUrl]);

  // The panel beside the map or the navigation changes its width: the canvas follows.
  useEffect(() => {
    if (!map || !container.current) return;
    const observer = new ResizeObserver(() => map.resize());
    observer.observe(container.current);
    return () => observer.disconnect();
  }, [map]);

  useEffect(() => {
    if (!map) return;
    const wanted = new Set(markers.map((marker) => marker.location_id));
    for (const [id, pin] of pins.current) {
      if (!wanted.has(id)) {
        pin.marker.remove();
        pins.current.delete(id);
      }
    }
    for (const marker of markers) {
      let pin = pins.current.get(marker.location_id);
      if (!pin) {
        pin = createPin(() => select.current(marker.location_id));
        pin.marker.setLngLat([marker.longitude, marker.latitude]).addTo(map);
        pins.current.set(marker.location_id, pin);
      }
      pin.marker.setLngLat([marker.longitude, marker.latitude]);
      pin.element.dataset.locationId = marker.location_id;
      pin.element.dataset.alerts = String(marker.alerts_found);
      pin.element.setAttribute('aria-label', describe(marker));
      pin.element.title = describe(marker);
      pin.dot.textContent = marker.alerts_found > 0 ? String(marker.alerts_found) : '';
      pin.label.textContent = marker.title;
    }
  }, [map, markers, describe]);

  // Colours follow the blink's phase; the selected marker stands out and shows its name.
  useEffect(() => {
    for (const marker of markers) {
      const pin = pins.current.get(marker.location_id);
      if (!pin) continue;
      const color = blinkingColorOf(marker.absolute_energy_rating, marker.alerts_found, phase);
      pin.element.dataset.color = color;
      pin.dot.style.backgroundColor = MARKER_COLORS[color];
      pin.element.dataset.selected = String(marker.location_id === selected);
      pin.marker.getElement().style.zIndex = marker.location_id === selected ? '2' : '1';
    }
  }, [map, markers, phase, selected]);

  // The sites fill the view when they come (and when another customer's replace them).
  const boundsKey = bounds ? [bounds.southwest.lat, bounds.southwest.lng, bounds.northeast.lat, bounds.northeast.lng].join(',') : '';
  useEffect(() => {
    if (!map || !bounds) return;
    const box: LngLatBoundsLike = [
      [bounds.southwest.lng, bounds.southwest.lat],
      [bounds.northeast.lng, bounds.northeast.lat],
    ];
    map.fitBounds(box, { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM, duration: 0 });
  }, [map, boundsKey]);

  // A site chosen (in the list, on the map, by a link) is brought into view at a site's zoom, where its town is named.
  useEffect(() => {
    const chosen = markers.find((marker) => marker.location_id === selected);
    if (!map || !chosen) return;
    const center: [number, number] = [chosen.longitude, chosen.latitude];
    if (!coveredBelow && map.getZoom() >= SITE_ZOOM && map.getBounds().contains(center)) return;
    // Centred in the part of the map left uncovered.
    const offset: [number, number] = [0, (-map.getContainer().clientHeight * coveredBelow) / 2];
    map.easeTo({ center, zoom: Math.max(map.getZoom(), SITE_ZOOM), offset, duration: 300 });
  }, [map, selected]);

  return (
    <div
      ref={container}
      className={classes.map}
      data-testid="maplytics-map"
      data-ready={drawn ? 'true' : 'false'}
      data-basemap={bundled === null ? undefined : bundled ? 'bundled' : 'style'}
    />
  );
};
