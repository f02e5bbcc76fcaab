import type { StyleSpecification } from 'maplibre-gl';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesUrl from 'world-atlas/countries-50m.json?url';
import franceUrl from '../data/basemap-france.json?url';

/**
 * The map's basemap: the configured MapLibre style (`mapStyleUrl` of the runtime configuration,
 * OpenFreeMap's by default: a public vector style that needs no key, with its own attribution), or,
 * when none is configured or it cannot be loaded (no Internet, the provider down), the one bundled
 * with the app: the world's countries (world-atlas, Natural Earth 1:50m) and, over France and its
 * neighbours, coasts, rivers, lakes, built-up areas, country and region borders from Natural Earth and IGN,
 * with the names of cities and towns from GeoNames (infra/tools/basemap-data.ts makes that file).
 * The bundled one needs nothing beyond the app's own server: its names are HTML labels
 * (place-labels.ts), not MapLibre symbols, which would need glyphs from a server.
 */

const SEA = '#cfe3f3';
const LAND = '#f6f4ef';
const URBAN = '#e9e3d8';
const WATER_LINE = '#8fb8de';
const COUNTRY_BORDER = '#9a8fa8';
const REGION_BORDER = '#b9b0c4';

/** Past this zoom the world's countries (1:50m) give way to the detailed land. */
const WORLD_MAX_ZOOM = 6;
/** A configured style that has not answered by then is given up for the bundled one. */
const STYLE_TIMEOUT_MS = 6_000;

export interface Place {
  name: string;
  /** The zoom from which the map names it. */
  zoom: number;
  lngLat: [number, number];
}

export interface Basemap {
  style: StyleSpecification;
  /** The places the map names itself (the bundled basemap); none: the style names them. */
  places: Place[];
  bundled: boolean;
}

type FranceTopology = Topology<{
  land: GeometryCollection;
  urban: GeometryCollection;
  lakes: GeometryCollection;
  rivers: GeometryCollection<{ major: number }>;
  borders: GeometryCollection;
  regions: GeometryCollection;
  places: GeometryCollection<{ n: string; z: number }>;
}>;

const fetchJson = async <T>(url: string, signal?: AbortSignal): Promise<T> => {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
};

const ATTRIBUTION = 'Natural Earth · IGN · <a href="https://www.geonames.org/">GeoNames</a>';

type WorldTopology = Topology<{ countries: GeometryCollection }>;

/** What was fetched of a basemap: a style as it came, or the bundled files still as TopoJSON (turned into GeoJSON once the map takes them). */
type Fetched = { kind: 'style'; style: StyleSpecification } | { kind: 'bundled'; world: WorldTopology; france: FranceTopology };

const fetchBundled = async (): Promise<Fetched> => {
  const [world, france] = await Promise.all([fetchJson<WorldTopology>(countriesUrl), fetchJson<FranceTopology>(franceUrl)]);
  return { kind: 'bundled', world, france };
};

/**
 * The map's first style, drawn at once: the sea alone, under the sites' markers, while the basemap
 * loads (its files, ~1.2 MB, and their GeoJSON take a second or more on a slow machine): the
 * markers and the list of sites never wait for it.
 */
export const BLANK_STYLE: StyleSpecification = { version: 8, sources: {}, layers: [{ id: 'sea', type: 'background', paint: { 'background-color': SEA } }] };

