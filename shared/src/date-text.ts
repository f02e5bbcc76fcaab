import { DateTime } from 'luxon';

/** The spec's date format (spec 1 §9), in every language: 01/12/2026, not 12/1/2026. */
export const DATE_FORMAT = 'dd/MM/yyyy';
/** With the time of day, on a 24-hour clock. */
export const DATE_TIME_FORMAT = 'dd/MM/yyyy HH:mm';

/**
 * Where a moment is read: a zone id (a site's, a customer's), `'carried'` for the wall time its
 * ISO text carries (a reminder's local due time, an alert's local time with its offset), or the
 * runtime's own zone when not given (the browser's, for the user's own events).
 */
export type DateTextZone = string | 'carried';

const read = (iso: string, zone?: DateTextZone): DateTime =>
  zone === 'carried' ? DateTime.fromISO(iso, { setZone: true }) : DateTime.fromISO(iso, zone ? { zone } : {});

/** A date as dd/MM/yyyy; empty for an unreadable one. */
export const dateText = (iso: string, zone?: DateTextZone): string => {
  const date = read(iso, zone);
  return date.isValid ? date.toFormat(DATE_FORMAT) : '';
};

/** A moment as dd/MM/yyyy HH:mm; empty for an unreadable one. */
export const dateTimeText = (iso: string, zone?: DateTextZone): string => {
  const date = read(iso, zone);
  return date.isValid ? date.toFormat(DATE_TIME_FORMAT) : '';
};
