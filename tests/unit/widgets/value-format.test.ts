import { describe, expect, it } from 'vitest';
import { formatAxisTick, formatValue, readableUnit, readableUnits } from '@shared/widgets/value-format';

// Intl groups French thousands with a narrow no-break space (U+202F).
const NNBSP = '\u202f';

describe('value format', () => {
  it('writes thousands as each language does, with the unit after the number', () => {
    expect(formatValue(1200, 'kWh', 'fr')).toBe(`1${NNBSP}200 kWh`);
    expect(formatValue(1200, 'kWh', 'en')).toBe('1,200 kWh');
    expect(formatValue(1234.56, 'kWh', 'fr', false)).toBe(`1${NNBSP}234,6`);
  });

  it('converts into a larger unit of the family when asked, rounded for that unit', () => {
    expect(formatValue(1200, 'kWh', 'fr', true, 'MWh')).toBe('1,2 MWh');
    expect(formatValue(1234.5, 'kWh', 'en', true, 'MWh')).toBe('1.23 MWh');
    expect(formatValue(2500, 'W', 'fr', false, 'kW')).toBe('2,5');
  });

  it('picks the largest unit in which the figure is still at least one', () => {
    expect(readableUnit('kWh', 999)).toBe('kWh');
    expect(readableUnit('kWh', 1200)).toBe('MWh');
    expect(readableUnit('kWh', -2_500_000)).toBe('GWh');
    expect(readableUnit('Wh', 1500)).toBe('kWh');
    expect(readableUnit('W', 3_000_000)).toBe('MW');
    expect(readableUnit('L', 2400)).toBe('m³');
    expect(readableUnit('kWh', 0.4)).toBe('kWh');
    expect(readableUnit('°C', 1500)).toBe('°C');
    expect(readableUnit('m³', 12_000)).toBe('m³');
  });

  it('writes a single figure in the unit it reads best in, never as a bare "1,2 k"', () => {
    expect(formatValue(1200, 'kWh', 'fr', true, readableUnit('kWh', 1200))).toBe('1,2 MWh');
    expect(formatValue(1200, 'kWh', 'en', true, readableUnit('kWh', 1200))).toBe('1.2 MWh');
    expect(formatValue(850, 'kWh', 'fr', true, readableUnit('kWh', 850))).toBe('850 kWh');
    expect(formatValue(12_000, 'm³', 'fr', true, readableUnit('m³', 12_000))).toBe(`12${NNBSP}000 m³`);
    expect(formatValue(4.25, 'mps', 'en', true, readableUnit('mps', 4.25))).toBe('4.3 m/s');
  });

  it('writes axis ticks in the unit the axis names, without it', () => {
    expect(formatAxisTick(1500, 'kWh', 'MWh', 'fr')).toBe('1,5');
    expect(formatAxisTick(250, 'kWh', 'MWh', 'en')).toBe('0.25');
    expect(formatAxisTick(12_000, 'm³', 'm³', 'fr')).toBe(`12${NNBSP}000`);
    expect(formatAxisTick(1e-12, 'kWh', 'kWh', 'fr')).toBe('0');
  });

  it('reads figures side by side of one unit in one unit, the largest one\'s', () => {
    const units = readableUnits([
      { unit: 'kWh', value: 536.3 },
      { unit: 'kWh', value: 1380 },
      { unit: 'm³', value: 4 },
    ]);
    expect([...units]).toEqual([
      ['kWh', 'MWh'],
      ['m³', 'm³'],
    ]);
    expect(formatValue(536.3, 'kWh', 'fr', true, units.get('kWh'))).toBe('0,54 MWh');
  });
});
