import { describe, expect, it } from 'vitest';
import { energyRating, isRatedPoint, ratingWindow } from '@shared/maplytics/rating';
import { evolutionPercent, totalOfBuckets } from '@shared/maplytics/period-values';

const meter = {
  resource: 'electricity' as const,
  series_type: 'index' as const,
  unit: 'kWh',
  calculation: null,
  hide_on_maplytics: false,
};

describe('absolute energy rating', () => {
  it('is the energy of the window per m², one decimal', () => {
    expect(energyRating([1000, 2000, null, 850], 100)).toBe(38.5);
    expect(energyRating([385_000], 2600)).toBe(148.1);
  });

  it('is missing without a surface or without any value', () => {
    expect(energyRating([1000], null)).toBeNull();
    expect(energyRating([1000], 0)).toBeNull();
    expect(energyRating([null, null], 100)).toBeNull();
    expect(energyRating([], 100)).toBeNull();
  });

  it('covers the last 12 complete calendar months of the location’s zone', () => {
    const now = Date.parse('2026-03-15T10:00:00Z');
    const paris = ratingWindow(now, 'Europe/Paris');
    expect(new Date(paris.from).toISOString()).toBe('2025-02-28T23:00:00.000Z');
    expect(new Date(paris.to).toISOString()).toBe('2026-02-28T23:00:00.000Z');
    const reunion = ratingWindow(now, 'Indian/Reunion');
    expect(new Date(reunion.to).toISOString()).toBe('2026-02-28T20:00:00.000Z');
  });

  it('counts metered energy only: electricity, thermal and gas indexes and counters in a unit that converts to kWh', () => {
    expect(isRatedPoint(meter)).toBe(true);
    expect(isRatedPoint({ ...meter, resource: 'thermal', series_type: 'counter', unit: 'MWh' })).toBe(true);
    expect(isRatedPoint({ ...meter, resource: 'gaz', unit: 'Wh' })).toBe(true);
    expect(isRatedPoint({ ...meter, resource: 'water', unit: 'm³' })).toBe(false);
    expect(isRatedPoint({ ...meter, series_type: 'measure', unit: 'kW' })).toBe(false);
    expect(isRatedPoint({ ...meter, unit: '€' })).toBe(false);
  });

  it('leaves out calculated points (derived from meters already counted) and points hidden from maplytics', () => {
    const formula = { formula: 'A * 0.3', points_list: [], periodicity_reference: null, force_periodicity_reference: false, periodicity_reference_forced: null, apply_from: null, apply_to: null, optimization_allowed: true, is_formula_valid: true, formula_error: null };
    expect(isRatedPoint({ ...meter, calculation: formula })).toBe(false);
    expect(isRatedPoint({ ...meter, hide_on_maplytics: true })).toBe(false);
  });
});

describe('period figures from buckets', () => {
  it('add up consumptions and sums, keep extremes, average the known averages', () => {
    expect(totalOfBuckets('diff', [10, null, 5.5])).toBe(15.5);
    expect(totalOfBuckets('sum', [1, 2, 3])).toBe(6);
    expect(totalOfBuckets('max', [1, 9, 3])).toBe(9);
    expect(totalOfBuckets('min', [4, 2, null])).toBe(2);
    expect(totalOfBuckets('avg', [10, null, 20])).toBe(15);
    expect(totalOfBuckets('last', [1, 2, null])).toBe(2);
    expect(totalOfBuckets('sum', [null, null])).toBeNull();
  });

  it('give the change from the previous period in percent, none from nothing or zero', () => {
    expect(evolutionPercent(110, 100)).toBe(10);
    expect(evolutionPercent(90, -100)).toBe(190);
    expect(evolutionPercent(5, 0)).toBeNull();
    expect(evolutionPercent(null, 10)).toBeNull();
  });
});
