import { DateTime } from 'luxon';
import type { Sampling } from '../series/sampling';
import { DATE_FORMAT } from '../date-text';

/**
 * A bucket's name on a chart axis, from its local ISO start (the wall time of the series' zone):
 * dd/MM HH:mm below a day, dd/MM/yyyy for a day, the ISO week, the month in the user's language, the year.
 */
export const bucketLabel = (isoStart: string, sampling: Sampling, locale: string, formatWeek: (week: number, year: number) => string): string => {
  const start = DateTime.fromISO(isoStart, { setZone: true, locale });
  if (!start.isValid) return isoStart;
  if (sampling === 'minute' || sampling === 'hour') return start.toFormat('dd/MM HH:mm');
  if (sampling === 'day') return start.toFormat(DATE_FORMAT);
  if (sampling === 'week') return formatWeek(start.weekNumber, start.weekYear);
  if (sampling === 'month') return start.toFormat('LLL yyyy');
  return start.toFormat('yyyy');
};

/** Samplings shorter than a day show the time of day. */
export const isSubDaySampling = (sampling: string): boolean => sampling === 'minute' || sampling === 'hour';
