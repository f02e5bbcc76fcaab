import { describe, expect, it } from 'vitest';
import { bucketStart, nextBucketStart, type RollupLevel } from '@shared/series/buckets';
import type { StoredRollup } from '../../../functions/src/data/rollup-pack';
import type { PendingMark } from '../../../functions/src/data/rollup-repository';
import { completeRollupBefore, completeRollups, pendingReadsOf } from '../../../functions/src/services/rollup-buckets';
import { defersRollups, rollsUpHoursOnly } from '../../../functions/src/services/series-write-service';
import { recomputedRollups } from '../../support/rollup-check';

/**
 * Reads completed after a pending mark (a source fetch's values wait for the hour's rollup): the
 * buckets a reader completes from the raw values after the mark, the mark's day's stored hours and
 * its month's stored days must be exactly those the packs hold once everything is rolled up.
 */
const ZONE = 'Europe/Paris';
const MINUTE = 60_000;
// Ten-minute values from 30 October 20:00 UTC to 1 November 03:00 UTC: Paris's 31 October, its
// month's end (31 October 23:00 UTC) and the first hours of November.
const start = Date.parse('2026-10-30T20:00:00Z');
const values = Array.from({ length: 190 }, (_, index) => ({ at: start + index * 10 * MINUTE, value: 100 + ((index * 37) % 23) + index / 8, zone: ZONE }));
const end = values.at(-1)!.at + 1;

const asRollups = (buckets: Map<number, object>): StoredRollup[] =>
  [...buckets].map(([bucket, aggregate]) => ({ ...aggregate, start: bucket }) as StoredRollup).sort((a, b) => a.start - b.start);

/** The packs of every level as a rollup of `rolledUp` left them. */
const packsOf = (rolledUp: typeof values) => {
  const rollups = recomputedRollups(rolledUp);
  return { hour: asRollups(rollups.hour), day: asRollups(rollups.day), month: asRollups(rollups.month) };
};

const within = (rollups: readonly StoredRollup[], range: { from: number; to: number }) => rollups.filter((rollup) => rollup.start >= range.from && rollup.start < range.to);

/** What a reader gives for a level and range with the packs `stored` and the pending mark (a number: values pending from it, no day pending). */
const completed = (level: RollupLevel, range: { from: number; to: number }, stored: ReturnType<typeof packsOf>, mark: number | PendingMark) => {
  const pending = typeof mark === 'number' ? { from: mark, daysFrom: null } : mark;
  const needs = pendingReadsOf(level, ZONE, pending, range);
  if (!needs) return within(stored[level], range);
  return completeRollups(level, ZONE, pending, range, within(stored[level], range), {
    raw: needs.raw ? values.filter((value) => value.at >= needs.raw!.from && value.at < needs.raw!.to).map(({ at, value }) => ({ at, value })) : [],
    hours: needs.hours ? within(stored.hour, needs.hours) : [],
    days: needs.days ? within(stored.day, needs.days) : [],
  });
};

const everything = packsOf(values);
const ranges: Record<RollupLevel, { from: number; to: number }> = {
  hour: { from: bucketStart(start, 'hour', ZONE), to: end },
  day: { from: bucketStart(start, 'day', ZONE), to: nextBucketStart(bucketStart(end, 'day', ZONE), 'day', ZONE) },
  month: { from: bucketStart(start, 'month', ZONE), to: nextBucketStart(bucketStart(end, 'month', ZONE), 'month', ZONE) },
};
const marks = {
  'in the middle of an hour': Date.parse('2026-10-31T09:20:00Z'),
  "at a local day's first hour": Date.parse('2026-10-30T23:00:00Z'),
  'in the last hour of the local month': Date.parse('2026-10-31T22:40:00Z'),
  'in the next local month': Date.parse('2026-11-01T00:10:00Z'),
};

