import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Group, Text } from '@mantine/core';
import { IconCalendar, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { Period, PeriodType } from '@shared/series/sampling';
import { periodLabel } from '@shared/widgets/period-label';
import { canGoNext, hasPeriodNavigation, hasPeriodPicker, MAX_OFFSET } from '@shared/widgets/period-navigation';

const PeriodPicker = lazy(() => import('./period-picker').then((module) => ({ default: module.PeriodPicker })));

interface PeriodNavigationProps {
  periodType: PeriodType;
  period: Period;
  offset: number;
  timezone: string;
  onOffsetChange: (offset: number) => void;
  /** The period's name only, as a document shows it (a report on screen and on paper). */
  readOnly?: boolean;
}

/** Previous and next periods, the shown period's name and a calendar; nothing for the whole history or a date range (spec 1 §4.5). */
export const PeriodNavigation = ({ periodType, period, offset, timezone, onOffsetChange, readOnly = false }: PeriodNavigationProps) => {
  const { t, i18n } = useTranslation();
  // The calendar (its code, its popover) is built on the button's first click, not for every widget of a page.
  const [pickerWanted, setPickerWanted] = useState(false);
  if (!hasPeriodNavigation(periodType, period) || period === 'all') return null;
  const label =
    periodType === 'fixedPeriod'
      ? periodLabel({ period, offset, now: Date.now(), zone: timezone, locale: i18n.language, formatWeek: (week, year) => t('widgets.labels.week', { week, year }) })
      : null;
  const name = label && (
    <Text size="xs" c="dimmed" px={4} style={{ whiteSpace: 'nowrap' }} data-testid="period-label">
      {label}
    </Text>
  );
  if (readOnly) return name || null;
  const calendarButton = (onClick?: () => void) => (
    <ActionIcon variant="subtle" size="sm" aria-label={t('widgets.buttons.pickPeriod')} onClick={onClick}>
      <IconCalendar size={16} />
    </ActionIcon>
  );
  return (
    <Group gap={2} wrap="nowrap" data-testid="period-navigation">
      <ActionIcon variant="subtle" size="sm" aria-label={t('widgets.buttons.previousPeriod')} disabled={offset >= MAX_OFFSET} onClick={() => onOffsetChange(offset + 1)}>
        <IconChevronLeft size={16} />
      </ActionIcon>
      {name}
      {hasPeriodPicker(periodType, period) &&
        (pickerWanted ? (
          <Suspense fallback={calendarButton()}>
            <PeriodPicker period={period} offset={offset} timezone={timezone} onOffsetChange={onOffsetChange} initiallyOpened />
          </Suspense>
        ) : (
          calendarButton(() => setPickerWanted(true))
        ))}
      <ActionIcon
        variant="subtle"
        size="sm"
        aria-label={t('widgets.buttons.nextPeriod')}
        disabled={!canGoNext(offset)}
        onClick={() => onOffsetChange(Math.max(0, offset - 1))}
      >
        <IconChevronRight size={16} />
      </ActionIcon>
    </Group>
  );
};
