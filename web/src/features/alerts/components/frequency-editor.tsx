import { useTranslation } from 'react-i18next';
import { Chip, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { CRON_PRESET_KEYS, cronOfPreset, isValidCron, presetOfCron, type CronPreset } from '@shared/alerts/cron';
import { DAYS, MONTHS, type DayName, type MonthName } from '@shared/schemas/alert';
import { daysOfCron, isWellFormedCron, monthsOfCron, withCronDays, withCronMonths } from '../hooks/cron-fields';

export interface FrequencyEditorProps {
  cron: string;
  onChange: (cron: string) => void;
  /** Edit mode: presets keep the time already chosen. */
  editing: boolean;
  /** Only the owner toggles days and months (spec 2 §6). */
  mayToggleDaysAndMonths: boolean;
}

/**
 * When the alert is checked (spec 2 §3): the presets 1–6 (every minute, hourly, daily 08:00,
 * weekly Monday 08:00, monthly the 1st 08:00, yearly 1 January 08:00) or a 5-field cron time,
 * and the days of the week and months it runs on.
 */
export const FrequencyEditor = ({ cron, onChange, editing, mayToggleDaysAndMonths }: FrequencyEditorProps) => {
  const { t } = useTranslation();
  const preset = presetOfCron(cron);
  const valid = isValidCron(cron);
  const wellFormed = isWellFormedCron(cron);
  const setDays = (selected: string[]) => onChange(withCronDays(cron, selected as DayName[]));
  const setMonths = (selected: string[]) => onChange(withCronMonths(cron, selected as MonthName[]));

  return (
    <Stack gap="xs" data-testid="alert-frequency">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          w={{ base: '100%', xs: 300 }}
          label={t('labels.alerts.fields.frequencyPreset')}
          data={[
            ...CRON_PRESET_KEYS.map((key) => ({ value: String(key), label: t(`labels.alerts.presets.${key}`) })),
            { value: 'custom', label: t('labels.alerts.presets.custom'), disabled: true },
          ]}
          value={preset ? String(preset) : 'custom'}
          onChange={(next) => next && next !== 'custom' && onChange(cronOfPreset(Number(next) as CronPreset, editing ? cron : null))}
          allowDeselect={false}
          data-testid="alert-cron-preset"
        />
        <TextInput
          w={{ base: '100%', xs: 200 }}
          label={t('labels.alerts.fields.cronTime')}
          value={cron}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={valid ? undefined : t('labels.alerts.cronInvalid')}
          ff="monospace"
          data-testid="alert-cron"
        />
      </Group>
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
          <Text size="xs" c="dimmed">
            {t('labels.alerts.fields.cronMonths')}
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
        </>
      )}
    </Stack>
  );
};
