import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/fr';

/** Date pickers named and ordered in the current language (French weeks start on Monday). */
export const LocalizedDatesProvider = ({ children }: { children: ReactNode }) => {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return <DatesProvider settings={{ locale, firstDayOfWeek: locale === 'en' ? 0 : 1 }}>{children}</DatesProvider>;
};
