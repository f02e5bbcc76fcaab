import { latestPickableDate } from '@shared/widgets/period-navigation';

/** The browser's own zone, where a form's dates are read. */
const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The props of a picker of what has already happened (spec 3 §9: no date beyond today): the days
 * after today, in `zone` (the browser's unless a page reads dates in another), cannot be picked or typed.
 */
export const pastDatesOnly = (now: number = Date.now(), zone: string = browserZone()): { maxDate: string } => ({ maxDate: latestPickableDate(now, zone) });
