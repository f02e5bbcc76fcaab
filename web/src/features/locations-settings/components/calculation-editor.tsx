import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Fieldset, Group, Select, SimpleGrid, Stack, Switch, Table, Text, Textarea, Tooltip } from '@mantine/core';
import { RemoveButton } from '../../../components/remove-button';
import { DateInput } from '@mantine/dates';
import { IconCheck, IconPlus, IconX } from '@tabler/icons-react';
import { PointSearchPicker, searchedPointLabel } from '../../../components/point-search-picker';
import { useKnownPoints } from '../../../lib/point-search';
import type { Calculation } from '@shared/series/calculations';
import { nextReplacementLetter } from '@shared/series/replacement-letters';
import { DATE_TIME_INPUT_FORMAT, localInputOfPickerValue, pickerValueOfLocalInput, typedDateParser } from '../../../lib/date-formats';
import { pastDatesOnly } from '../../../lib/date-pickers';
import { defaultCalculationOf, formulaCheckOf, rowKey, type PointForm, type SourceRow } from '../hooks/point-form';

const parseDateTime = typedDateParser(DATE_TIME_INPUT_FORMAT, true);

/**
 * Formula of a calculated point over its source points, each named by a replacement letter
 * (A, B … AA). The formula is checked as it is typed; a formula with line breaks is edited in
 * the multi-line 'advanced' mode (spec 3 §4).
 */