describe('rollups completed after a pending mark', () => {
  for (const [where, mark] of Object.entries(marks)) {
    it(`give every level's buckets as a full rollup would, a mark ${where}`, () => {
      // The packs hold every value before the mark (its hour partly), none after.
      const stored = packsOf(values.filter((value) => value.at < mark));
      for (const level of ['hour', 'day', 'month'] as const) {
        expect(within(stored[level], ranges[level])).not.toEqual(within(everything[level], ranges[level]));
        expect(completed(level, ranges[level], stored, mark)).toEqual(within(everything[level], ranges[level]));
      }
    });
  }

  it('replace the buckets from the mark on rather than add to them: an hour the stream already rolled up is not counted twice', () => {
    const mark = marks['in the middle of an hour'];
    // A single write at 10:30 UTC: the stream recomputed that whole hour from the raw values
    // (pending ones included), and its day and month from the hour packs.
    const streamHour = Date.parse('2026-10-31T10:00:00Z');
    const stored = packsOf(values.filter((value) => value.at < mark || (value.at >= streamHour && value.at < streamHour + 60 * MINUTE)));
    for (const level of ['hour', 'day', 'month'] as const) expect(completed(level, ranges[level], stored, mark)).toEqual(within(everything[level], ranges[level]));
  });

  it('change nothing when the packs are already complete (a rollup that wrote its packs and failed before clearing the mark)', () => {
    for (const mark of Object.values(marks)) {
      for (const level of ['hour', 'day', 'month'] as const) expect(completed(level, ranges[level], everything, mark)).toEqual(within(everything[level], ranges[level]));
    }
  });

  it('read nothing more for a range that ends before the pending hour, and only what the level needs otherwise', () => {
    const mark = marks['in the middle of an hour'];
    const pending = { from: mark, daysFrom: null };
    expect(pendingReadsOf('hour', ZONE, pending, { from: 0, to: Date.parse('2026-10-31T09:00:00Z') })).toBeNull();
    // A range ending inside the pending hour's bucket reads to the bucket's end.
    expect(pendingReadsOf('day', ZONE, pending, { from: ranges.day.from, to: Date.parse('2026-10-31T12:00:00Z') })).toEqual({
      raw: { from: Date.parse('2026-10-31T09:00:00Z'), to: Date.parse('2026-10-31T23:00:00Z') },
      hours: { from: Date.parse('2026-10-30T23:00:00Z'), to: Date.parse('2026-10-31T09:00:00Z') },
      days: null,
    });
    expect(pendingReadsOf('month', ZONE, pending, ranges.month)?.days).toEqual({ from: Date.parse('2026-09-30T22:00:00Z'), to: Date.parse('2026-10-30T23:00:00Z') });
    expect(pendingReadsOf('hour', ZONE, pending, ranges.hour)?.hours).toBeNull();
  });

  it('take the value before a range from the raw values after the pending hour, and from the packs when none is there', () => {
    const mark = marks['in the middle of an hour'];
    const from = Date.parse('2026-10-31T23:00:00Z');
    const raw = values.filter((value) => value.at >= Date.parse('2026-10-31T09:00:00Z')).map(({ at, value }) => ({ at, value }));
    const storedBefore = packsOf(values.filter((value) => value.at < mark)).day.at(-1)!;
    const lastValue = values.filter((value) => value.at < from).at(-1)!;
    const pending = { from: mark, daysFrom: null };
    expect(completeRollupBefore('day', ZONE, pending, from, storedBefore, { raw })?.last).toBe(lastValue.value);
    expect(completeRollupBefore('day', ZONE, pending, from, storedBefore, { raw: [] })).toBe(storedBefore);
  });
});

/** Packs as an hourly rollup leaves them: hours hold the values before `hoursUpTo`, days and months those before `daysUpTo`. */
const packsAfterHourlyRollups = (hoursUpTo: number, daysUpTo: number) => ({
  hour: packsOf(values.filter((value) => value.at < hoursUpTo)).hour,
  day: packsOf(values.filter((value) => value.at < daysUpTo)).day,
  month: packsOf(values.filter((value) => value.at < daysUpTo)).month,
});