/** The bundled basemap from its files (their TopoJSON turned into GeoJSON: main-thread work, done when the map takes it). */
export const bundledBasemap = (world: WorldTopology, france: FranceTopology): Basemap => {
  const layer = (name: Exclude<keyof FranceTopology['objects'], 'places'>) => feature(france, france.objects[name]);
  const places = feature(france, france.objects.places).features.map((place) => ({
    name: place.properties.n,
    zoom: place.properties.z,
    lngLat: (place.geometry as GeoJSON.Point).coordinates as [number, number],
  }));
  return {
    bundled: true,
    places,
    style: {
      version: 8,
      sources: {
        world: { type: 'geojson', data: feature(world, world.objects.countries), attribution: ATTRIBUTION },
        // Also here: a source's attribution shows while its layers are drawn, and the world's stop at WORLD_MAX_ZOOM.
        land: { type: 'geojson', data: layer('land'), attribution: ATTRIBUTION },
        urban: { type: 'geojson', data: layer('urban') },
        lakes: { type: 'geojson', data: layer('lakes') },
        rivers: { type: 'geojson', data: layer('rivers') },
        borders: { type: 'geojson', data: layer('borders') },
        regions: { type: 'geojson', data: layer('regions') },
      },
      layers: [
        { id: 'sea', type: 'background', paint: { 'background-color': SEA } },
        { id: 'world', type: 'fill', source: 'world', maxzoom: WORLD_MAX_ZOOM, paint: { 'fill-color': LAND } },
        { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': LAND } },
        { id: 'urban', type: 'fill', source: 'urban', minzoom: 6, paint: { 'fill-color': URBAN } },
        { id: 'lakes', type: 'fill', source: 'lakes', paint: { 'fill-color': SEA, 'fill-outline-color': WATER_LINE } },
        {
          id: 'rivers',
          type: 'line',
          source: 'rivers',
          layout: { 'line-cap': 'round', 'line-join': 'round' },
          paint: {
            'line-color': WATER_LINE,
            'line-width': ['interpolate', ['linear'], ['zoom'], 5, ['case', ['==', ['get', 'major'], 1], 1, 0.4], 12, ['case', ['==', ['get', 'major'], 1], 4, 1.6]],
          },
        },
        {
          id: 'regions',
          type: 'line',
          source: 'regions',
          minzoom: 5,
          paint: { 'line-color': REGION_BORDER, 'line-width': ['interpolate', ['linear'], ['zoom'], 5, 0.6, 12, 1.6], 'line-dasharray': [3, 2] },
        },
        { id: 'world-borders', type: 'line', source: 'world', maxzoom: WORLD_MAX_ZOOM, paint: { 'line-color': COUNTRY_BORDER, 'line-width': 0.8 } },
        {
          id: 'borders',
          type: 'line',
          source: 'borders',
          minzoom: WORLD_MAX_ZOOM,
          paint: { 'line-color': COUNTRY_BORDER, 'line-width': ['interpolate', ['linear'], ['zoom'], 6, 1, 12, 2.4] },
        },
      ],
    },
  };
};

/** The configured style, if it answers in time with a MapLibre style; else the bundled basemap's files. */
const fetchBasemap = async (styleUrl: string | null): Promise<Fetched> => {
  if (styleUrl) {
    try {
      const style = await fetchJson<StyleSpecification>(styleUrl, AbortSignal.timeout(STYLE_TIMEOUT_MS));
      if (style?.version === 8 && Array.isArray(style.layers)) return { kind: 'style', style };
      console.warn(`The map style ${styleUrl} is not a MapLibre style: the bundled basemap is drawn`);
    } catch (error) {
      console.warn(`The map style ${styleUrl} cannot be loaded: the bundled basemap is drawn`, error);
    }
  }
  return fetchBundled();
};

/** Basemaps started before the map asked for them, by style: each taken once (a map gets a style object of its own). */
const started = new Map<string | null, Promise<Fetched>>();

/**
 * Starts fetching the basemap's files before the map is drawn (the route does, beside the sites' markers
 * and the map's code): the map takes them once its markers are drawn instead of asking for them then.
 */
export const startBasemap = (styleUrl: string | null): void => {
  if (started.has(styleUrl)) return;
  const loading = fetchBasemap(styleUrl);
  // Not taken yet, a failure is the map's to report when it takes it.
  loading.catch(() => undefined);
  started.set(styleUrl, loading);
};

/** The basemap started for this style, once; else one loaded now. */
export const takeBasemap = async (styleUrl: string | null): Promise<Basemap> => {
  const loading = started.get(styleUrl);
  started.delete(styleUrl);
  const fetched = await (loading ?? fetchBasemap(styleUrl));
  return fetched.kind === 'style' ? { style: fetched.style, places: [], bundled: false } : bundledBasemap(fetched.world, fetched.france);
};
