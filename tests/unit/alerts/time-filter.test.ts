import { describe, expect, it } from 'vitest';
import { isInTimeFilter, periodsAfterAdding, periodsAfterRemoving } from '@shared/alerts/time-filter';
import { defaultTimeFilter, WHOLE_DAY, type TimeFilter } from '@shared/schemas/alert';

const PARIS = 'Europe/Paris';

/** Sundays only, 08:00 to 09:00 local. */
const sundayMorning = (): TimeFilter => {
  const filter = defaultTimeFilter();
  for (const day of Object.values(filter.days)) day.active = false;
  filter.days.sunday = { order: 6, active: true, periods: [{ from: { hour: 8, minute: 0 }, to: { hour: 9, minute: 0 } }] };
  return filter;
};

describe('the time filter, in the location\'s local time', () => {
  it('lets everything through by default (every day and month, 00:00 to 23:59)', () => {
    const filter = defaultTimeFilter();
    expect(isInTimeFilter(filter, Date.parse('2026-06-14T21:59:30Z'), PARIS)).toBe(true);
    expect(filter.days.monday.periods).toEqual([WHOLE_DAY]);
    expect(Object.keys(filter.months)).toHaveLength(12);
  });

  it('keeps 08:00–09:00 local the Sunday before the spring DST change (UTC+1)', () => {
    expect(isInTimeFilter(sundayMorning(), Date.parse('2026-03-22T07:30:00Z'), PARIS)).toBe(true);
    expect(isInTimeFilter(sundayMorning(), Date.parse('2026-03-22T06:30:00Z'), PARIS)).toBe(false);
  });

  it('keeps 08:00–09:00 local on the day of the spring change (UTC+2 from 02:00)', () => {
    // 06:30 UTC is 08:30 CEST; 07:30 UTC is 09:30 CEST.
    expect(isInTimeFilter(sundayMorning(), Date.parse('2026-03-29T06:30:00Z'), PARIS)).toBe(true);
    expect(isInTimeFilter(sundayMorning(), Date.parse('2026-03-29T07:30:00Z'), PARIS)).toBe(false);
  });

  it('keeps 08:00–09:00 local on the day of the autumn change (UTC+1 from 03:00)', () => {
    // 07:30 UTC is 08:30 CET; 06:30 UTC is 07:30 CET.
    expect(isInTimeFilter(sundayMorning(), Date.parse('2026-10-25T07:30:00Z'), PARIS)).toBe(true);
    expect(isInTimeFilter(sundayMorning(), Date.parse('2026-10-25T06:30:00Z'), PARIS)).toBe(false);
  });

  it('reads the twice-lived hour of the autumn change as the local clock shows it', () => {
    const filter = defaultTimeFilter();
    filter.days.sunday.periods = [{ from: { hour: 2, minute: 0 }, to: { hour: 2, minute: 59 } }];
    expect(isInTimeFilter(filter, Date.parse('2026-10-25T00:30:00Z'), PARIS)).toBe(true); // 02:30 CEST
    expect(isInTimeFilter(filter, Date.parse('2026-10-25T01:30:00Z'), PARIS)).toBe(true); // 02:30 CET
    expect(isInTimeFilter(filter, Date.parse('2026-10-25T02:30:00Z'), PARIS)).toBe(false); // 03:30 CET
  });

  it('reads the day of the week locally, not in UTC', () => {
    // Sunday 23:30 UTC is already Monday 01:30 in Paris (summer).
    const filter = defaultTimeFilter();
    filter.days.monday.active = false;
    expect(isInTimeFilter(filter, Date.parse('2026-06-14T23:30:00Z'), PARIS)).toBe(false);
    expect(isInTimeFilter(filter, Date.parse('2026-06-14T23:30:00Z'), 'UTC')).toBe(true);
  });

  it('skips inactive months', () => {
    const filter = defaultTimeFilter();
    filter.months.july.active = false;
    expect(isInTimeFilter(filter, Date.parse('2026-07-10T10:00:00Z'), PARIS)).toBe(false);
    expect(isInTimeFilter(filter, Date.parse('2026-08-10T10:00:00Z'), PARIS)).toBe(true);
  });

  it('includes the last minute of a period up to its 59th second', () => {
    const filter = defaultTimeFilter();
    expect(isInTimeFilter(filter, Date.parse('2026-01-05T22:59:59Z'), PARIS)).toBe(true); // 23:59:59 CET
  });
});

describe('day periods', () => {
  it('adding a period splits the day in 24/(count+1)-hour slices', () => {
    expect(periodsAfterAdding([WHOLE_DAY])).toEqual([
      { from: { hour: 0, minute: 0 }, to: { hour: 11, minute: 59 } },
      { from: { hour: 12, minute: 0 }, to: { hour: 23, minute: 59 } },
    ]);
    const three = periodsAfterAdding(periodsAfterAdding([WHOLE_DAY]));
    expect(three.map((period) => [period.from.hour, period.to.hour, period.to.minute])).toEqual([
      [0, 7, 59],
      [8, 15, 59],
      [16, 23, 59],
    ]);
  });

  it('slices that are not whole hours still cover the day without gaps', () => {
    const five = periodsAfterAdding(Array.from({ length: 4 }, () => WHOLE_DAY));
    expect(five[1].from).toEqual({ hour: 4, minute: 48 });
    expect(five.at(-1)!.to).toEqual({ hour: 23, minute: 59 });
    for (let index = 1; index < five.length; index += 1) {
      const end = five[index - 1].to.hour * 60 + five[index - 1].to.minute;
      expect(five[index].from.hour * 60 + five[index].from.minute).toBe(end + 1);
    }
  });

  it('removing removes the last period, never the whole day', () => {
    const two = periodsAfterAdding([WHOLE_DAY]);
    expect(periodsAfterRemoving(two)).toEqual([two[0]]);
    expect(periodsAfterRemoving([WHOLE_DAY])).toEqual([WHOLE_DAY]);
  });
});
