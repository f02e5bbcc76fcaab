import { describe, expect, it } from 'vitest';
import { datePickerSettings } from '../../../web/src/lib/date-picker-settings';
import { pastDatesOnly } from '../../../web/src/lib/date-pickers';

describe('the date pickers\' shared settings', () => {
  it.each(['fr', 'en'])('start weeks on Monday in %s', (language) => {
    expect(datePickerSettings(language)).toEqual({ locale: language, firstDayOfWeek: 1 });
  });

  it('let nothing after today be picked, today as the zone reads it', () => {
    const lateEvening = Date.parse('2026-11-22T23:30:00Z');
    expect(pastDatesOnly(lateEvening, 'Europe/Paris')).toEqual({ maxDate: '2026-11-23' });
    expect(pastDatesOnly(lateEvening, 'America/New_York')).toEqual({ maxDate: '2026-11-22' });
  });
});
