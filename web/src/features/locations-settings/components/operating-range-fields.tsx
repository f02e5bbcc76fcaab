import { useTranslation } from 'react-i18next';
import { NumberInput, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import type { PointForm } from '../hooks/point-form';

export interface OperatingRangeFieldsProps {
  form: PointForm;
  operators: readonly string[];
  errors: Partial<Record<keyof PointForm, string>>;
  onChange: (changes: Partial<PointForm>) => void;
}

/** A point's operating range: on or off, its operator and the bounds that operator reads. */
export const OperatingRangeFields = ({ form, operators, errors, onChange }: OperatingRangeFieldsProps) => {
  const { t } = useTranslation();
  const lowShown = form.operating_range_operator !== 'lt' && form.operating_range_operator !== 'lte';
  const highShown = form.operating_range_operator !== 'gt' && form.operating_range_operator !== 'gte';
  return (
    <Stack gap="xs">
      <Switch
        label={<Text fw={600} size="sm">{t('labels.point.operatingRange')}</Text>}
        checked={form.allow_operating_range}
        onChange={(event) =>
          onChange({
            allow_operating_range: event.currentTarget.checked,
            operating_range_operator: form.operating_range_operator ?? 'between',
          })
        }
      />
      {form.allow_operating_range && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Select
            label={t('labels.point.operator')}
            data={operators.map((value) => ({ value, label: t(`labels.operators.${value}`) }))}
            value={form.operating_range_operator}
            onChange={(value) => onChange({ operating_range_operator: value })}
            error={errors.operating_range_operator}
            allowDeselect={false}
          />
          {lowShown && (
            <NumberInput
              label={t('labels.point.low')}
              value={form.operating_range_low}
              onChange={(value) => onChange({ operating_range_low: value })}
              error={errors.operating_range_low}
              decimalSeparator=","
            />
          )}
          {highShown && (
            <NumberInput
              label={t('labels.point.high')}
              value={form.operating_range_high}
              onChange={(value) => onChange({ operating_range_high: value })}
              error={errors.operating_range_high}
              decimalSeparator=","
            />
          )}
        </SimpleGrid>
      )}
    </Stack>
  );
};
