import { describe, expect, it } from 'vitest';
import { nextReplacementLetter, replacementLetter } from '@shared/series/replacement-letters';
import { displayUnit, roundForUnit } from '@shared/series/rounding';
import { correctPeriod, correctSampling, PERIODS, SAMPLINGS } from '@shared/series/sampling';

describe('sampling correction', () => {
  const table: Record<string, Record<string, string>> = {
    all: { minute: 'day', hour: 'day', day: 'day', week: 'week', month: 'month', year: 'year' },
    year: { minute: 'day', hour: 'day', day: 'day', week: 'week', month: 'month', year: 'year' },
    month: { minute: 'hour', hour: 'hour', day: 'day', week: 'week', month: 'month', year: 'month' },
    week: { minute: 'minute', hour: 'hour', day: 'day', week: 'week', month: 'week', year: 'week' },
    day: { minute: 'minute', hour: 'hour', day: 'day', week: 'day', month: 'day', year: 'day' },
  };

  for (const period of PERIODS) {
    for (const sampling of SAMPLINGS) {
      it(`turns ${sampling} into ${table[period][sampling]} for a ${period} period`, () => {
        expect(correctSampling(period, sampling)).toBe(table[period][sampling]);
      });
    }
  }

  it('turns a sliding "all" period into a year', () => {
    expect(correctPeriod('slidingPeriod', 'all')).toBe('year');
    expect(correctPeriod('fixedPeriod', 'all')).toBe('all');
  });
});

describe('replacement letters', () => {
  it('goes A to Z then AA, AB … AZ, BA', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(replacementLetter)).toEqual([
      'A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA',
    ]);
  });

  it('gives the first letter not taken', () => {
    const taken = Array.from({ length: 26 }, (_, index) => replacementLetter(index));
    expect(nextReplacementLetter(taken)).toBe('AA');
    expect(nextReplacementLetter(['A', 'C'])).toBe('B');
  });
});

describe('rounding per unit', () => {
  it('rounds to the spec decimals of each unit, one by default', () => {
    expect(roundForUnit(1234.5678, 'kWh')).toBe(1234.6);
    expect(roundForUnit(1234.5678, 'MWh')).toBe(1234.57);
    expect(roundForUnit(1234.5678, 'W')).toBe(1235);
    expect(roundForUnit(1.23456, 'm³')).toBe(1.235);
    expect(roundForUnit(12.345, '%')).toBe(12.35);
    expect(roundForUnit(1.05, 'unknown')).toBe(1.1);
    expect(roundForUnit(null, 'kWh')).toBeNull();
  });

  it('displays mps as m/s, c as °C and f as °F', () => {
    expect(['mps', 'c', 'f', 'kWh'].map(displayUnit)).toEqual(['m/s', '°C', '°F', 'kWh']);
  });
});