export const CalculationEditor = ({
  form,
  onChange,
  pointId,
  calculations,
  serverError,
  periodicities,
  zone,
  errors,
}: {
  form: PointForm;
  onChange: (changes: Partial<PointForm>) => void;
  /** The calculated point itself, never offered as its own source; null for a new point. */
  pointId: string | null;
  calculations: string[];
  serverError: string | null;
  periodicities: { value: string; label: string }[];
  /** Zone the apply-from / apply-to inputs are read in. */
  zone: string;
  errors: { apply_to?: string };
}) => {
  const { t } = useTranslation();
  const check = formulaCheckOf(form);
  const advanced = form.formula.includes('\n');
  // The saved sources are named by id; those picked here are kept as the search found them.
  const known = useKnownPoints(form.sources.flatMap((row) => (row.point_id ? [row.point_id] : [])));
  const itself = useMemo(() => new Set(pointId ? [pointId] : []), [pointId]);
  const sourceText = (id: string | null) => {
    if (!id) return null;
    const point = known.byId.get(id);
    return point ? searchedPointLabel(point) : known.loading ? t('labels.calculation.loadingPoint') : id;
  };

  const setRow = (key: string, changes: Partial<SourceRow>) =>
    onChange({ sources: form.sources.map((row) => (row.key === key ? { ...row, ...changes } : row)) });

  const addRow = () =>
    onChange({
      sources: [
        ...form.sources,
        {
          key: rowKey(),
          point_id: null,
          point_calculation: 'diff',
          replacement_letter: nextReplacementLetter(form.sources.map((row) => row.replacement_letter)),
        },
      ],
    });

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Text size="sm" fw={500}>
          {t('labels.calculation.formula')}
        </Text>
        <Group gap="xs">
          {advanced && (
            <Badge variant="light" color="grape">
              {t('labels.calculation.advanced')}
            </Badge>
          )}
          {check.valid ? (
            <Badge color="green" variant="light" leftSection={<IconCheck size={12} />} data-testid="formula-validity">
              {t('labels.calculation.valid')}
            </Badge>
          ) : (
            <Badge color="red" variant="light" leftSection={<IconX size={12} />} data-testid="formula-validity">
              {t('labels.calculation.invalid')}
            </Badge>
          )}
        </Group>
      </Group>
      <Textarea
        aria-label={t('labels.calculation.formula')}
        placeholder="(A + B) * 0.18"
        value={form.formula}
        onChange={(event) => onChange({ formula: event.currentTarget.value })}
        autosize
        minRows={2}
        maxRows={16}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        error={serverError ?? (check.valid ? undefined : t(`labels.formulaErrors.${check.error}`))}
        description={t('hints.calculation.formula')}
      />
      <Table verticalSpacing={4} fz="sm" withRowBorders={false}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={60}>{t('labels.calculation.letter')}</Table.Th>
            <Table.Th>{t('labels.calculation.sourcePoint')}</Table.Th>
            <Table.Th w={190}>{t('labels.calculation.calculation')}</Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {form.sources.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td>
                <Badge variant="filled" color="dark" size="lg" radius="sm" ff="monospace">
                  {row.replacement_letter}
                </Badge>
              </Table.Td>
              <Table.Td>
                <PointSearchPicker
                  label={t('labels.calculation.sourcePoint')}
                  hideLabel
                  valueLabel={sourceText(row.point_id)}
                  exclude={itself}
                  placeholder={t('labels.calculation.choosePoint')}
                  onPick={(point) => {
                    known.remember(point);
                    setRow(row.key, { point_id: point._id, point_calculation: defaultCalculationOf(point.series_type) });
                  }}
                  testId={`calculation-source-${row.replacement_letter}`}
                />
              </Table.Td>
              <Table.Td>
                <Select
                  aria-label={t('labels.calculation.calculation')}
                  data={calculations.map((value) => ({ value, label: t(`labels.calculations.${value}`) }))}
                  value={row.point_calculation}
                  onChange={(value) => value && setRow(row.key, { point_calculation: value as Calculation })}
                  allowDeselect={false}
                />
              </Table.Td>
              <Table.Td>
                <Tooltip label={t('buttons.remove')} withArrow>
                  <RemoveButton label={t('buttons.remove')} onClick={() => onChange({ sources: form.sources.filter((other) => other.key !== row.key) })} />
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={addRow}>
          {t('buttons.addSourcePoint')}
        </Button>
      </Group>
      <Fieldset legend={t('labels.calculation.settings')} variant="filled" data-testid="calculation-settings">
        <Stack gap="sm">
          <Group align="flex-end" gap="md">
            <Switch
              label={t('labels.calculation.forcePeriodicity')}
              description={t('hints.calculation.forcePeriodicity')}
              checked={form.force_periodicity}
              onChange={(event) => onChange({ force_periodicity: event.currentTarget.checked })}
              style={{ flex: 1 }}
            />
            {form.force_periodicity && (
              <Select
                label={t('labels.calculation.forcedPeriodicity')}
                data={periodicities}
                value={form.forced_periodicity}
                onChange={(value) => value && onChange({ forced_periodicity: value })}
                allowDeselect={false}
                w={200}
              />
            )}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <DateInput
              withTime
              dateParser={parseDateTime}
              label={t('labels.calculation.applyFrom')}
              value={pickerValueOfLocalInput(form.apply_from)}
              onChange={(value) => onChange({ apply_from: localInputOfPickerValue(value) })}
              valueFormat={DATE_TIME_INPUT_FORMAT}
              clearable
              {...pastDatesOnly()}
              data-testid="calculation-apply-from"
            />
            <DateInput
              withTime
              dateParser={parseDateTime}
              label={t('labels.calculation.applyTo')}
              value={pickerValueOfLocalInput(form.apply_to)}
              onChange={(value) => onChange({ apply_to: localInputOfPickerValue(value) })}
              valueFormat={DATE_TIME_INPUT_FORMAT}
              clearable
              {...pastDatesOnly()}
              error={errors.apply_to}
              data-testid="calculation-apply-to"
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('hints.calculation.applyRange', { zone })}
          </Text>
          <Switch
            label={t('labels.calculation.optimizationAllowed')}
            description={t('hints.calculation.optimizationAllowed')}
            checked={form.optimization_allowed}
            onChange={(event) => onChange({ optimization_allowed: event.currentTarget.checked })}
          />
        </Stack>
      </Fieldset>
    </Stack>
  );
};
