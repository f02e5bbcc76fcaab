import type { Calculation } from '@shared/series/calculations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Button, Group, NumberInput, SegmentedControl, Select, Stack, Switch, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { RemoveButton } from '../../../components/remove-button';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { baselineSchema, IPMVP_PERIODS, targetSchema, type Baseline, type Target } from '@shared/schemas/point';
import type { SeriesType } from '@shared/series/calculations';
import { BASELINE_CALCULATIONS, BASELINE_DEFAULT_CALCULATION, checkBaselinesAndTargets, DEFAULT_BASELINE_PERIOD } from '@shared/series/ipmvp';
import { errorCodeOf } from '../../../lib/http';
import { aggregateForIpmvp } from '../api/locations-and-points';

type Kind = 'baseline' | 'target';

interface Draft {
  kind: Kind;
  period: (typeof IPMVP_PERIODS)[number] | null;
  date: string;
  offset: number;
  calculation: string | null;
  value: number | string;
  autoRenew: boolean;
  coefficientValue: number | string;
  coefficientType: '%' | 'number';
}

const emptyDraft = (seriesType: SeriesType): Draft => ({
  kind: 'baseline',
  period: DEFAULT_BASELINE_PERIOD,
  date: '',
  offset: 0,
  calculation: BASELINE_DEFAULT_CALCULATION[seriesType],
  value: '',
  autoRenew: true,
  coefficientValue: 0,
  coefficientType: '%',
});

/**
 * Baselines and targets of a point (IPMVP): one entry per period and date, period and value
 * required, calculation defaulting by series type, a look-up of the measured value for an
 * existing point.
 */
