import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/**
 * The spec's date format (spec 1 §9: dd/MM/yyyy, 24-hour clock) in dayjs tokens, for the date
 * inputs of every language: what a form shows never follows the browser's locale.
 */
export const DATE_INPUT_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_INPUT_FORMAT = 'DD/MM/YYYY HH:mm';

/**
 * Reads what is typed in a date input, only once it is a whole date in the input's format: a
 * lenient reading would take '10/03/20' for the year 20 while the person is still typing.
 * Answers Mantine's value form ('YYYY-MM-DD', or 'YYYY-MM-DD HH:mm:ss' with the time).
 */
export const typedDateParser = (format: string, withTime: boolean) => (typed: string): string | null => {
  const parsed = dayjs(typed.trim(), format, true);
  return parsed.isValid() ? parsed.format(withTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD') : null;
};

/** Mantine's date-time inputs speak 'YYYY-MM-DD HH:mm:ss'; forms that keep 'yyyy-MM-ddTHH:mm' convert at the edge. */
export const pickerValueOfLocalInput = (local: string): string | null => (local ? `${local.replace('T', ' ')}:00` : null);

export const localInputOfPickerValue = (value: string | null): string => (value ? value.slice(0, 16).replace(' ', 'T') : '');
