import { describe, expect, it } from 'vitest';
import { blinkingColorOf, markerColorOf } from '@shared/maplytics/marker-colour';

describe('marker colour by absolute energy rating', () => {
  it.each([
    [0, 'green'],
    [24.9, 'green'],
    [25, 'yellow'],
    [49.99, 'yellow'],
    [50, 'orange'],
    [74.9, 'orange'],
    [75, 'red'],
    [412, 'red'],
  ] as const)('a rating of %s is %s', (rating, colour) => {
    expect(markerColorOf(rating)).toBe(colour);
  });

  it('is blue without a rating', () => {
    expect(markerColorOf(null)).toBe('blue');
    expect(markerColorOf(undefined)).toBe('blue');
    expect(markerColorOf(Number.NaN)).toBe('blue');
  });
});

describe('marker blink', () => {
  it('alternates between the band and violet while the site has alerts', () => {
    expect([0, 1, 2, 3].map((phase) => blinkingColorOf(60, 2, phase))).toEqual(['orange', 'violet', 'orange', 'violet']);
    expect([0, 1].map((phase) => blinkingColorOf(null, 1, phase))).toEqual(['blue', 'violet']);
  });

  it('keeps its band without alerts', () => {
    expect([0, 1, 2].map((phase) => blinkingColorOf(10, 0, phase))).toEqual(['green', 'green', 'green']);
  });
});