describe('rollups completed while days and months wait for the daily rollup', () => {
  const cases: Record<string, { mark: PendingMark; hoursUpTo: number; daysUpTo: number }> = {
    'hours all rolled up, days pending since the morning': { mark: { from: null, daysFrom: Date.parse('2026-10-31T08:00:00Z') }, hoursUpTo: end, daysUpTo: Date.parse('2026-10-31T08:00:00Z') },
    'hours pending from the afternoon, days since the morning': {
      mark: { from: Date.parse('2026-10-31T15:10:00Z'), daysFrom: Date.parse('2026-10-31T08:00:00Z') },
      hoursUpTo: Date.parse('2026-10-31T15:10:00Z'),
      daysUpTo: Date.parse('2026-10-31T08:00:00Z'),
    },
    'days pending from the local month\'s last day, values in the next month': {
      mark: { from: Date.parse('2026-11-01T01:20:00Z'), daysFrom: Date.parse('2026-10-30T23:00:00Z') },
      hoursUpTo: Date.parse('2026-11-01T01:20:00Z'),
      daysUpTo: Date.parse('2026-10-30T23:00:00Z'),
    },
    'a late value pending before the days (a mark below daysFrom)': {
      mark: { from: Date.parse('2026-10-31T03:40:00Z'), daysFrom: Date.parse('2026-10-31T20:00:00Z') },
      hoursUpTo: Date.parse('2026-10-31T03:40:00Z'),
      daysUpTo: Date.parse('2026-10-31T03:40:00Z'),
    },
  };
  for (const [where, { mark, hoursUpTo, daysUpTo }] of Object.entries(cases)) {
    it(`give every level's buckets as a full rollup would: ${where}`, () => {
      const stored = packsAfterHourlyRollups(hoursUpTo, daysUpTo);
      for (const level of ['day', 'month'] as const) expect(within(stored[level], ranges[level])).not.toEqual(within(everything[level], ranges[level]));
      for (const level of ['hour', 'day', 'month'] as const) expect(completed(level, ranges[level], stored, mark)).toEqual(within(everything[level], ranges[level]));
      // Every range starting in the pending stretch too (a day's chart, a month's).
      for (const from of [Date.parse('2026-10-31T23:00:00Z'), Date.parse('2026-10-31T00:00:00Z')]) {
        const range = { from: bucketStart(from, 'day', ZONE), to: ranges.day.to };
        expect(completed('day', range, stored, mark)).toEqual(within(everything.day, range));
      }
    });
  }

  it('change nothing when the daily rollup wrote its packs and failed before clearing the mark', () => {
    for (const { mark } of Object.values(cases)) {
      for (const level of ['hour', 'day', 'month'] as const) expect(completed(level, ranges[level], everything, mark)).toEqual(within(everything[level], ranges[level]));
    }
  });

  it('read the stored hours from the pending day\'s start, and no raw value when no hour is pending', () => {
    const mark = cases['hours all rolled up, days pending since the morning'].mark;
    expect(pendingReadsOf('day', ZONE, mark, ranges.day)).toEqual({ raw: null, hours: { from: Date.parse('2026-10-30T23:00:00Z'), to: ranges.day.to }, days: null });
    expect(pendingReadsOf('hour', ZONE, mark, ranges.hour)).toBeNull();
    expect(pendingReadsOf('month', ZONE, mark, ranges.month)?.days).toEqual({ from: Date.parse('2026-09-30T22:00:00Z'), to: Date.parse('2026-10-30T23:00:00Z') });
    // A day's range before the pending day reads nothing more.
    expect(pendingReadsOf('day', ZONE, mark, { from: Date.parse('2026-10-29T23:00:00Z'), to: Date.parse('2026-10-30T23:00:00Z') })).toBeNull();
  });

  it('take the value before a range from the last rolled-up hour when days are pending before it', () => {
    const mark = cases['hours all rolled up, days pending since the morning'].mark;
    const from = Date.parse('2026-10-31T23:00:00Z');
    const stored = packsAfterHourlyRollups(end, Date.parse('2026-10-31T08:00:00Z'));
    const storedBefore = stored.day.filter((rollup) => rollup.start < from).at(-1)!;
    const needs = pendingReadsOf('day', ZONE, mark, { from, to: ranges.day.to })!;
    const before = completeRollupBefore('day', ZONE, mark, from, storedBefore, { raw: [], hours: within(stored.hour, needs.hours!) });
    expect(before?.last).toBe(values.filter((value) => value.at < from).at(-1)!.value);
    expect(storedBefore.last).not.toBe(before?.last);
  });
});

