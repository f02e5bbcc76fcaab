import { useEffect, useRef, useState } from 'react';
import { AttributionControl, Map as MapLibreMap, Marker, NavigationControl, prewarm, setWorkerUrl, type GeoJSONSource, type LngLatBoundsLike, type StyleSpecification } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { MARKER_COLORS } from '@shared/maplytics/constants';
import { blinkingColorOf, markerColorOf } from '@shared/maplytics/marker-colour';
import type { MapMarker, MaplyticsAnswer } from '@shared/schemas/maplytics';
import { readableTextOn } from '../../../lib/accessible-colors';
import { BLANK_STYLE, takeBasemap } from '../hooks/basemap';
import { showPlaceLabels } from '../hooks/place-labels';
import { useBlinkPhase } from '../hooks/use-blink-phase';
import classes from './maplytics.module.css';

// The worker is built as a script of its own (.js, which every server types right): maplibre would look for
// its .mjs beside its module, which the bundle moves.
setWorkerUrl(workerUrl);
// The map's workers start with its code (loaded beside the sites' markers), not once the map is created.
prewarm();

/** Metropolitan France, where the map opens before it knows the sites. */
const FRANCE = { center: [2.4, 46.6] as [number, number], zoom: 4.6 };
const FIT_PADDING = 70;
const FIT_MAX_ZOOM = 12;
/** A site chosen in the list is shown at least this close: its town and its neighbours' are named. */
const SITE_ZOOM = 11;

/** Sites closer than this on the screen, in pixels, are drawn as one cluster. */
const CLUSTER_RADIUS_PX = 44;
/** From a site's zoom on, every site is its own marker (sites in one building included). */
const CLUSTER_MAX_ZOOM = SITE_ZOOM - 1;
const SOURCE = 'sites';
/** The sites' invisible layer, kept above the basemap's. */
const ANCHOR = `${SOURCE}-anchor`;
/** The performance mark set when the sites' markers are first drawn (what `data-ready` says). */
export const MARKERS_DRAWN_MARK = 'maplytics:markers-drawn';
/** The basemap waits for the page to be idle after the markers are drawn, at most this long. */
const BASEMAP_IDLE_TIMEOUT_MS = 1_000;
/** An unrated site counts below every rating in a cluster's worst. */
const UNRATED = -1;

/** A cluster of sites: how many, the worst rating among them (null: none rated), their open alerts. */
export interface SiteCluster {
  count: number;
  worst: number | null;
  alerts: number;
}

export interface MaplyticsMapProps {
  markers: readonly MapMarker[];
  bounds: MaplyticsAnswer['bounds'];
  selected: string | null;
  onSelect: (locationId: string) => void;
  styleUrl: string | null;
  /** What a marker says to screen readers and on hover. */
  describe: (marker: MapMarker) => string;
  /** What a cluster says to screen readers and on hover, and the unit under its count. */
  describeCluster: (cluster: SiteCluster) => string;
  clusterUnit: (count: number) => string;
  /** The map could not be drawn here (no WebGL): the screen says so and keeps its list of sites. */
  onUnavailable: (error: unknown) => void;
  /** The share of the map's height a chosen site's panel covers from the bottom (the phone's sheet): the site is shown above it. */
  coveredBelow?: number;
}

/**
 * A button's spoken name, in its content rather than an aria-label: what the marker shows (a count,
 * a unit, a badge) is drawn for the eye and hidden from assistive technologies, and the name says it
 * all in words (axe's label-content-name-mismatch: an aria-label must contain the visible text,
 * which '12sites3' cannot be made to).
 */
const spokenName = (): HTMLSpanElement => {
  const name = document.createElement('span');
  name.className = classes.spokenName;
  return name;
};

interface Pin {
  marker: Marker;
  element: HTMLButtonElement;
  dot: HTMLSpanElement;
  label: HTMLSpanElement;
  name: HTMLSpanElement;
}

