import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { modals } from '@mantine/modals';
import { IconEraser } from '@tabler/icons-react';
import { DATE_INPUT_FORMAT, typedDateParser } from '../../../lib/date-formats';
import { pastDatesOnly } from '../../../lib/date-pickers';
import { notify } from '../../../lib/notify';
import { deleteValues } from '../api/locations-and-points';
import { deletesWholeSeries, deletionRangeProblem, displayDay } from '../hooks/deletion-range';
import { notifyFailure } from '../hooks/error-text';
import { WholeSeriesConfirmation } from './whole-series-confirmation';

const parseDay = typedDateParser(DATE_INPUT_FORMAT, false);

/**
 * Deletes a point's values between two days (inclusive, 00:00 to 23:59 in the point's zone); an
 * empty bound leaves that side open. Always confirmed first; with both open (every value of the
 * point) the name of the point is typed back.
 */
export const DataDeletion = ({ pointId, pointName }: { pointId: string; pointName: string }) => {
  const { t } = useTranslation();
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const range = { from, to };
  const problem = deletionRangeProblem(range);

  const run = async () => {
    setPending(true);
    try {
      const answer = await deleteValues(pointId, from ?? 'none', to ?? 'none');
      notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.values_deleted', { count: answer.deleted }) });
    } catch (error) {
      notifyFailure(error);
    } finally {
      setPending(false);
    }
  };

  const confirmWholeSeries = () => {
    const id = modals.open({
      title: t('labels.dataDeletion.wholeSeriesTitle'),
      children: (
        <WholeSeriesConfirmation
          pointName={pointName}
          onCancel={() => modals.close(id)}
          onConfirm={() => {
            modals.close(id);
            void run();
          }}
        />
      ),
    });
  };

  const confirmRange = () =>
    modals.openConfirmModal({
      title: t('labels.confirm.title'),
      children: (
        <Text size="sm">
          {t('hints.dataDeletion.confirm', {
            name: pointName,
            from: from ? displayDay(from) : t('labels.dataDeletion.start'),
            to: to ? displayDay(to) : t('labels.dataDeletion.end'),
          })}
        </Text>
      ),
      labels: { confirm: t('buttons.delete'), cancel: t('buttons.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: run,
    });

  const confirm = () => {
    if (problem) return;
    if (deletesWholeSeries(range)) confirmWholeSeries();
    else confirmRange();
  };

  return (
    <Group align="flex-start" gap="sm" data-testid="data-deletion">
      <DateInput
        label={t('labels.dataDeletion.from')}
        value={from}
        onChange={setFrom}
        valueFormat={DATE_INPUT_FORMAT}
        dateParser={parseDay}
        placeholder={t('labels.dataDeletion.datePlaceholder')}
        clearable
        {...pastDatesOnly()}
        w={170}
        data-testid="data-deletion-from"
      />
      <DateInput
        label={t('labels.dataDeletion.to')}
        value={to}
        onChange={setTo}
        valueFormat={DATE_INPUT_FORMAT}
        dateParser={parseDay}
        placeholder={t('labels.dataDeletion.datePlaceholder')}
        clearable
        {...pastDatesOnly()}
        error={problem ? t('errors.dataDeletion.endBeforeStart') : undefined}
        w={170}
        data-testid="data-deletion-to"
      />
      <Button variant="light" color="red" leftSection={<IconEraser size={16} />} onClick={confirm} loading={pending} disabled={problem !== null} mt={25}>
        {t('buttons.deleteValues')}
      </Button>
    </Group>
  );
};
