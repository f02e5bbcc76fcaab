import { describe, expect, it } from 'vitest';
import { isReminderDateAllowed, latestOccurrence, localNow, localToday, minimumReminderDate, nextOccurrence, occurrenceOf } from '@shared/reminders/reminder-dates';
import { reminderInputSchema, splitAddresses } from '@shared/schemas/reminder';

const monthly = { type: 'recurrent', period_type: 'month', period_value: 1 } as const;

describe('reminder minimum date', () => {
  it('is tomorrow for a normal reminder, created or edited', () => {
    const normal = { ...monthly, type: 'normal' } as const;
    expect(minimumReminderDate(normal, { today: '2026-11-23', mode: 'create' })).toBe('2026-11-24');
    expect(minimumReminderDate(normal, { today: '2026-12-31', mode: 'edit' })).toBe('2027-01-01');
  });

  it('is the reminder date minus its period plus one day for a new recurrent reminder', () => {
    expect(minimumReminderDate(monthly, { today: '2026-11-23', mode: 'create', reminderDate: '2026-11-23' })).toBe('2026-10-24');
    expect(minimumReminderDate({ ...monthly, period_type: 'week', period_value: 2 }, { today: '2026-11-23', mode: 'create', reminderDate: '2026-12-10' })).toBe('2026-11-27');
    expect(minimumReminderDate({ ...monthly, period_type: 'year' }, { today: '2026-11-23', mode: 'create', reminderDate: '2028-02-29' })).toBe('2027-03-01');
  });

  it('is now minus its period plus one day for an edited recurrent reminder, whatever its date', () => {
    expect(minimumReminderDate(monthly, { today: '2026-11-23', mode: 'edit', reminderDate: '2027-05-01' })).toBe('2026-10-24');
    expect(minimumReminderDate({ ...monthly, period_type: 'day', period_value: 1 }, { today: '2026-11-23', mode: 'edit' })).toBe('2026-11-23');
    expect(minimumReminderDate({ ...monthly, period_type: 'day', period_value: 3 }, { today: '2026-03-01', mode: 'edit' })).toBe('2026-02-27');
  });

  it('lets a date through from the minimum on, not the day before', () => {
    expect(isReminderDateAllowed('2026-11-24', '2026-11-24')).toBe(true);
    expect(isReminderDateAllowed('2026-11-23', '2026-11-24')).toBe(false);
  });
});

describe('reminder next occurrence', () => {
  it('is the date itself while it is to come, for both types', () => {
    expect(nextOccurrence({ ...monthly, type: 'normal' }, '2026-12-01', '08:00', '2026-11-23T10:00')).toBe('2026-12-01T08:00');
    expect(nextOccurrence(monthly, '2026-12-01', '08:00', '2026-11-23T10:00')).toBe('2026-12-01T08:00');
  });

  it('is none for a normal reminder once its time has passed', () => {
    expect(nextOccurrence({ ...monthly, type: 'normal' }, '2026-12-01', '08:00', '2026-12-01T08:00')).toBeNull();
  });

  it('comes every period from the first date for a recurrent reminder, strictly after the given time', () => {
    expect(nextOccurrence(monthly, '2026-01-15', '08:00', '2026-01-15T08:00')).toBe('2026-02-15T08:00');
    expect(nextOccurrence(monthly, '2026-01-15', '08:00', '2026-11-23T10:00')).toBe('2026-12-15T08:00');
    expect(nextOccurrence({ ...monthly, period_type: 'week', period_value: 2 }, '2026-11-02', '09:30', '2026-11-16T09:30')).toBe('2026-11-30T09:30');
    expect(nextOccurrence({ ...monthly, period_type: 'day', period_value: 1 }, '2020-01-01', '07:00', '2026-11-23T06:59')).toBe('2026-11-23T07:00');
    expect(nextOccurrence({ ...monthly, period_type: 'year', period_value: 1 }, '2024-02-29', '08:00', '2024-03-01T00:00')).toBe('2025-02-28T08:00');
  });

  it('keeps a reminder of the 31st on the last day of shorter months and brings it back to the 31st', () => {
    expect(occurrenceOf(monthly, '2026-01-31', '08:00', 1)).toBe('2026-02-28T08:00');
    expect(occurrenceOf(monthly, '2026-01-31', '08:00', 2)).toBe('2026-03-31T08:00');
    expect(nextOccurrence(monthly, '2026-01-31', '08:00', '2026-02-28T08:00')).toBe('2026-03-31T08:00');
  });

  it('knows the occurrence a schedule firing at a time stands for: the last one at or before it', () => {
    expect(latestOccurrence(monthly, '2026-01-15', '08:00', '2026-01-15T07:59')).toBeNull();
    expect(latestOccurrence(monthly, '2026-01-15', '08:00', '2026-01-15T08:00')).toBe('2026-01-15T08:00');
    expect(latestOccurrence(monthly, '2026-01-15', '08:00', '2026-11-23T10:00')).toBe('2026-11-15T08:00');
    expect(latestOccurrence({ ...monthly, period_type: 'day', period_value: 1 }, '2020-01-01', '00:00', '2026-11-23T10:00')).toBe('2026-11-23T00:00');
    expect(latestOccurrence({ ...monthly, type: 'normal' }, '2026-12-01', '08:00', '2027-03-01T00:00')).toBe('2026-12-01T08:00');
    expect(latestOccurrence(monthly, '2026-01-31', '08:00', '2026-03-30T00:00')).toBe('2026-02-28T08:00');
  });

  it('reads now in the customer\'s zone', () => {
    const instant = new Date('2026-11-23T23:30:00Z');
    expect(localNow('Europe/Paris', instant)).toBe('2026-11-24T00:30');
    expect(localToday('America/New_York', instant)).toBe('2026-11-23');
  });
});

describe('reminder input', () => {
  it('takes the defaults of spec 2: recurrent, active, monthly with period 1, reset only after validation', () => {
    expect(reminderInputSchema.parse({ name: 'Relevé', reminder_date: '2026-12-01' })).toMatchObject({
      type: 'recurrent',
      active: true,
      period_type: 'month',
      period_value: 1,
      reset_only_after_validation: true,
      email: { to: [], cc: [], bcc: [] },
      sharing: { shared: false },
    });
  });

  it('reads e-mail lists typed separated by semicolons', () => {
    expect(splitAddresses(' a@example.com; b@example.com ;;')).toEqual(['a@example.com', 'b@example.com']);
    const parsed = reminderInputSchema.parse({ email: { to: 'a@example.com;b@example.com', cc: ['c@example.com'] } });
    expect(parsed.email).toEqual({ to: ['a@example.com', 'b@example.com'], cc: ['c@example.com'], bcc: [] });
    expect(reminderInputSchema.safeParse({ email: { to: 'a@example.com; not-an-address' } }).success).toBe(false);
  });
});
