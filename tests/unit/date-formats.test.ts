import { describe, expect, it } from 'vitest';
import {
  DATE_INPUT_FORMAT,
  DATE_TIME_INPUT_FORMAT,
  localInputOfPickerValue,
  pickerValueOfLocalInput,
  typedDateParser,
} from '../../web/src/lib/date-formats';

describe('dates typed in forms', () => {
  const day = typedDateParser(DATE_INPUT_FORMAT, false);
  const dateTime = typedDateParser(DATE_TIME_INPUT_FORMAT, true);

  it('reads day first, month second, on a 24-hour clock', () => {
    expect(day('09/03/2026')).toBe('2026-03-09');
    expect(dateTime('09/03/2026 17:45')).toBe('2026-03-09 17:45:00');
  });

  it('waits for a whole date rather than guess one while it is typed', () => {
    expect(day('09/03/20')).toBeNull();
    expect(dateTime('09/03/2026 1')).toBeNull();
    expect(day('31/02/2026')).toBeNull();
    expect(day('03/31/2026')).toBeNull();
  });

  it('carries a form date-time to the date input and back unchanged', () => {
    expect(pickerValueOfLocalInput('2026-03-01T00:00')).toBe('2026-03-01 00:00:00');
    expect(localInputOfPickerValue('2026-03-01 00:00:00')).toBe('2026-03-01T00:00');
    expect(pickerValueOfLocalInput('')).toBeNull();
    expect(localInputOfPickerValue(null)).toBe('');
  });
});
