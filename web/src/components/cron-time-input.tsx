import { useTranslation } from 'react-i18next';
import { Group, Select, TextInput } from '@mantine/core';
import { CRON_PRESET_KEYS, cronOfPreset, isValidCron, presetOfCron, type CronPreset } from '@shared/alerts/cron';

export interface CronTimeInputProps {
  cron: string;
  onChange: (cron: string) => void;
  /** Edit mode: presets keep the time of day already chosen (spec 2 §2). */
  editing: boolean;
  /** What the preset select is called on this form ('Check' on alerts, 'Sending' on subscriptions). */
  presetLabel: string;
  /** `<prefix>-cron-preset` and `<prefix>-cron`. */
  testIdPrefix: string;
}

/**
 * A cron time of alerts and report subscriptions (spec 2 §3): the presets 1–6 (every minute,
 * hourly, daily 08:00, weekly Monday 08:00, monthly the 1st 08:00, yearly 1 January 08:00), or a
 * 5-field cron time typed, 'Custom' then.
 */
export const CronTimeInput = ({ cron, onChange, editing, presetLabel, testIdPrefix }: CronTimeInputProps) => {
  const { t } = useTranslation();
  const preset = presetOfCron(cron);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        w={{ base: '100%', xs: 300 }}
        label={presetLabel}
        data={[
          ...CRON_PRESET_KEYS.map((key) => ({ value: String(key), label: t(`labels.cron.presets.${key}`) })),
          { value: 'custom', label: t('labels.cron.presets.custom'), disabled: true },
        ]}
        value={preset ? String(preset) : 'custom'}
        onChange={(next) => next && next !== 'custom' && onChange(cronOfPreset(Number(next) as CronPreset, editing ? cron : null))}
        allowDeselect={false}
        data-testid={`${testIdPrefix}-cron-preset`}
      />
      <TextInput
        w={{ base: '100%', xs: 200 }}
        label={t('labels.cron.time')}
        value={cron}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={isValidCron(cron) ? undefined : t('labels.cron.invalid')}
        ff="monospace"
        data-testid={`${testIdPrefix}-cron`}
      />
    </Group>
  );
};
