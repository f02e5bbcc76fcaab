import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Chip, Group, Stack, Text } from '@mantine/core';
import { daysOfCron, isWellFormedCron, monthsOfCron, stepsOfCron, withCronDays, withCronMonths } from '@shared/alerts/cron-fields';
import { DAYS, MONTHS, type DayName, type MonthName } from '@shared/schemas/alert';
import { CronTimeInput } from '../../../components/cron-time-input';

export interface FrequencyEditorProps {
  cron: string;
  onChange: (cron: string) => void;
  /** Edit mode: presets keep the time already chosen. */
  editing: boolean;
  /** Only the owner toggles days and months (spec 2 §6). */
  mayToggleDaysAndMonths: boolean;
  /** Why the form refuses the cron time (another user's change of the days or months). */
  error?: ReactNode;
}

/**
 * When the alert is checked (spec 2 §3): the presets 1–6 (every minute, hourly, daily 08:00,
 * weekly Monday 08:00, monthly the 1st 08:00, yearly 1 January 08:00) or a 5-field cron time,
 * and the days of the week and months it runs on.
 */
export const FrequencyEditor = ({ cron, onChange, editing, mayToggleDaysAndMonths, error }: FrequencyEditorProps) => {
  const { t } = useTranslation();
  const wellFormed = isWellFormedCron(cron);
  const setDays = (selected: string[]) => onChange(withCronDays(cron, selected as DayName[]));
  const setMonths = (selected: string[]) => onChange(withCronMonths(cron, selected as MonthName[]));
  const steps = stepsOfCron(cron);
  // A step runs on every n-th day or month: said in words, beside the items it selects.
  const stepNote = (testId: string, text: string | null) =>
    text && (
      <Text size="xs" fw={500} data-testid={testId}>
        {text}
      </Text>
    );

  return (
    <Stack gap="xs" data-testid="alert-frequency">
      <CronTimeInput cron={cron} onChange={onChange} editing={editing} presetLabel={t('labels.alerts.fields.frequencyPreset')} testIdPrefix="alert" />
      {wellFormed && (
        <>
          <Text size="xs" c="dimmed">
            {t('labels.alerts.fields.cronDays')}
            {!mayToggleDaysAndMonths && ` — ${t('labels.alerts.ownerOnly')}`}
          </Text>
          <Chip.Group multiple value={daysOfCron(cron)} onChange={setDays}>
            <Group gap={6} data-testid="alert-cron-days">
              {DAYS.map((day) => (
                <Chip key={day} value={day} size="xs" disabled={!mayToggleDaysAndMonths}>
                  {t(`labels.alerts.daysShort.${day}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {stepNote('alert-cron-days-step', steps.dayOfMonth ? t('labels.cron.steps.daysOfMonth', { count: steps.dayOfMonth }) : steps.dayOfWeek ? t('labels.cron.steps.daysOfWeek', { count: steps.dayOfWeek }) : null)}
          <Text size="xs" c="dimmed">
            {t('labels.alerts.fields.cronMonths')}
            {!mayToggleDaysAndMonths && ` — ${t('labels.alerts.ownerOnly')}`}
          </Text>
          <Chip.Group multiple value={monthsOfCron(cron)} onChange={setMonths}>
            <Group gap={6} data-testid="alert-cron-months">
              {MONTHS.map((month) => (
                <Chip key={month} value={month} size="xs" disabled={!mayToggleDaysAndMonths}>
                  {t(`labels.alerts.monthsShort.${month}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {stepNote('alert-cron-months-step', steps.month ? t('labels.cron.steps.months', { count: steps.month }) : null)}
        </>
      )}
      {error && (
        <Text size="sm" c="red" role="alert" data-testid="alert-cron-owner-only">
          {error}
        </Text>
      )}
    </Stack>
  );
};
