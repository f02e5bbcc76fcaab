import { describe, expect, it } from 'vitest';
import { canConvert, convertibleUnits } from '@shared/series/unit-conversion';

describe('units a point can be shown in', () => {
  it('are the other units of its family', () => {
    expect(convertibleUnits('kWh')).toEqual(['Wh', 'MWh', 'GWh']);
    expect(convertibleUnits('m³')).toEqual(['L']);
    expect(convertibleUnits('W')).toEqual(['kW', 'MW']);
  });

  it('turn Celsius into Fahrenheit and back, whichever spelling the point uses', () => {
    expect(convertibleUnits('°C')).toEqual(['°F']);
    expect(convertibleUnits('c')).toEqual(['°F']);
    expect(convertibleUnits('f')).toEqual(['°C']);
  });

  it('are none for a unit of no family', () => {
    expect(convertibleUnits('pH')).toEqual([]);
    expect(convertibleUnits('')).toEqual([]);
  });

  it('are all convertible from the unit', () => {
    for (const unit of ['Wh', 'kW', 'L', 'mps', '°C', 'f']) {
      for (const other of convertibleUnits(unit)) expect(canConvert(unit, other)).toBe(true);
    }
  });
});
