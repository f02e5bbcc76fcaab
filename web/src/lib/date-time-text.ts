import { dateTimeText } from '@shared/date-text';

/**
 * Dates typed as text in the spec's format, dd/MM/yyyy HH:mm on a 24-hour clock, whatever the
 * browser's locale (no date picker package is installed). Times are the browser's local time.
 */

const DIGITS_OF_FULL_TEXT = 12;
const SEPARATORS_AFTER: Record<number, string> = { 2: '/', 4: '/', 8: ' ', 10: ':' };
const DATE_TIME_TEXT = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/;

/** What the user typed, reduced to its digits and laid out as dd/MM/yyyy HH:mm as far as it goes. */
export const maskDateTimeText = (typed: string): string => {
  const digits = typed.replace(/\D/g, '').slice(0, DIGITS_OF_FULL_TEXT);
  return [...digits].reduce((text, digit, index) => text + digit + (index + 1 < digits.length ? (SEPARATORS_AFTER[index + 1] ?? '') : ''), '');
};

/** An ISO date shown as dd/MM/yyyy HH:mm in local time; empty for none or an unreadable date. */
export const formatDateTimeText = (iso: string | null): string => (iso ? dateTimeText(iso) : '');

/**
 * A complete dd/MM/yyyy HH:mm text read in local time, as an ISO date; null when incomplete or
 * when no such moment exists (31/02, 25:00, an hour skipped by a change to summer time).
 */
export const parseDateTimeText = (text: string): string | null => {
  const match = DATE_TIME_TEXT.exec(text.trim());
  if (!match) return null;
  const [day, month, year, hours, minutes] = match.slice(1).map(Number);
  const date = new Date(year, month - 1, day, hours, minutes);
  const sameMoment =
    date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day && date.getHours() === hours && date.getMinutes() === minutes;
  return sameMoment ? date.toISOString() : null;
};
