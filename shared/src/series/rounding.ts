/** Decimals shown per unit (spec 1 §9); any other unit gets one. */
export const UNIT_DECIMALS: Record<string, number> = {
  kWh: 1,
  MWh: 2,
  W: 0,
  kW: 1,
  MW: 2,
  GWh: 2,
  pH: 1,
  '%': 2,
  '‰': 3,
  '°C': 1,
  '°F': 1,
  c: 1,
  f: 1,
  'm²': 2,
  'm³': 3,
  L: 0,
  mps: 1,
  mph: 1,
  wind_deg: 0,
};
export const DEFAULT_DECIMALS = 1;

export const decimalsFor = (unit: string | null | undefined): number =>
  unit != null && unit in UNIT_DECIMALS ? UNIT_DECIMALS[unit] : DEFAULT_DECIMALS;

export const roundForUnit = (value: number | null, unit: string | null | undefined): number | null => {
  if (value === null || !Number.isFinite(value)) return null;
  const factor = 10 ** decimalsFor(unit);
  // `+ 0` turns the -0 of a small negative value into 0, which is not written "-0".
  return Math.round((value + Number.EPSILON * Math.sign(value)) * factor) / factor + 0;
};

/** How a unit is displayed: mps as m/s, c as °C, f as °F. */
export const displayUnit = (unit: string): string => ({ mps: 'm/s', c: '°C', f: '°F' })[unit] ?? unit;
