import type { DatesProviderSettings } from '@mantine/dates';
import { latestPickableDate } from '@shared/widgets/period-navigation';

/** Every date picker's settings, in every language: weeks start on Monday (spec 1 §4.5, spec 3 §9). */
export const datePickerSettings = (locale: string): DatesProviderSettings => ({ locale, firstDayOfWeek: 1 });

/** The browser's own zone, where a form's dates are read. */
const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The props of a picker of what has already happened (spec 3 §9: no date beyond today): the days
 * after today, in `zone` (the browser's unless a page reads dates in another), cannot be picked or typed.
 */
export const pastDatesOnly = (now: number = Date.now(), zone: string = browserZone()): { maxDate: string } => ({ maxDate: latestPickableDate(now, zone) });
