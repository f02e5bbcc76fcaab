import type { LoginPayload, RenewedPayload } from '@shared/schemas/session';

/** The locations of the login payload the client holds (`locations_stamp` is missing from one stored before stamps). */
export type HeldLocations = Pick<LoginPayload, 'locations' | 'locations_flattened'> & { locations_stamp?: string };

/** The stamp a renewal sends for the locations held (none without them). */
export const stampOfHeld = (held: HeldLocations | null): string | null => held?.locations_stamp ?? null;

/**
 * A renewal's answer made whole: when the server said the locations held are still the visible
 * ones, they are these very arrays (what reads them is not drawn again).
 */
export const completeRenewedPayload = (answer: RenewedPayload, held: HeldLocations | null): LoginPayload => {
  if (!('locations_unchanged' in answer)) return answer;
  // The server leaves them out only for the stamp it was sent, which only held locations give.
  if (!held) throw new Error('auto_login left out locations it was not told of');
  const { locations_unchanged: _unchanged, ...rest } = answer;
  return { ...rest, locations: held.locations, locations_flattened: held.locations_flattened };
};
