import { useTranslation } from 'react-i18next';
import { Text } from '@mantine/core';
import type { PointWithLastValue } from '@shared/api/responses';
import { dateTimeText } from '@shared/date-text';
import { roundForUnit } from '@shared/series/rounding';

/** The point's latest value and its date (dd/MM/yyyy HH:mm), so a typo against it shows before sending. */
export const LastValue = ({ point }: { point: PointWithLastValue }) => {
  const { t, i18n } = useTranslation();
  if (!point.last_value) {
    return (
      <Text size="sm" c="dimmed" mt={-8} data-testid="manual-entry-last-value">
        {t('hints.manualEntry.noLastValue')}
      </Text>
    );
  }
  const value = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 }).format(roundForUnit(point.last_value.value, point.unit) ?? point.last_value.value);
  return (
    <Text size="sm" c="dimmed" mt={-8} data-testid="manual-entry-last-value">
      {t('hints.manualEntry.lastValue', {
        value: point.unit ? `${value} ${point.unit}` : value,
        date: dateTimeText(point.last_value.date),
      })}
    </Text>
  );
};