export const IpmvpEditor = ({
  baselines,
  targets,
  seriesType,
  pointId,
  onChange,
}: {
  baselines: Baseline[];
  targets: Target[];
  seriesType: SeriesType;
  pointId: string | null;
  onChange: (changes: { baselines?: Baseline[]; targets?: Target[] }) => void;
}) => {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(seriesType));
  const [error, setError] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const value = typeof draft.value === 'number' ? draft.value : null;

  const entry = (): Baseline | Target =>
    draft.kind === 'baseline'
      ? baselineSchema.parse({
          baseline_period: draft.period,
          baseline_period_date: draft.date.trim() || null,
          baseline_period_offset: draft.offset,
          baseline_calculation: draft.calculation,
          value,
          baseline_auto_renew: draft.autoRenew,
        })
      : targetSchema.parse({
          target_period: draft.period,
          target_period_date: draft.date.trim() || null,
          target_period_offset: draft.offset,
          target_calculation: draft.calculation,
          value,
          target_auto_renew: draft.autoRenew,
          coefficient_value: typeof draft.coefficientValue === 'number' ? draft.coefficientValue : 0,
          coefficient_type: draft.coefficientType,
        });

  const add = () => {
    const next = draft.kind === 'baseline' ? { baselines: [...baselines, entry() as Baseline], targets } : { baselines, targets: [...targets, entry() as Target] };
    const checked = checkBaselinesAndTargets(next.baselines, next.targets, seriesType);
    if (!checked.ok) {
      setError(t(`errors.${checked.problem === 'baseline_calculation' ? 'validation_failed' : checked.problem}`));
      return;
    }
    setError(null);
    onChange({ baselines: checked.baselines, targets: checked.targets });
    setDraft({ ...emptyDraft(seriesType), kind: draft.kind });
  };

  const lookUp = async () => {
    if (!pointId || !draft.period || !draft.calculation) return;
    setLooking(true);
    try {
      const answer = await aggregateForIpmvp({ sampling: draft.period, point: pointId, calculation: draft.calculation as Calculation, offset: draft.offset });
      setDraft((current) => ({ ...current, value: answer.value }));
      setError(null);
    } catch (failure) {
      setError(t(`errors.${errorCodeOf(failure) === 'no_data_found' ? 'no_data_found' : 'generic'}`));
    } finally {
      setLooking(false);
    }
  };

  const periodOptions = IPMVP_PERIODS.map((period) => ({ value: period, label: t(`labels.ipmvp.periods.${period}`) }));
  const calculationOptions = BASELINE_CALCULATIONS.map((calculation) => ({ value: calculation, label: t(`labels.calculations.${calculation}`) }));
  const rows = [
    ...baselines.map((item, index) => ({ kind: 'baseline' as const, index, period: item.baseline_period, date: item.baseline_period_date, calculation: item.baseline_calculation, value: item.value })),
    ...targets.map((item, index) => ({ kind: 'target' as const, index, period: item.target_period, date: item.target_period_date, calculation: item.target_calculation, value: item.value })),
  ];
  const remove = (kind: Kind, index: number) =>
    kind === 'baseline' ? onChange({ baselines: baselines.filter((_, at) => at !== index) }) : onChange({ targets: targets.filter((_, at) => at !== index) });

  return (
    <Stack gap="sm" data-testid="ipmvp-editor">
      {rows.length > 0 && (
        <Table striped withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('labels.ipmvp.kind')}</Table.Th>
              <Table.Th>{t('labels.ipmvp.period')}</Table.Th>
              <Table.Th>{t('labels.ipmvp.date')}</Table.Th>
              <Table.Th>{t('labels.ipmvp.calculation')}</Table.Th>
              <Table.Th>{t('labels.ipmvp.value')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={`${row.kind}-${row.index}`}>
                <Table.Td>{t(`labels.ipmvp.${row.kind}`)}</Table.Td>
                <Table.Td>{row.period ? t(`labels.ipmvp.periods.${row.period}`) : '-'}</Table.Td>
                <Table.Td>{row.date}</Table.Td>
                <Table.Td>{row.calculation ? t(`labels.calculations.${row.calculation}`) : t('labels.ipmvp.noCalculation')}</Table.Td>
                <Table.Td>{row.value}</Table.Td>
                <Table.Td>
                  <Tooltip label={t('buttons.delete')} withArrow>
                    <RemoveButton onClick={() => remove(row.kind, row.index)} label={t('buttons.delete')} />
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <SegmentedControl
        value={draft.kind}
        onChange={(kind) => setDraft((current) => ({ ...current, kind: kind as Kind }))}
        data={[
          { value: 'baseline', label: t('labels.ipmvp.baseline') },
          { value: 'target', label: t('labels.ipmvp.target') },
        ]}
        w="fit-content"
      />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select label={t('labels.ipmvp.period')} data={periodOptions} value={draft.period} onChange={(period) => setDraft((current) => ({ ...current, period: period as Draft['period'] }))} w={130} />
        <TextInput label={t('labels.ipmvp.date')} placeholder={t('hints.ipmvp.date')} value={draft.date} onChange={(event) => setDraft((current) => ({ ...current, date: event.currentTarget.value }))} w={130} data-testid="ipmvp-date" />
        <NumberInput label={t('labels.ipmvp.offset')} value={draft.offset} onChange={(offset) => setDraft((current) => ({ ...current, offset: typeof offset === 'number' ? offset : 0 }))} min={0} w={90} />
        <Select label={t('labels.ipmvp.calculation')} data={calculationOptions} value={draft.calculation} onChange={(calculation) => setDraft((current) => ({ ...current, calculation }))} placeholder={t('labels.ipmvp.noCalculation')} clearable w={170} />
        <NumberInput label={t('labels.ipmvp.value')} value={draft.value} onChange={(next) => setDraft((current) => ({ ...current, value: next }))} w={130} data-testid="ipmvp-value" />
        {pointId && (
          <Tooltip label={t('hints.ipmvp.lookUp')} withArrow>
            <ActionIcon variant="light" size="lg" onClick={lookUp} loading={looking} disabled={!draft.calculation} aria-label={t('hints.ipmvp.lookUp')}>
              <IconSearch size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        {draft.kind === 'target' && (
          <>
            <NumberInput label={t('labels.ipmvp.coefficient')} value={draft.coefficientValue} onChange={(next) => setDraft((current) => ({ ...current, coefficientValue: next }))} w={110} />
            <Select
              label={t('labels.ipmvp.coefficientType')}
              data={[
                { value: '%', label: '%' },
                { value: 'number', label: t('labels.ipmvp.number') },
              ]}
              value={draft.coefficientType}
              onChange={(type) => setDraft((current) => ({ ...current, coefficientType: (type ?? '%') as Draft['coefficientType'] }))}
              w={110}
            />
          </>
        )}
        <Switch label={t('labels.ipmvp.autoRenew')} checked={draft.autoRenew} onChange={(event) => setDraft((current) => ({ ...current, autoRenew: event.currentTarget.checked }))} mb={8} />
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add} data-testid="ipmvp-add">
          {t('buttons.add')}
        </Button>
      </Group>
      {error && (
        <Text size="sm" c="red" data-testid="ipmvp-error">
          {error}
        </Text>
      )}
    </Stack>
  );
};