describe('which rollup of a fetched point leaves days and months for later', () => {
  const mark = Date.parse('2026-10-31T09:20:00Z');
  it('rolls up hours alone within the local day days are pending from', () => {
    expect(rollsUpHoursOnly({ from: mark, daysFrom: null }, [Date.parse('2026-10-31T09:50:00Z'), Date.parse('2026-10-31T10:00:00Z')], ZONE)).toBe(true);
    expect(rollsUpHoursOnly({ from: mark, daysFrom: Date.parse('2026-10-31T01:00:00Z') }, [Date.parse('2026-10-31T10:00:00Z')], ZONE)).toBe(true);
    // A source fetched once an hour: its batches of two UTC hours come with no mark.
    expect(rollsUpHoursOnly({ from: null, daysFrom: null }, [Date.parse('2026-10-31T09:10:00Z'), Date.parse('2026-10-31T10:00:00Z')], ZONE)).toBe(true);
    expect(rollsUpHoursOnly({ from: null, daysFrom: Date.parse('2026-10-31T01:00:00Z') }, [Date.parse('2026-10-31T09:10:00Z'), Date.parse('2026-10-31T10:00:00Z')], ZONE)).toBe(true);
  });

  it('rolls up every level with the first batch past that local day, or a batch before the mark\'s hour', () => {
    // 23:00 UTC is Paris's next day.
    expect(rollsUpHoursOnly({ from: Date.parse('2026-10-31T22:10:00Z'), daysFrom: null }, [Date.parse('2026-10-31T22:50:00Z'), Date.parse('2026-10-31T23:00:00Z')], ZONE)).toBe(false);
    expect(rollsUpHoursOnly({ from: Date.parse('2026-11-01T00:10:00Z'), daysFrom: Date.parse('2026-10-31T21:00:00Z') }, [Date.parse('2026-11-01T01:00:00Z')], ZONE)).toBe(false);
    expect(rollsUpHoursOnly({ from: mark, daysFrom: null }, [Date.parse('2026-10-31T08:50:00Z'), Date.parse('2026-10-31T10:00:00Z')], ZONE)).toBe(false);
    expect(rollsUpHoursOnly({ from: null, daysFrom: Date.parse('2026-10-30T20:00:00Z') }, [Date.parse('2026-10-31T09:50:00Z'), Date.parse('2026-10-31T10:00:00Z')], ZONE)).toBe(false);
    expect(rollsUpHoursOnly({ from: null, daysFrom: null }, [Date.parse('2026-10-31T22:50:00Z'), Date.parse('2026-10-31T23:00:00Z')], ZONE)).toBe(false);
  });
});

describe('which fetch defers its rollups', () => {
  const hour = Date.parse('2026-10-31T09:00:00Z');
  it('defers a batch of one UTC hour when nothing is pending or the pending mark is in that hour', () => {
    expect(defersRollups([hour + 10 * MINUTE], null)).toBe(true);
    expect(defersRollups([hour + 20 * MINUTE, hour + 30 * MINUTE], hour + 10 * MINUTE)).toBe(true);
    // A late value of the mark's hour, before the mark: deferred, the mark lowered to it.
    expect(defersRollups([hour], hour + 10 * MINUTE)).toBe(true);
  });

  it('rolls up with the first batch past the mark\'s hour, and with any batch of several hours (a backfill, a forecast)', () => {
    expect(defersRollups([hour + 60 * MINUTE], hour + 10 * MINUTE)).toBe(false);
    expect(defersRollups([hour + 50 * MINUTE, hour + 60 * MINUTE], hour + 10 * MINUTE)).toBe(false);
    expect(defersRollups([hour + 50 * MINUTE, hour + 60 * MINUTE], null)).toBe(false);
    expect(defersRollups([hour - 10 * MINUTE], hour + 10 * MINUTE)).toBe(false);
  });
});
