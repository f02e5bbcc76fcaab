/** Conversions between units of one family, as factors to a base unit (°F handled apart). */
const FAMILIES: Record<string, Record<string, number>> = {
  energy: { Wh: 1, kWh: 1_000, MWh: 1_000_000, GWh: 1_000_000_000 },
  power: { W: 1, kW: 1_000, MW: 1_000_000 },
  volume: { L: 1, 'm³': 1_000 },
  speed: { mps: 1, mph: 0.44704 },
};

export const canConvert = (from: string, to: string): boolean =>
  from === to ||
  (['°C', 'c'].includes(from) && ['°F', 'f'].includes(to)) ||
  (['°F', 'f'].includes(from) && ['°C', 'c'].includes(to)) ||
  Object.values(FAMILIES).some((family) => from in family && to in family);

const TEMPERATURE_UNITS: Record<string, readonly string[]> = { '°C': ['°F'], c: ['°F'], '°F': ['°C'], f: ['°C'] };

/** The units a value in `unit` can be shown in instead (the others of its family), for a unit picker. */
export const convertibleUnits = (unit: string): string[] => {
  if (unit in TEMPERATURE_UNITS) return [...TEMPERATURE_UNITS[unit]];
  const family = Object.values(FAMILIES).find((candidate) => unit in candidate);
  return family ? Object.keys(family).filter((other) => other !== unit) : [];
};

/** Converts a value; units that do not convert are refused by the caller beforehand (canConvert). */
export const convertUnit = (value: number, from: string, to: string): number => {
  if (from === to) return value;
  if (['°C', 'c'].includes(from) && ['°F', 'f'].includes(to)) return (value * 9) / 5 + 32;
  if (['°F', 'f'].includes(from) && ['°C', 'c'].includes(to)) return ((value - 32) * 5) / 9;
  const family = Object.values(FAMILIES).find((candidate) => from in candidate && to in candidate);
  if (!family) throw new Error(`Cannot convert ${from} to ${to}`);
  return (value * family[from]) / family[to];
};
