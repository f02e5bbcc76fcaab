import { describe, expect, it } from 'vitest';
import { placeText, roundPlace } from '@shared/weather/place';
import { keys } from '../../../functions/src/data/keys';

describe('weather place', () => {
  it('keeps a position to two decimals of a degree (about a kilometre)', () => {
    expect(roundPlace({ lat: 45.74851, lon: 4.82619 })).toEqual({ lat: 45.75, lon: 4.83 });
    expect(roundPlace({ lat: -33.86785, lon: 151.20732 })).toEqual({ lat: -33.87, lon: 151.21 });
  });

  it('gives positions a few hundred metres apart the same place, and farther ones another', () => {
    const siege = placeText({ lat: 45.7485, lon: 4.8262 });
    expect(placeText({ lat: 45.7492, lon: 4.8281 })).toBe(siege);
    expect(placeText({ lat: 45.7561, lon: 4.8262 })).not.toBe(siege);
  });

  it('writes the place the same whatever the sign of a rounded zero or the trailing zeros', () => {
    expect(placeText({ lat: -0.001, lon: 0.004 })).toBe('0.00,0.00');
    expect(placeText({ lat: 48.8, lon: 2 })).toBe('48.80,2.00');
  });

  it('keys the cache by place, units and language, with no customer in the key', () => {
    const key = keys.weather(placeText({ lat: 45.7485, lon: 4.8262 }), 'metric', 'fr');
    expect(key).toEqual({ PK: 'WEATHER#45.75,4.83', SK: 'metric#fr' });
    expect(keys.weather('45.75,4.83', 'imperial', 'en')).not.toEqual(key);
    expect(JSON.stringify(key)).not.toMatch(/C#|cust-/);
  });
});
