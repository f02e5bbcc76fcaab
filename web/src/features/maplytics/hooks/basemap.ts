import type { StyleSpecification } from 'maplibre-gl';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesUrl from 'world-atlas/countries-50m.json?url';

/**
 * The map's basemap: the deployment's MapLibre style when it names one (`mapStyleUrl` of
 * config.json, e.g. a vector tile provider's), else the world's countries from Natural Earth
 * (world-atlas, 1:50m: coasts still read at a city's zoom) shipped with the app as a static file, drawn plainly: it needs no network
 * beyond the app's own server, and no glyphs (markers and their labels are HTML).
 */

const SEA = '#dbe9f6';
const LAND = '#f8f9fa';
const BORDER = '#adb5bd';

const bundledStyle = async (): Promise<StyleSpecification> => {
  const response = await fetch(countriesUrl);
  if (!response.ok) throw new Error(`The bundled countries answered ${response.status}`);
  const topology = (await response.json()) as Topology<{ countries: GeometryCollection }>;
  return {
    version: 8,
    sources: {
      countries: { type: 'geojson', data: feature(topology, topology.objects.countries), attribution: 'Natural Earth' },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': SEA } },
      { id: 'countries', type: 'fill', source: 'countries', paint: { 'fill-color': LAND } },
      { id: 'borders', type: 'line', source: 'countries', paint: { 'line-color': BORDER, 'line-width': 0.8 } },
    ],
  };
};

export const basemapStyle = (styleUrl: string | null): Promise<StyleSpecification | string> => (styleUrl ? Promise.resolve(styleUrl) : bundledStyle());
