import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the French address API (Base Adresse Nationale, served by IGN's
 * Géoplateforme), which cannot be reached from here: it speaks its documented search call,
 * `GET /search?q=…&limit=…` (also `/search/`), answering a GeoJSON FeatureCollection
 * (GeocodeJSON) of a few real French addresses, streets and towns whose words all start words of
 * the query's — accents and case aside. Like the API, a query outside 3 to 200 characters answers 400.
 *
 * For the tests it also answers `GET /_fake/calls` (the queries received) and
 * `PUT /_fake/outage?on=true|false` (every search answers 503 while on).
 */

export interface FakeGeocoder {
  url: string;
  close: () => Promise<void>;
}

interface Place {
  type: 'housenumber' | 'street' | 'municipality';
  label: string;
  name: string;
  housenumber?: string;
  street?: string;
  postcode: string;
  citycode: string;
  city: string;
  context: string;
  lon: number;
  lat: number;
}

const RHONE = '69, Rhône, Auvergne-Rhône-Alpes';
const ISERE = '38, Isère, Auvergne-Rhône-Alpes';
const PARIS = '75, Paris, Île-de-France';

const PLACES: Place[] = [
  { type: 'housenumber', label: '12 Quai Perrache 69002 Lyon', name: '12 Quai Perrache', housenumber: '12', street: 'Quai Perrache', postcode: '69002', citycode: '69382', city: 'Lyon', context: RHONE, lon: 4.8262, lat: 45.7485 },
  { type: 'housenumber', label: '30 Quai Perrache 69002 Lyon', name: '30 Quai Perrache', housenumber: '30', street: 'Quai Perrache', postcode: '69002', citycode: '69382', city: 'Lyon', context: RHONE, lon: 4.8241, lat: 45.7447 },
  { type: 'street', label: 'Quai Perrache 69002 Lyon', name: 'Quai Perrache', postcode: '69002', citycode: '69382', city: 'Lyon', context: RHONE, lon: 4.8249, lat: 45.7462 },
  { type: 'housenumber', label: '20 Place Bellecour 69002 Lyon', name: '20 Place Bellecour', housenumber: '20', street: 'Place Bellecour', postcode: '69002', citycode: '69382', city: 'Lyon', context: RHONE, lon: 4.8318, lat: 45.7576 },
  { type: 'housenumber', label: '1 Place de la Comédie 69001 Lyon', name: '1 Place de la Comédie', housenumber: '1', street: 'Place de la Comédie', postcode: '69001', citycode: '69381', city: 'Lyon', context: RHONE, lon: 4.8364, lat: 45.7673 },
  { type: 'housenumber', label: '60 Rue de la République 69002 Lyon', name: '60 Rue de la République', housenumber: '60', street: 'Rue de la République', postcode: '69002', citycode: '69382', city: 'Lyon', context: RHONE, lon: 4.8352, lat: 45.7617 },
  { type: 'municipality', label: 'Lyon', name: 'Lyon', postcode: '69001', citycode: '69123', city: 'Lyon', context: RHONE, lon: 4.835, lat: 45.758 },
  { type: 'municipality', label: 'Villeurbanne', name: 'Villeurbanne', postcode: '69100', citycode: '69266', city: 'Villeurbanne', context: RHONE, lon: 4.8902, lat: 45.7719 },
  { type: 'housenumber', label: '5 Rue des Arts et Métiers 38000 Grenoble', name: '5 Rue des Arts et Métiers', housenumber: '5', street: 'Rue des Arts et Métiers', postcode: '38000', citycode: '38185', city: 'Grenoble', context: ISERE, lon: 5.7245, lat: 45.1885 },
  { type: 'housenumber', label: '11 Boulevard Jean Pain 38000 Grenoble', name: '11 Boulevard Jean Pain', housenumber: '11', street: 'Boulevard Jean Pain', postcode: '38000', citycode: '38185', city: 'Grenoble', context: ISERE, lon: 5.7357, lat: 45.1865 },
  { type: 'municipality', label: 'Grenoble', name: 'Grenoble', postcode: '38000', citycode: '38185', city: 'Grenoble', context: ISERE, lon: 5.7357, lat: 45.1875 },
  { type: 'housenumber', label: '8 Avenue du 8 Mai 1945 38130 Échirolles', name: '8 Avenue du 8 Mai 1945', housenumber: '8', street: 'Avenue du 8 Mai 1945', postcode: '38130', citycode: '38151', city: 'Échirolles', context: ISERE, lon: 5.7189, lat: 45.1458 },
  { type: 'housenumber', label: '29 Rue de Rivoli 75004 Paris', name: '29 Rue de Rivoli', housenumber: '29', street: 'Rue de Rivoli', postcode: '75004', citycode: '75104', city: 'Paris', context: PARIS, lon: 2.3587, lat: 48.8554 },
  { type: 'street', label: "Place de l'Hôtel de Ville 75004 Paris", name: "Place de l'Hôtel de Ville", postcode: '75004', citycode: '75104', city: 'Paris', context: PARIS, lon: 2.3523, lat: 48.8565 },
  { type: 'housenumber', label: '10 Quai de la Fraternité 13001 Marseille', name: '10 Quai de la Fraternité', housenumber: '10', street: 'Quai de la Fraternité', postcode: '13001', citycode: '13201', city: 'Marseille', context: '13, Bouches-du-Rhône, Provence-Alpes-Côte d’Azur', lon: 5.3744, lat: 43.2953 },
];

