import { describe, expect, it } from 'vitest';
import { daysOfCron, monthsOfCron, withCronDays, withCronMonths } from '../../../web/src/features/alerts/hooks/cron-fields';
import { summaryState } from '../../../web/src/features/alerts/hooks/summary-state';

const counts = (total_count: number, total_acquitted: number) => ({ summary: [{ total_count, total_acquitted }] });

describe('alert log summary colours (spec 2 §2)', () => {
  it('is red when none is acquitted, orange when some are, green when all are or there is no summary', () => {
    expect(summaryState(counts(3, 0))).toBe('none');
    expect(summaryState(counts(3, 1))).toBe('partly');
    expect(summaryState(counts(3, 3))).toBe('all');
    expect(summaryState({ summary: [] })).toBe('all');
    expect(summaryState(counts(0, 0))).toBe('all');
  });
});

describe('days and months of a cron time in the frequency editor', () => {
  it('reads lists, ranges and Sunday as 0 or 7', () => {
    expect(daysOfCron('0 8 * * 1')).toEqual(['monday']);
    expect(daysOfCron('0 8 * * 1-3,7')).toEqual(['monday', 'tuesday', 'wednesday', 'sunday']);
    expect(daysOfCron('0 8 1 * *')).toHaveLength(7);
    expect(monthsOfCron('0 8 1 1 *')).toEqual(['january']);
    expect(monthsOfCron('0 8 1 6-8 *')).toEqual(['june', 'july', 'august']);
  });

  it('writes days of the week, freeing the day of the month, and writes * for every day', () => {
    expect(withCronDays('0 8 1 * *', ['monday', 'friday'])).toBe('0 8 * * 1,5');
    expect(withCronDays('0 8 * * 1', ['sunday', 'saturday'])).toBe('0 8 * * 0,6');
    expect(withCronDays('30 7 * * 1', ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'])).toBe('30 7 * * *');
    expect(withCronDays('0 8 1 * *', [])).toBe('0 8 1 * *');
  });

  it('writes months and keeps the rest of the time', () => {
    expect(withCronMonths('0 8 1 1 *', ['january', 'july'])).toBe('0 8 1 1,7 *');
    expect(withCronMonths('15 6 * * 1', [])).toBe('15 6 * * 1');
  });
});
