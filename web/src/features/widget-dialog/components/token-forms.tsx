import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, NumberInput, Select, Stack, Switch } from '@mantine/core';
import { CALCULATIONS, DEFAULT_CALCULATION, type Calculation } from '@shared/series/calculations';
import { PERIODS, type Period } from '@shared/series/sampling';
import type { DateToken, ValueToken } from '@shared/widgets/text-tokens';
import type { PointWithLocationNames } from '../api/points-with-location-names';
import { PointSearchPicker, searchedPointLabel } from '../../../components/point-search-picker';
import { translatedOptions } from './translated-options';

type TokenPeriod = Exclude<Period, 'all'>;
const TOKEN_PERIODS = PERIODS.filter((period): period is TokenPeriod => period !== 'all');
const MAX_OFFSET = 1000;

const PeriodAndOffset = ({
  period,
  offset,
  onPeriod,
  onOffset,
}: {
  period: TokenPeriod;
  offset: number;
  onPeriod: (period: TokenPeriod) => void;
  onOffset: (offset: number) => void;
}) => {
  const { t } = useTranslation();
  return (
    <>
      <Select<TokenPeriod>
        label={t('widgetDialog.labels.period')}
        data={translatedOptions(t, 'periods', TOKEN_PERIODS)}
        value={period}
        onChange={(value) => value && onPeriod(value)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
      />
      <NumberInput
        label={t('widgetDialog.labels.offset')}
        description={t('widgetDialog.hints.offset')}
        value={offset}
        onChange={(value) => onOffset(typeof value === 'number' ? value : 0)}
        min={0}
        max={MAX_OFFSET}
        allowDecimal={false}
        allowNegative={false}
      />
    </>
  );
};

/** What a point value token shows: a point, its calculation, over a period some periods back. */
export const ValueTokenForm = ({ onInsert }: { onInsert: (token: ValueToken) => void }) => {
  const { t } = useTranslation();
  const [point, setPoint] = useState<PointWithLocationNames | null>(null);
  const [calculation, setCalculation] = useState<Calculation>('sum');
  const [period, setPeriod] = useState<TokenPeriod>('month');
  const [offset, setOffset] = useState(0);
  const [showUnit, setShowUnit] = useState(true);
  return (
    <Stack gap="xs" w={300}>
      <PointSearchPicker
        label={t('widgetDialog.labels.tokenPoint')}
        valueLabel={point ? searchedPointLabel(point) : null}
        onPick={(picked) => {
          setPoint(picked);
          setCalculation(DEFAULT_CALCULATION[picked.series_type]);
        }}
        withinPortal={false}
      />
      <Select<Calculation>
        label={t('widgetDialog.labels.calculation')}
        data={translatedOptions(t, 'calculations', CALCULATIONS)}
        value={calculation}
        onChange={(value) => value && setCalculation(value)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
      />
      <PeriodAndOffset period={period} offset={offset} onPeriod={setPeriod} onOffset={setOffset} />
      <Switch label={t('widgetDialog.labels.tokenShowUnit')} checked={showUnit} onChange={(event) => setShowUnit(event.currentTarget.checked)} />
      <Button
        disabled={!point}
        onClick={() =>
          point && onInsert({ kind: 'value', point: point._id, technicalId: point.technical_id, calculation, period, offset, showUnit })
        }
      >
        {t('widgetDialog.buttons.insert')}
      </Button>
    </Stack>
  );
};

/** What a date token shows: a period some periods back. */
export const DateTokenForm = ({ onInsert }: { onInsert: (token: DateToken) => void }) => {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<TokenPeriod>('month');
  const [offset, setOffset] = useState(0);
  return (
    <Stack gap="xs" w={260}>
      <PeriodAndOffset period={period} offset={offset} onPeriod={setPeriod} onOffset={setOffset} />
      <Button onClick={() => onInsert({ kind: 'date', period, offset })}>{t('widgetDialog.buttons.insert')}</Button>
    </Stack>
  );
};
