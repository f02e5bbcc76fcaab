import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { PERIOD_TYPES, PERIODS, SAMPLINGS, type Period, type PeriodType, type Sampling } from '@shared/series/sampling';
import type { WidgetForm } from '../hooks/use-widget-form';
import { isInvalid } from '../hooks/widget-problems';
import { DateTimeTextInput } from './date-time-text-input';
import { numberOrNaN, numberFieldValue } from './number-field';
import { translatedOptions } from './translated-options';

export const PeriodSection = ({ form }: { form: WidgetForm }) => {
  const { t } = useTranslation();
  const { settings, change, problems, setDateReadable } = form;
  const startReadable = useCallback((readable: boolean) => setDateReadable('start_date', readable), [setDateReadable]);
  const endReadable = useCallback((readable: boolean) => setDateReadable('end_date', readable), [setDateReadable]);
  const dateToDate = settings.period_type === 'dateToDate';
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('widgetDialog.labels.periodType')}
        </Text>
        <SegmentedControl
          fullWidth
          data={translatedOptions(t, 'periodTypes', PERIOD_TYPES)}
          value={settings.period_type}
          onChange={(periodType) => change({ period_type: periodType as PeriodType })}
          data-testid="widget-period-type"
        />
      </div>
      {dateToDate ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateTimeTextInput
            label={t('widgetDialog.labels.startDate')}
            value={settings.start_date}
            onChange={(start_date) => change({ start_date })}
            onReadableChange={startReadable}
            testId="widget-start-date"
          />
          <DateTimeTextInput
            label={t('widgetDialog.labels.endDate')}
            value={settings.end_date}
            onChange={(end_date) => change({ end_date })}
            onReadableChange={endReadable}
            error={problems.reversedRange && t('widgetDialog.errors.endBeforeStart')}
            testId="widget-end-date"
          />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select<Period>
            label={t('widgetDialog.labels.period')}
            data={translatedOptions(t, 'periods', PERIODS)}
            value={settings.period}
            onChange={(period) => period && change({ period })}
            allowDeselect={false}
            data-testid="widget-period"
          />
          <NumberInput
            label={t('widgetDialog.labels.offset')}
            description={t('widgetDialog.hints.offset')}
            value={numberFieldValue(settings.offset)}
            onChange={(offset) => change({ offset: numberOrNaN(offset) })}
            min={0}
            max={1000}
            allowDecimal={false}
            allowNegative={false}
            error={isInvalid(problems, 'offset') && t('widgetDialog.errors.invalidValue')}
          />
        </SimpleGrid>
      )}
      <Select<Sampling>
        label={t('widgetDialog.labels.sampling')}
        data={translatedOptions(t, 'samplings', SAMPLINGS)}
        value={settings.sampling}
        onChange={(sampling) => sampling && change({ sampling })}
        allowDeselect={false}
        data-testid="widget-sampling"
      />
    </Stack>
  );
};
