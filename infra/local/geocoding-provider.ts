import { startFakeGeocoder } from './fake-geocoder';

/**
 * The geocoding provider a local deployment's address search talks to: the French address API
 * itself when the operator names it (`GEOCODER_URL=https://data.geopf.fr/geocodage`), else the
 * local server speaking its API on a loopback port. Either way the functions get the URL as
 * deploy-time context, as on AWS.
 */
export interface GeocodingProvider {
  url: string;
  /** Whether it is the local stand-in (whose calls the tests can read). */
  fake: boolean;
  close: () => Promise<void>;
}

export const startGeocodingProvider = async (): Promise<GeocodingProvider> => {
  const operatorUrl = process.env.GEOCODER_URL?.trim();
  if (operatorUrl) return { url: operatorUrl, fake: false, close: async () => undefined };
  const fake = await startFakeGeocoder();
  return { url: fake.url, fake: true, close: fake.close };
};
