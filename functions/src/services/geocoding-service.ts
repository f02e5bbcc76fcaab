import { ADDRESS_SEARCH } from '@shared/maplytics/constants';
import type { GeocodedAddress } from '@shared/schemas/maplytics';
import { searchAddresses } from '../clients/geocoder';

/** The address search of a location (spec 3 §2): nothing is asked of the provider below 3 characters. */
export const geocodeAddress = async (text: string): Promise<GeocodedAddress[]> =>
  text.trim().length < ADDRESS_SEARCH.minLength ? [] : searchAddresses(text.trim(), ADDRESS_SEARCH.maxResults);
