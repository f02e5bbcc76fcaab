import { describe, expect, it } from 'vitest';
import { CRON_PRESETS, cronOfPreset, isValidCron, presetOfCron, toSchedulerExpression } from '@shared/alerts/cron';

describe('cron times become EventBridge Scheduler expressions', () => {
  it.each([
    [1, 'cron(* * * * ? *)'],
    [2, 'cron(0 * * * ? *)'],
    [3, 'cron(0 8 * * ? *)'],
    [4, 'cron(0 8 ? * 2 *)'],
    [5, 'cron(0 8 1 * ? *)'],
    [6, 'cron(0 8 1 1 ? *)'],
  ] as const)('preset %s (every minute, hourly, daily, weekly on Monday, monthly, yearly)', (preset, expression) => {
    expect(toSchedulerExpression(CRON_PRESETS[preset])).toBe(expression);
  });

  it.each([
    ['*/15 6-18 * * 1-5', 'cron(*/15 6-18 ? * 2-6 *)'],
    ['30 7 * * 0,6', 'cron(30 7 ? * 1,7 *)'],
    ['0 8 * * 7', 'cron(0 8 ? * 1 *)'],
    ['0 8 * * MON-FRI', 'cron(0 8 ? * 2-6 *)'],
    ['0 8 * JAN,JUL *', 'cron(0 8 * 1,7 ? *)'],
    ['0 8 L * *', 'cron(0 8 L * ? *)'],
    ['0 8 * * 5#2', 'cron(0 8 ? * 6#2 *)'],
    ['  45   23  15  *  * ', 'cron(45 23 15 * ? *)'],
  ])('any 5-field cron: %s', (cron, expression) => {
    expect(toSchedulerExpression(cron)).toBe(expression);
  });

  it.each([
    ['0 8 1 * 1', 'both day fields restricted (cron would mean either)'],
    ['60 8 * * *', 'minute out of range'],
    ['0 8 * *', 'four fields'],
    ['every day', 'not a cron'],
  ])('refuses %s (%s)', (cron) => {
    expect(isValidCron(cron)).toBe(false);
    expect(() => toSchedulerExpression(cron)).toThrow(/Cron time/);
  });
});

describe('cron presets in the form', () => {
  it('give the preset time when creating', () => {
    expect(cronOfPreset(3)).toBe('0 8 * * *');
    expect(cronOfPreset(5, null)).toBe('0 8 1 * *');
  });

  it('keep the existing time of day when editing', () => {
    expect(cronOfPreset(4, '30 6 1 * *')).toBe('30 6 * * 1');
    expect(cronOfPreset(6, '15 22 * * *')).toBe('15 22 1 1 *');
  });

  it('every-minute and hourly presets have no time of day to keep', () => {
    expect(cronOfPreset(1, '30 6 * * *')).toBe('* * * * *');
    expect(cronOfPreset(2, '30 6 * * *')).toBe('0 * * * *');
  });

  it('recognise a preset whatever its time of day, and a custom cron as none', () => {
    expect(presetOfCron('30 6 * * 1')).toBe(4);
    expect(presetOfCron('0 8 1 * *')).toBe(5);
    expect(presetOfCron('* * * * *')).toBe(1);
    expect(presetOfCron('*/5 * * * *')).toBeNull();
  });
});