const createPin = (onClick: () => void): Pin => {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = classes.marker;
  element.dataset.testid = 'map-marker';
  const dot = document.createElement('span');
  dot.className = classes.markerDot;
  dot.dataset.part = 'dot';
  dot.setAttribute('aria-hidden', 'true');
  const label = document.createElement('span');
  label.className = classes.markerLabel;
  label.setAttribute('aria-hidden', 'true');
  const name = spokenName();
  element.append(dot, label, name);
  element.addEventListener('click', (event) => {
    event.stopPropagation();
    onClick();
  });
  return { marker: new Marker({ element, anchor: 'center' }), element, dot, label, name };
};

interface ClusterPin {
  marker: Marker;
  element: HTMLButtonElement;
  count: HTMLSpanElement;
  unit: HTMLSpanElement;
  alerts: HTMLSpanElement;
  name: HTMLSpanElement;
}

const createClusterPin = (onClick: () => void): ClusterPin => {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = classes.cluster;
  element.dataset.testid = 'map-cluster';
  const count = document.createElement('span');
  count.className = classes.clusterCount;
  count.dataset.part = 'count';
  count.setAttribute('aria-hidden', 'true');
  const unit = document.createElement('span');
  unit.className = classes.clusterUnit;
  unit.dataset.part = 'unit';
  unit.setAttribute('aria-hidden', 'true');
  const name = spokenName();
  const alerts = document.createElement('span');
  alerts.className = classes.clusterAlerts;
  alerts.setAttribute('aria-hidden', 'true');
  element.append(count, unit, alerts, name);
  element.addEventListener('click', (event) => {
    event.stopPropagation();
    onClick();
  });
  return { marker: new Marker({ element, anchor: 'center' }), element, count, unit, alerts, name };
};

const sitesGeoJson = (markers: readonly MapMarker[]): GeoJSON.FeatureCollection<GeoJSON.Point> => ({
  type: 'FeatureCollection',
  features: markers.map((marker) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [marker.longitude, marker.latitude] },
    properties: { id: marker.location_id, rating: marker.absolute_energy_rating ?? UNRATED, alerts: marker.alerts_found },
  })),
});

/**
 * Draws a basemap under the sites: the bundled one's sources and layers added beneath the sites' layer;
 * a configured style put in place of the first, keeping the sites' source (its clusters and data) and layer.
 */
const drawBasemap = (map: MapLibreMap, style: StyleSpecification, bundled: boolean) => {
  if (bundled) {
    for (const [id, source] of Object.entries(style.sources)) if (!map.getSource(id)) map.addSource(id, source);
    for (const layer of style.layers) if (!map.getLayer(layer.id)) map.addLayer(layer, ANCHOR);
    return;
  }
  map.setStyle(style, {
    diff: false,
    transformStyle: (previous, next) => ({
      ...next,
      sources: { ...next.sources, ...(previous?.sources[SOURCE] ? { [SOURCE]: previous.sources[SOURCE] } : {}) },
      layers: [...next.layers, ...(previous?.layers.filter((layer) => layer.id === ANCHOR) ?? [])],
    }),
  });
};

/**
 * The map of the sites (spec 2 §2): one marker per located site, coloured by its energy rating,
 * alternating with violet every 500 ms while it has alerts, with their count inside (spec 2 §4).
 * Sites close together on the screen are one cluster (MapLibre's clustering of a GeoJSON source),
 * showing how many sites it holds, coloured by the worst rating among them; pressing it zooms in
 * until it splits. Markers and clusters are HTML buttons over the map, drawn for the view only.
 */
