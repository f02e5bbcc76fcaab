import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { zoneClock, type CalendarUnit } from '@shared/series/zone-clock';

/**
 * The cached clock must agree with luxon, the library it takes the zone rules from, everywhere:
 * zones with DST at 02:00, at midnight (a missing or doubled midnight), half-hour DST, odd
 * offsets, a zone that skipped a whole day, and UTC itself.
 */
const ZONES = [
  'Europe/Paris',
  'Europe/London',
  'America/Sao_Paulo',
  'America/Santiago',
  'America/Havana',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Apia',
  'Africa/Casablanca',
  'UTC',
];
const UNITS: CalendarUnit[] = ['minute', 'hour', 'day', 'week', 'month', 'year'];

/** Deterministic instants between 2005 and 2035, plus every hour around each DST change. */
const instantsFor = (zone: string): number[] => {
  const instants: number[] = [];
  let seed = 12345;
  for (let index = 0; index < 200; index += 1) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    instants.push(Date.UTC(2005, 0, 1) + Math.floor((seed / 2 ** 32) * 30 * 365.25 * 86_400_000));
  }
  for (let at = Date.UTC(2011, 0, 1); at < Date.UTC(2013, 0, 1); at += 3_600_000) {
    const before = DateTime.fromMillis(at, { zone }).offset;
    const after = DateTime.fromMillis(at + 3_600_000, { zone }).offset;
    if (before !== after) for (let around = -26; around <= 26; around += 1) instants.push(at + around * 1_800_000);
  }
  return instants;
};

const luxonStart = (instant: number, unit: CalendarUnit, zone: string) =>
  DateTime.fromMillis(instant, { zone }).startOf(unit, { useLocaleWeeks: false });

describe('zone clock', () => {
  for (const zone of ZONES) {
    it(`agrees with luxon in ${zone}`, () => {
      const clock = zoneClock(zone);
      for (const instant of instantsFor(zone)) {
        expect(clock.offset(instant)).toBe(DateTime.fromMillis(instant, { zone }).offset);
        expect(clock.iso(instant)).toBe(DateTime.fromMillis(instant, { zone }).toISO({ suppressMilliseconds: true }));
        for (const unit of UNITS) {
          const start = luxonStart(instant, unit, zone);
          expect(clock.startOf(instant, unit), `${zone} ${unit} ${instant}`).toBe(start.toMillis());
          const next = start.plus({ [`${unit}s`]: 1 }).startOf(unit, { useLocaleWeeks: false }).toMillis();
          expect(clock.nextStart(start.toMillis(), unit), `${zone} next ${unit} ${instant}`).toBe(next);
        }
      }
    });
  }

  it('knows Samoa skipped 30 December 2011', () => {
    const clock = zoneClock('Pacific/Apia');
    const thursday = clock.startOf(Date.UTC(2011, 11, 29, 12), 'day');
    expect(clock.iso(clock.nextStart(thursday, 'day'))).toBe('2011-12-31T00:00:00+14:00');
  });

  it('writes every calendar date like luxon, leap days and centuries included, with milliseconds when there are some', { timeout: 60_000 }, () => {
    const clock = zoneClock('UTC');
    for (let at = Date.UTC(1600, 0, 1); at < Date.UTC(2500, 0, 1); at += 86_400_000 * 29 + 3_723_456) {
      expect(clock.iso(at)).toBe(DateTime.fromMillis(at, { zone: 'UTC' }).toISO({ suppressMilliseconds: true }));
    }
    expect(clock.iso(Date.UTC(2000, 1, 29, 23, 59, 59, 7))).toBe('2000-02-29T23:59:59.007Z');
    expect(clock.iso(Date.UTC(999, 11, 31))).toBe('0999-12-31T00:00:00Z');
  });

  it('refuses an unknown zone', () => {
    expect(() => zoneClock('Mars/Olympus')).toThrow(/time zone/);
  });
});
