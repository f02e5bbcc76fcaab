import { useTranslation } from 'react-i18next';
import { Chip, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { CRON_PRESET_KEYS, cronOfPreset, isValidCron, presetOfCron, type CronPreset } from '@shared/alerts/cron';
import { DAYS, MONTHS } from '@shared/schemas/alert';

const fieldsOf = (cron: string) => cron.trim().split(/\s+/);

/** The numbers a cron field lists ('*' for all of min..max), ranges expanded. */
const valuesOf = (field: string, min: number, max: number): number[] => {
  if (field === '*' || field === '?') return Array.from({ length: max - min + 1 }, (_, index) => min + index);
  const values = new Set<number>();
  for (const part of field.split(',')) {
    const [from, to] = part.split('-').map(Number);
    if (Number.isInteger(from)) for (let value = from; value <= (Number.isInteger(to) ? to : from); value += 1) values.add(value);
  }
  return [...values];
};

const fieldOf = (values: number[], min: number, max: number): string =>
  values.length === 0 || values.length === max - min + 1 ? '*' : [...values].sort((a, b) => a - b).join(',');

// Cron days of the week: Sunday 0; DAYS starts on Monday.
const cronDayOf = (index: number) => (index + 1) % 7;

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
  const fields = fieldsOf(cron);
  const wellFormed = fields.length === 5;
  const days = wellFormed ? valuesOf(fields[4], 0, 7).map((day) => day % 7) : [];
  const months = wellFormed ? valuesOf(fields[3], 1, 12) : [];

  const setDays = (selected: string[]) => {
    if (!wellFormed) return;
    const numbers = selected.map((day) => cronDayOf(DAYS.indexOf(day as (typeof DAYS)[number])));
    const dayOfWeek = fieldOf(numbers, 0, 6);
    // A week-day choice frees the day of the month (cron cannot restrict both here).
    onChange([fields[0], fields[1], dayOfWeek === '*' ? fields[2] : '*', fields[3], dayOfWeek].join(' '));
  };
  const setMonths = (selected: string[]) => {
    if (!wellFormed) return;
    const numbers = selected.map((month) => MONTHS.indexOf(month as (typeof MONTHS)[number]) + 1);
    onChange([fields[0], fields[1], fields[2], fieldOf(numbers, 1, 12), fields[4]].join(' '));
  };

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
          <Chip.Group multiple value={DAYS.filter((_, index) => days.includes(cronDayOf(index)))} onChange={setDays}>
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
          <Chip.Group multiple value={MONTHS.filter((_, index) => months.includes(index + 1))} onChange={setMonths}>
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
