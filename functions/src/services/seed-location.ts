import { DEFAULT_TIMEZONE } from '@shared/constants';
import type { Location } from '@shared/schemas/location';

/** A location as the seeds write it: the defaults a new location has, and what the seed names. */
export const seedLocation = (
  customerId: string,
  _id: string,
  name: string,
  parent: string | null,
  position: number,
  extra: Partial<Location> = {},
): Location => ({
  _id,
  name,
  denomination: null,
  customer: customerId,
  parent,
  hidden: false,
  address: null,
  type: null,
  surface: null,
  coordinates: null,
  timezone: DEFAULT_TIMEZONE,
  position,
  maplytics_custom_settings: { levels: null },
  ...extra,
});
