import * as z from 'zod';
import type { GeocodedAddress } from '@shared/schemas/maplytics';
import { requireSetting } from '../config';
import { AppError } from '../errors';

/**
 * The French address API (Base Adresse Nationale, served by IGN's Géoplateforme at
 * `https://data.geopf.fr/geocodage`, formerly `api-adresse.data.gouv.fr`): `GET /search?q=…&limit=…`
 * answers a GeoJSON FeatureCollection (GeocodeJSON) of points with a label, a score and the kind
 * of place found. It needs no key. The provider's shapes are read here and nowhere else.
 */

const PROVIDER_TIMEOUT_MS = 8_000;

const answerSchema = z.object({
  features: z.array(
    z.object({
      geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]).rest(z.number()) }),
      properties: z.object({
        label: z.string(),
        score: z.number().optional(),
        type: z.string().optional(),
        city: z.string().optional(),
        postcode: z.string().optional(),
      }),
    }),
  ),
});

/** Half the height of the view around a place, in degrees of latitude, by the kind of place (the API gives no box). */
const VIEW_HALF_HEIGHT: Record<string, number> = { housenumber: 0.002, street: 0.005, locality: 0.01, municipality: 0.05 };

const viewportAround = (lat: number, lng: number, type: string | undefined) => {
  const half = VIEW_HALF_HEIGHT[type ?? ''] ?? 0.01;
  const wide = half / Math.max(Math.cos((lat * Math.PI) / 180), 0.1);
  return { southwest: { lat: lat - half, lng: lng - wide }, northeast: { lat: lat + half, lng: lng + wide } };
};

/** `GET /search`: the addresses like the text, best first. Any failure is `geocoding_unavailable`. */
export const searchAddresses = async (text: string, limit: number): Promise<GeocodedAddress[]> => {
  const url = new URL(`${requireSetting('GEOCODING_PROVIDER_URL').replace(/\/+$/, '')}/search`);
  url.searchParams.set('q', text);
  url.searchParams.set('limit', String(limit));
  let answer: Response;
  try {
    answer = await fetch(url, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS), headers: { Accept: 'application/json' } });
  } catch (error) {
    throw new AppError('geocoding_unavailable', { cause: error, details: { reason: 'no answer' } });
  }
  const body: unknown = await answer.json().catch(() => null);
  if (!answer.ok) throw new AppError('geocoding_unavailable', { details: { status: answer.status } });
  const parsed = answerSchema.safeParse(body);
  if (!parsed.success) throw new AppError('geocoding_unavailable', { details: { issues: parsed.error.issues.slice(0, 3) } });
  return parsed.data.features.map(({ geometry, properties }) => {
    const [lng, lat] = geometry.coordinates;
    return {
      label: properties.label,
      city: properties.city ?? null,
      postcode: properties.postcode ?? null,
      score: properties.score ?? 0,
      coordinates: { location: { lat, lng }, viewport: viewportAround(lat, lng, properties.type) },
    };
  });
};
