import { describe, expect, it } from 'vitest';
import { changesDaysOrMonths, daysOfCron, monthsOfCron, stepsOfCron, withCronDays, withCronMonths } from '@shared/alerts/cron-fields';
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

describe('steps of a cron time in the frequency editor', () => {
  it('selects the days and months a step runs on, not every one', () => {
    expect(daysOfCron('0 8 * * */2')).toEqual(['tuesday', 'thursday', 'saturday', 'sunday']);
    expect(monthsOfCron('0 8 1 */2 *')).toEqual(['january', 'march', 'may', 'july', 'september', 'november']);
    expect(monthsOfCron('0 8 1 2-12/3 *')).toEqual(['february', 'may', 'august', 'november']);
    expect(monthsOfCron('0 8 1 4/4 *')).toEqual(['april', 'august', 'december']);
    expect(daysOfCron('0 8 * * 1-5/2')).toEqual(['monday', 'wednesday', 'friday']);
  });

  it('names the step of each field that is one, and nothing for the others', () => {
    expect(stepsOfCron('0 8 */2 * *')).toEqual({ dayOfMonth: 2, month: null, dayOfWeek: null });
    expect(stepsOfCron('0 8 1 */3 *')).toEqual({ dayOfMonth: null, month: 3, dayOfWeek: null });
    expect(stepsOfCron('0 8 * * 1-5/2')).toEqual({ dayOfMonth: null, month: null, dayOfWeek: 2 });
    expect(stepsOfCron('0 8 * * *')).toEqual({ dayOfMonth: null, month: null, dayOfWeek: null });
    expect(stepsOfCron('0 8 * * */1')).toEqual({ dayOfMonth: null, month: null, dayOfWeek: null });
  });

  it('writes the chosen items when a chip of a step is toggled', () => {
    expect(withCronMonths('0 8 1 */6 *', ['january', 'july', 'august'])).toBe('0 8 1 1,7,8 *');
  });
});

describe('owner-only days and months of an alert (spec 2 §2)', () => {
  it('sees a change of the day of the month, the month or the day of the week', () => {
    expect(changesDaysOrMonths('0 8 * * 1', '0 8 * * 2')).toBe(true);
    expect(changesDaysOrMonths('0 8 1 * *', '0 8 */2 * *')).toBe(true);
    expect(changesDaysOrMonths('0 8 1 1 *', '0 8 1 1,7 *')).toBe(true);
    expect(changesDaysOrMonths('0 8 * * *', '0 8 * * 1')).toBe(true);
  });

  it('lets the time of day change, and reads equal selections written differently as equal', () => {
    expect(changesDaysOrMonths('0 8 * * 1', '30 17 * * 1')).toBe(false);
    expect(changesDaysOrMonths('0 8 1 */6 *', '0 8 1 1,7 *')).toBe(false);
    expect(changesDaysOrMonths('0 8 * * 0', '0 8 * * 7')).toBe(false);
    expect(changesDaysOrMonths('0 8 * * 0-6', '0 8 * * *')).toBe(false);
  });
});
