import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/fr';
import { datePickerSettings } from '../lib/date-picker-settings';

/** Date pickers named in the current language, weeks from Monday in every language. */
export const LocalizedDatesProvider = ({ children }: { children: ReactNode }) => {
  const { i18n } = useTranslation();
  return <DatesProvider settings={datePickerSettings(i18n.resolvedLanguage ?? i18n.language)}>{children}</DatesProvider>;
};