export const MaplyticsMap = ({ markers, bounds, selected, onSelect, styleUrl, describe, describeCluster, clusterUnit, onUnavailable, coveredBelow = 0 }: MaplyticsMapProps) => {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [drawn, setDrawn] = useState(false);
  const [bundled, setBundled] = useState<boolean | null>(null);
  const [sourceReady, setSourceReady] = useState(false);
  const markersDrawn = useRef(false);
  const pins = useRef(new Map<string, Pin>());
  const clusters = useRef(new Map<number, ClusterPin>());
  const select = useRef(onSelect);
  select.current = onSelect;
  // What the map's own events (a move, new tiles) read to draw the markers in view.
  const current = useRef({ byId: new Map<string, MapMarker>(), describe, describeCluster, clusterUnit, phase: 0, selected });
  current.current = { ...current.current, describe, describeCluster, clusterUnit, selected };
  const unavailable = useRef(onUnavailable);
  unavailable.current = onUnavailable;
  const phase = useBlinkPhase(markers.some((marker) => marker.alerts_found > 0));

  const describePin = (pin: Pin, marker: MapMarker) => {
    const text = current.current.describe(marker);
    pin.element.dataset.locationId = marker.location_id;
    pin.element.dataset.alerts = String(marker.alerts_found);
    pin.name.textContent = text;
    pin.element.title = text;
    pin.dot.textContent = marker.alerts_found > 0 ? String(marker.alerts_found) : '';
    pin.label.textContent = marker.title;
  };

  const paintPin = (pin: Pin, marker: MapMarker) => {
    const color = blinkingColorOf(marker.absolute_energy_rating, marker.alerts_found, current.current.phase);
    const isSelected = marker.location_id === current.current.selected;
    pin.element.dataset.color = color;
    pin.dot.style.backgroundColor = MARKER_COLORS[color];
    pin.dot.style.color = readableTextOn(MARKER_COLORS[color]);
    pin.element.dataset.selected = String(isSelected);
    pin.marker.getElement().style.zIndex = isSelected ? '3' : '1';
  };

  /** The markers and clusters the view shows, from the source's clustering at this zoom: added, kept or removed. */
  const drawInView = (on: MapLibreMap) => {
    const { byId } = current.current;
    const seenPins = new Set<string>();
    const seenClusters = new Set<number>();
    for (const feature of on.querySourceFeatures(SOURCE)) {
      const properties = feature.properties as { cluster?: boolean; cluster_id?: number; point_count?: number; worst?: number; alerts?: number; id?: string };
      if (properties.cluster) {
        const id = properties.cluster_id!;
        if (seenClusters.has(id)) continue;
        seenClusters.add(id);
        const [lng, lat] = (feature.geometry as GeoJSON.Point).coordinates as [number, number];
        let cluster = clusters.current.get(id);
        if (!cluster) {
          const created: ClusterPin = createClusterPin(() => {
            // Zoomed in until the cluster splits, around it.
            void (on.getSource(SOURCE) as GeoJSONSource).getClusterExpansionZoom(id).then((zoom) => on.easeTo({ center: created.marker.getLngLat(), zoom, duration: 400 }));
          });
          cluster = created;
          cluster.marker.setLngLat([lng, lat]).addTo(on);
          clusters.current.set(id, cluster);
        } else cluster.marker.setLngLat([lng, lat]);
        const count = properties.point_count ?? 0;
        const worst = properties.worst !== undefined && properties.worst > UNRATED ? properties.worst : null;
        const alerts = properties.alerts ?? 0;
        if (cluster.element.dataset.key !== `${count}/${worst}/${alerts}`) {
          const band = markerColorOf(worst);
          const text = current.current.describeCluster({ count, worst, alerts });
          cluster.element.dataset.key = `${count}/${worst}/${alerts}`;
          cluster.element.dataset.count = String(count);
          cluster.element.dataset.color = band;
          cluster.element.dataset.alerts = String(alerts);
          cluster.element.dataset.size = count >= 100 ? 'large' : count >= 10 ? 'medium' : 'small';
          cluster.element.style.backgroundColor = MARKER_COLORS[band];
          cluster.element.style.color = readableTextOn(MARKER_COLORS[band]);
          cluster.name.textContent = text;
          cluster.element.title = text;
          cluster.count.textContent = String(count);
          cluster.unit.textContent = current.current.clusterUnit(count);
          cluster.alerts.textContent = alerts > 0 ? String(alerts) : '';
          cluster.alerts.hidden = alerts === 0;
        }
        continue;
      }
      const id = properties.id!;
      const marker = byId.get(id);
      if (!marker || seenPins.has(id)) continue;
      seenPins.add(id);
      let pin = pins.current.get(id);
      if (!pin) {
        pin = createPin(() => select.current(id));
        pin.marker.setLngLat([marker.longitude, marker.latitude]).addTo(on);
        pins.current.set(id, pin);
        describePin(pin, marker);
        paintPin(pin, marker);
      }
    }
    for (const [id, pin] of pins.current) {
      if (!seenPins.has(id)) {
        pin.marker.remove();
        pins.current.delete(id);
      }
    }
    for (const [id, cluster] of clusters.current) {
      if (!seenClusters.has(id)) {
        cluster.marker.remove();
        clusters.current.delete(id);
      }
    }
    on.getContainer().dataset.markers = String(pins.current.size);
    on.getContainer().dataset.clusters = String(clusters.current.size);
    // Ready once the sites are drawn: markers or clusters of the sites' data on the map (not the sea alone).
    if (!markersDrawn.current && byId.size > 0 && pins.current.size + clusters.current.size > 0) {
      markersDrawn.current = true;
      // When, for the browser's performance tools and the benches (bench:large prints it beside the time it noticed).
      performance.mark(MARKERS_DRAWN_MARK);
      setDrawn(true);
    }
  };

  useEffect(() => {
    if (!container.current) return;
    let created: MapLibreMap;
    try {
      // Created at once, while the markers load, on the sea alone: the markers are drawn as soon as they come, the basemap under them after.
      created = new MapLibreMap({ container: container.current, style: BLANK_STYLE, ...FRANCE, attributionControl: false, dragRotate: false });
    } catch (error) {
      unavailable.current(error);
      return;
    }
    created.addControl(new NavigationControl({ showCompass: false }), 'top-left');
    // The attribution the style's licences ask for, in full on a wide map, behind a button on a phone's;
    // at the top, where the legend never covers it.
    created.addControl(new AttributionControl(), 'top-right');
    created.touchZoomRotate.disableRotation();
    const map = created;
    created.once('load', () => {
      map.addSource(SOURCE, {
        type: 'geojson',
        data: sitesGeoJson([...current.current.byId.values()]),
        cluster: true,
        clusterRadius: CLUSTER_RADIUS_PX,
        clusterMaxZoom: CLUSTER_MAX_ZOOM,
        clusterProperties: { worst: ['max', ['get', 'rating']], alerts: ['+', ['get', 'alerts']] },
      });
      // Drawn by the HTML markers: this invisible layer only makes the source's tiles load.
      map.addLayer({ id: ANCHOR, type: 'circle', source: SOURCE, paint: { 'circle-radius': 0, 'circle-opacity': 0 } });
      const draw = () => {
        if (map.getSource(SOURCE) && map.isSourceLoaded(SOURCE)) drawInView(map);
      };
      // Each frame of a move, and once the source's clusters are in (which may come after the last frame).
      map.on('render', draw);
      map.on('sourcedata', (event) => {
        if (event.sourceId === SOURCE && event.isSourceLoaded) draw();
      });
      // Whether the view is still moving (a cluster pressed eases in): what tests wait for.
      map.on('movestart', () => (map.getContainer().dataset.moving = 'true'));
      map.on('moveend', () => {
        map.getContainer().dataset.moving = 'false';
        map.getContainer().dataset.zoom = map.getZoom().toFixed(2);
      });
      setSourceReady(true);
    });
    setMap(created);
    return () => {
      created.remove();
      pins.current.clear();
      clusters.current.clear();
      setMap(null);
      setSourceReady(false);
      markersDrawn.current = false;
      setDrawn(false);
      setBundled(null);
    };
  }, [styleUrl]);

  // The basemap (started by the route beside the markers), turned into GeoJSON and drawn only once the markers are:
  // its work (~1 s on a slow machine: TopoJSON to GeoJSON, the sources' tiles) never holds them back.
  useEffect(() => {
    if (!map || !drawn) return;
    let cancelled = false;
    let removeLabels = () => {};
    // Once the page is idle after the markers' frame (what a click or a key asks comes first): its TopoJSON turned
    // into GeoJSON, copied into maplibre's worker and drawn keep the main thread ~0.5 s on a slow machine.
    const idle = new Promise<void>((resolve) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: BASEMAP_IDLE_TIMEOUT_MS }) : setTimeout(resolve, 50)));
    void idle
      .then(() => (cancelled ? null : takeBasemap(styleUrl)))
      .then((basemap) => {
        if (cancelled || !basemap) return;
        const { style, places, bundled: own } = basemap;
        drawBasemap(map, style, own);
        if (places.length) {
          // Every site's point (its marker may not be drawn yet when the names are placed) and the clusters drawn.
          removeLabels = showPlaceLabels(map, places, classes.placeLabel, () => [
            ...[...current.current.byId.values()].map((marker): [number, number] => [marker.longitude, marker.latitude]),
            ...[...clusters.current.values()].map((cluster) => cluster.marker.getLngLat().toArray()),
          ]);
        }
        setBundled(own);
      })
      // The markers stay on the sea: the list and the panel keep working.
      .catch((error: unknown) => console.warn('The basemap cannot be drawn', error));
    return () => {
      cancelled = true;
      removeLabels();
    };
  }, [map, drawn, styleUrl]);

  // The panel beside the map or the navigation changes its width: the canvas follows.
  useEffect(() => {
    if (!map || !container.current) return;
    const observer = new ResizeObserver(() => map.resize());
    observer.observe(container.current);
    return () => observer.disconnect();
  }, [map]);

  // The sites' data: the source clusters them again.
  useEffect(() => {
    current.current.byId = new Map(markers.map((marker) => [marker.location_id, marker]));
    // (A configured style being put in place has no source for a moment: it keeps the data it was given.)
    if (map && sourceReady) (map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(sitesGeoJson(markers));
  }, [map, sourceReady, markers]);

  // The markers in view say what their sites are now (and in the language chosen).
  useEffect(() => {
    for (const [id, pin] of pins.current) {
      const marker = current.current.byId.get(id);
      if (marker) describePin(pin, marker);
    }
  }, [markers, describe]);

  // Colours follow the blink's phase; the selected marker stands out and shows its name.
  useEffect(() => {
    current.current.phase = phase;
    for (const [id, pin] of pins.current) {
      const marker = current.current.byId.get(id);
      if (marker) paintPin(pin, marker);
    }
  }, [map, markers, phase, selected]);

  useEffect(() => {
    for (const cluster of clusters.current.values()) cluster.unit.textContent = clusterUnit(Number(cluster.element.dataset.count));
  }, [clusterUnit]);

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

  // A site chosen (in the list, on the map, by a link) is brought into view at a site's zoom, where its town is named;
  // a link's site once the markers come (the map is created before them).
  const chosen = markers.find((marker) => marker.location_id === selected);
  useEffect(() => {
    if (!map || !chosen) return;
    const center: [number, number] = [chosen.longitude, chosen.latitude];
    if (!coveredBelow && map.getZoom() >= SITE_ZOOM && map.getBounds().contains(center)) return;
    // Centred in the part of the map left uncovered.
    const offset: [number, number] = [0, (-map.getContainer().clientHeight * coveredBelow) / 2];
    map.easeTo({ center, zoom: Math.max(map.getZoom(), SITE_ZOOM), offset, duration: 300 });
  }, [map, selected, chosen !== undefined]);

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
