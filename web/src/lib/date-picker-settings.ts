import type { DatesProviderSettings } from '@mantine/dates';

/**
 * Every date picker's settings, in every language: weeks start on Monday (spec 1 §4.5, spec 3 §9).
 * Apart from `date-pickers.ts`, whose dates need luxon: the first screen carries this one only.
 */
export const datePickerSettings = (locale: string): DatesProviderSettings => ({ locale, firstDayOfWeek: 1 });
