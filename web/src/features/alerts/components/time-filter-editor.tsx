import { useTranslation } from 'react-i18next';
import { ActionIcon, Card, Checkbox, Chip, Group, RangeSlider, Stack, Text, Tooltip } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { periodsAfterAdding, periodsAfterRemoving, periodSliderStep } from '@shared/alerts/time-filter';
import { DAYS, MONTHS, type DayName, type DayPeriod, type TimeFilter } from '@shared/schemas/alert';

const DAY_END = 24 * 60;

const minutesOf = (time: { hour: number; minute: number }) => time.hour * 60 + time.minute;
const clockOf = (minutes: number) => ({ hour: Math.floor(minutes / 60), minute: minutes % 60 });
const label = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A period as the slider shows it: from its start to the end of its last minute (23:59 reads 24:00). */
const toSlider = (period: DayPeriod, step: number): [number, number] => {
  const snap = (minutes: number) => Math.min(DAY_END, Math.round(minutes / step) * step);
  return [snap(minutesOf(period.from)), snap(minutesOf(period.to) + 1)];
};

const fromSlider = ([from, to]: [number, number]): DayPeriod => ({ from: clockOf(Math.min(from, DAY_END - 1)), to: clockOf(Math.max(from, to - 1)) });

export interface TimeFilterEditorProps {
  value: TimeFilter;
  onChange: (value: TimeFilter) => void;
  /** The alert's sampling: periods move by 15 minutes, or by the hour for hourly sampling. */
  sampling: string;
}

/**
 * When an alert may fire (spec 2 §3): the days, each with its periods edited on a time slider,
 * and the months. Adding a period splits the day in equal slices; removing removes the last.
 */
export const TimeFilterEditor = ({ value, onChange, sampling }: TimeFilterEditorProps) => {
  const { t } = useTranslation();
  const step = periodSliderStep(sampling);
  const setDay = (day: DayName, patch: Partial<TimeFilter['days'][DayName]>) => onChange({ ...value, days: { ...value.days, [day]: { ...value.days[day], ...patch } } });
  const activeMonths = MONTHS.filter((month) => value.months[month].active);

  return (
    <Stack gap="sm" data-testid="alert-time-filter">
      <Text size="sm" fw={600}>
        {t('labels.alerts.timeFilter.days')}
      </Text>
      {DAYS.map((day) => {
        const filter = value.days[day];
        return (
          <Card key={day} withBorder padding="xs" data-testid="alert-day" data-day={day}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Checkbox
                  label={t(`labels.alerts.days.${day}`)}
                  checked={filter.active}
                  onChange={(event) => setDay(day, { active: event.currentTarget.checked })}
                  data-testid="alert-day-active"
                />
                <Group gap={4} wrap="nowrap">
                  <Text size="xs" c="dimmed">
                    {t('labels.alerts.timeFilter.periods', { count: filter.periods.length })}
                  </Text>
                  <Tooltip label={t('buttons.alerts.removePeriod')}>
                    <ActionIcon
                      variant="subtle"
                      disabled={!filter.active || filter.periods.length <= 1}
                      onClick={() => setDay(day, { periods: periodsAfterRemoving(filter.periods) })}
                      aria-label={t('buttons.alerts.removePeriod')}
                      data-testid="alert-remove-period"
                    >
                      <IconMinus size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('buttons.alerts.addPeriod')}>
                    <ActionIcon
                      variant="subtle"
                      disabled={!filter.active || filter.periods.length >= 24}
                      onClick={() => setDay(day, { periods: periodsAfterAdding(filter.periods) })}
                      aria-label={t('buttons.alerts.addPeriod')}
                      data-testid="alert-add-period"
                    >
                      <IconPlus size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
              {filter.active &&
                filter.periods.map((period, index) => {
                  const range = toSlider(period, step);
                  return (
                    <Group key={index} gap="sm" wrap="nowrap" align="center" data-testid="alert-period">
                      <Text size="xs" ff="monospace" w={92} style={{ flexShrink: 0 }} data-testid="alert-period-text">
                        {label(minutesOf(period.from))}–{label(minutesOf(period.to))}
                      </Text>
                      <RangeSlider
                        style={{ flex: 1, minWidth: 0 }}
                        min={0}
                        max={DAY_END}
                        step={step}
                        minRange={step}
                        value={range}
                        label={label}
                        onChange={(next) => setDay(day, { periods: filter.periods.map((current, position) => (position === index ? fromSlider(next) : current)) })}
                        // Each thumb is a slider of its own: each is named.
                        thumbFromLabel={t('labels.alerts.timeFilter.periodFrom')}
                        thumbToLabel={t('labels.alerts.timeFilter.periodTo')}
                      />
                    </Group>
                  );
                })}
            </Stack>
          </Card>
        );
      })}
      <Text size="sm" fw={600}>
        {t('labels.alerts.timeFilter.months')}
      </Text>
      <Chip.Group
        multiple
        value={[...activeMonths]}
        onChange={(next) => onChange({ ...value, months: Object.fromEntries(MONTHS.map((month) => [month, { ...value.months[month], active: next.includes(month) }])) as TimeFilter['months'] })}
      >
        <Group gap={6} data-testid="alert-months">
          {MONTHS.map((month) => (
            <Chip key={month} value={month} size="xs">
              {t(`labels.alerts.months.${month}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
};