const wordsOf = (text: string): string[] =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Every word of the query starts a word of the place (the API completes the last word as it is typed). */
const matches = (query: string[], place: Place): boolean => {
  const words = wordsOf(`${place.label} ${place.context}`);
  return query.every((word) => words.some((candidate) => candidate.startsWith(word)));
};

const featureOf = (place: Place, score: number) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [place.lon, place.lat] },
  properties: {
    label: place.label,
    score,
    ...(place.housenumber ? { housenumber: place.housenumber, street: place.street } : {}),
    id: `${place.citycode}_${place.name.toLowerCase().replace(/\W+/g, '_')}`,
    name: place.name,
    postcode: place.postcode,
    citycode: place.citycode,
    city: place.city,
    context: place.context,
    type: place.type,
    importance: 0.6,
  },
});

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
};

export const startFakeGeocoder = async (port = 0): Promise<FakeGeocoder> => {
  let outage = false;
  const calls: { q: string; limit: number; at: string }[] = [];

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake.invalid');
    if (url.pathname === '/_fake/calls' && request.method === 'GET') return send(response, 200, { calls });
    if (url.pathname === '/_fake/outage' && request.method === 'PUT') {
      outage = url.searchParams.get('on') === 'true';
      return send(response, 200, { outage });
    }
    if (!['/search', '/search/'].includes(url.pathname) || request.method !== 'GET') return send(response, 404, { code: 404, message: 'Not found' });
    const q = (url.searchParams.get('q') ?? '').trim();
    const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? 5) || 5, 1), 20);
    if (q.length < 3 || q.length > 200) {
      return send(response, 400, { code: 400, detail: ['q: must contain between 3 and 200 chars and start with a number or a letter'], message: 'Failed parsing query' });
    }
    calls.push({ q, limit, at: new Date().toISOString() });
    if (outage) return send(response, 503, { code: 503, message: 'Service temporarily unavailable' });
    const query = wordsOf(q);
    const found = PLACES.filter((place) => matches(query, place)).slice(0, limit);
    return send(response, 200, {
      type: 'FeatureCollection',
      version: 'draft',
      features: found.map((place, index) => featureOf(place, Math.round((0.97 - index * 0.04) * 1000) / 1000)),
      attribution: 'BAN',
      licence: 'ETALAB-2.0',
      query: q,
      limit,
    });
  };

  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The functions' keep-alive connections would hold the server open.
        server.closeAllConnections();
      }),
  };
};
