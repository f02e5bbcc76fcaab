import { describe, expect, it } from 'vitest';
import { canGoNext, hasPeriodNavigation, hasPeriodPicker, latestPickableDate, offsetOfPickedDate } from '@shared/widgets/period-navigation';
import { periodLabel } from '@shared/widgets/period-label';

const zone = 'Europe/Paris';
// Sunday 22 November 2026, 10:30 in Paris: the last day of ISO week 47.
const now = Date.parse('2026-11-22T09:30:00Z');

describe('period navigation', () => {
  it('turns a date of the current period into offset 0 and of earlier periods into how many periods back', () => {
    expect(offsetOfPickedDate('month', '2026-11-03', now, zone)).toBe(0);
    expect(offsetOfPickedDate('month', '2026-10-31', now, zone)).toBe(1);
    expect(offsetOfPickedDate('month', '2025-11-30', now, zone)).toBe(12);
    expect(offsetOfPickedDate('year', '2024-06-15', now, zone)).toBe(2);
    expect(offsetOfPickedDate('day', '2026-11-20', now, zone)).toBe(2);
  });

  it('starts weeks on Monday: Monday 16 is this week, Sunday 15 the week before', () => {
    expect(offsetOfPickedDate('week', '2026-11-16', now, zone)).toBe(0);
    expect(offsetOfPickedDate('week', '2026-11-15', now, zone)).toBe(1);
    expect(offsetOfPickedDate('week', '2026-11-09', now, zone)).toBe(1);
    expect(offsetOfPickedDate('week', '2026-11-08', now, zone)).toBe(2);
  });

  it('counts a week or a day across a clock change as one period', () => {
    // The week of Monday 19 October 2026 ends on the autumn change (Sunday 25 October): 169 hours long.
    const afterAutumn = Date.parse('2026-10-28T12:00:00Z');
    expect(offsetOfPickedDate('week', '2026-10-25', afterAutumn, zone)).toBe(1);
    expect(offsetOfPickedDate('week', '2026-10-18', afterAutumn, zone)).toBe(2);
    // Spring: Sunday 29 March 2026 has 23 hours, its week 167.
    const afterSpring = Date.parse('2026-04-01T08:00:00Z');
    expect(offsetOfPickedDate('week', '2026-03-29', afterSpring, zone)).toBe(1);
    expect(offsetOfPickedDate('week', '2026-03-22', afterSpring, zone)).toBe(2);
    expect(offsetOfPickedDate('day', '2026-03-29', afterSpring, zone)).toBe(3);
    expect(offsetOfPickedDate('day', '2026-03-28', afterSpring, zone)).toBe(4);
  });

  it('reads the picked date in the zone, not in UTC', () => {
    // 00:30 on 1 December in Tokyo is still November in UTC.
    const tokyoNow = Date.parse('2026-11-30T15:30:00Z');
    expect(offsetOfPickedDate('month', '2026-11-30', tokyoNow, 'Asia/Tokyo')).toBe(1);
    expect(offsetOfPickedDate('month', '2026-12-01', tokyoNow, 'Asia/Tokyo')).toBe(0);
  });

  it('treats a future date as the current period and an unreadable one as 0', () => {
    expect(offsetOfPickedDate('month', '2027-02-01', now, zone)).toBe(0);
    expect(offsetOfPickedDate('month', 'not a date', now, zone)).toBe(0);
  });

  it('lets the picker reach today in the zone and no further', () => {
    expect(latestPickableDate(Date.parse('2026-11-22T23:30:00Z'), zone)).toBe('2026-11-23');
    expect(latestPickableDate(Date.parse('2026-11-22T23:30:00Z'), 'UTC')).toBe('2026-11-22');
  });

  it('closes next at offset 0 and hides navigation for the whole history and date ranges', () => {
    expect(canGoNext(0)).toBe(false);
    expect(canGoNext(1)).toBe(true);
    expect(hasPeriodNavigation('fixedPeriod', 'all')).toBe(false);
    expect(hasPeriodNavigation('dateToDate', 'month')).toBe(false);
    expect(hasPeriodNavigation('slidingPeriod', 'week')).toBe(true);
    expect(hasPeriodPicker('slidingPeriod', 'week')).toBe(false);
    expect(hasPeriodPicker('fixedPeriod', 'day')).toBe(true);
  });
});

describe('period labels', () => {
  const formatWeek = (week: number, year: number) => `semaine ${week} ${year}`;
  const label = (period: 'day' | 'week' | 'month' | 'year', offset: number, locale = 'fr') =>
    periodLabel({ period, offset, now, zone, locale, formatWeek });

  it('names months in the language, weeks by ISO number and year, days as dd/MM/yyyy', () => {
    expect(label('month', 0)).toBe('novembre 2026');
    expect(label('month', 0, 'en')).toBe('November 2026');
    expect(label('week', 0)).toBe('semaine 47 2026');
    expect(label('day', 1)).toBe('21/11/2026');
    expect(label('year', 1)).toBe('2025');
  });

  it('gives the ISO week year at the turn of a year', () => {
    const january = Date.parse('2027-01-02T12:00:00Z');
    expect(periodLabel({ period: 'week', offset: 0, now: january, zone, locale: 'fr', formatWeek })).toBe('semaine 53 2026');
  });
});
