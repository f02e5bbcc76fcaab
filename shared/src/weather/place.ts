/**
 * Positions are kept to two decimals of a degree — about 1.1 km north–south, less east–west:
 * close positions share one place, hence one cached answer, and the provider never learns more
 * of a user's position than that.
 */
export const PLACE_DECIMALS = 2;

export interface Place {
  lat: number;
  lon: number;
}

const round = (value: number): number => {
  const factor = 10 ** PLACE_DECIMALS;
  const rounded = Math.round(value * factor) / factor;
  // -0.001 rounds to -0, which would print as another place than 0.
  return Object.is(rounded, -0) ? 0 : rounded;
};

export const roundPlace = (position: Place): Place => ({ lat: round(position.lat), lon: round(position.lon) });

/** The place as text, the same for every position it rounds from (`45.75,4.83`). */
export const placeText = (position: Place): string => {
  const place = roundPlace(position);
  return `${place.lat.toFixed(PLACE_DECIMALS)},${place.lon.toFixed(PLACE_DECIMALS)}`;
};
