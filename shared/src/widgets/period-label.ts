import { periodStart, type FixedPeriod } from './period-navigation';
import { DATE_FORMAT } from '../date-text';

export interface PeriodLabelRequest {
  period: FixedPeriod;
  offset: number;
  now: number;
  zone: string;
  /** The interface language (month names). */
  locale: string;
  /** The translated week wording ('semaine 48 2026'). */
  formatWeek: (week: number, year: number) => string;
}

/** How a fixed period is named: '23/11/2026', 'semaine 48 2026' (ISO week and its year), 'novembre 2026', '2026'. */
export const periodLabel = ({ period, offset, now, zone, locale, formatWeek }: PeriodLabelRequest): string => {
  const start = periodStart(period, offset, now, zone).setLocale(locale);
  if (period === 'day') return start.toFormat(DATE_FORMAT);
  if (period === 'week') return formatWeek(start.weekNumber, start.weekYear);
  if (period === 'month') return start.toFormat('LLLL yyyy');
  return start.toFormat('yyyy');
};
