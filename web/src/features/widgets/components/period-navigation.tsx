import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
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
  return (
    <Group gap={2} wrap="nowrap" data-testid="period-navigation">
      <ActionIcon variant="subtle" size="sm" aria-label={t('widgets.buttons.previousPeriod')} disabled={offset >= MAX_OFFSET} onClick={() => onOffsetChange(offset + 1)}>
        <IconChevronLeft size={16} />
      </ActionIcon>
      {name}
      {hasPeriodPicker(periodType, period) && (
        <Suspense fallback={null}>
          <PeriodPicker period={period} offset={offset} timezone={timezone} onOffsetChange={onOffsetChange} />
        </Suspense>
      )}
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
