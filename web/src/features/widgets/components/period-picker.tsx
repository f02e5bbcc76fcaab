import '@mantine/dates/styles.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Popover } from '@mantine/core';
import { DatePicker, MonthPicker, YearPicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { offsetOfPickedDate, periodStart, type FixedPeriod } from '@shared/widgets/period-navigation';
import { pastDatesOnly } from '../../../lib/date-pickers';

interface PeriodPickerProps {
  period: FixedPeriod;
  offset: number;
  timezone: string;
  onOffsetChange: (offset: number) => void;
  /** Drawn open: the navigation draws the calendar on its button's first click. */
  initiallyOpened?: boolean;
}

/** A calendar of days, months or years (weeks from Monday as every picker's, nothing after today) whose picked date becomes an offset. */
export const PeriodPicker = ({ period, offset, timezone, onOffsetChange, initiallyOpened = false }: PeriodPickerProps) => {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(initiallyOpened);
  // Drawn in place of the navigation's own button, which had the focus: this one takes it.
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (initiallyOpened) target.current?.focus();
  }, [initiallyOpened]);
  const now = Date.now();
  const shown = periodStart(period, offset, now, timezone).toISODate();
  const pick = (picked: string | null) => {
    if (!picked) return;
    setOpened(false);
    onOffsetChange(offsetOfPickedDate(period, picked, Date.now(), timezone));
  };
  const common = { value: shown, onChange: pick, ...pastDatesOnly(now, timezone), defaultDate: shown ?? undefined };
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <ActionIcon variant="subtle" size="sm" aria-label={t('widgets.buttons.pickPeriod')} onClick={() => setOpened((open) => !open)} ref={target}>
          <IconCalendar size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        {period === 'year' ? <YearPicker {...common} /> : period === 'month' ? <MonthPicker {...common} /> : <DatePicker {...common} />}
      </Popover.Dropdown>
    </Popover>
  );
};
