import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconEraser } from '@tabler/icons-react';
import { notify } from '../../../lib/notify';
import { deleteValues } from '../api/locations-and-points';
import { notifyFailure } from '../hooks/error-text';

/**
 * Deletes a point's values between two days (inclusive, 00:00 to 23:59 in the point's zone); an
 * empty bound leaves that side open. Always confirmed first.
 */
export const DataDeletion = ({ pointId, pointName }: { pointId: string; pointName: string }) => {
  const { t } = useTranslation();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [pending, setPending] = useState(false);

  const run = async () => {
    setPending(true);
    try {
      const answer = await deleteValues(pointId, from || 'none', to || 'none');
      notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.values_deleted', { count: answer.deleted }) });
    } catch (error) {
      notifyFailure(error);
    } finally {
      setPending(false);
    }
  };

  const confirm = () =>
    modals.openConfirmModal({
      title: t('labels.confirm.title'),
      children: (
        <Text size="sm">
          {t('hints.dataDeletion.confirm', { name: pointName, from: from || t('labels.dataDeletion.start'), to: to || t('labels.dataDeletion.end') })}
        </Text>
      ),
      labels: { confirm: t('buttons.delete'), cancel: t('buttons.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: run,
    });

  return (
    <Group align="flex-end" gap="sm" data-testid="data-deletion">
      <TextInput type="date" label={t('labels.dataDeletion.from')} value={from} onChange={(event) => setFrom(event.currentTarget.value)} w={170} />
      <TextInput type="date" label={t('labels.dataDeletion.to')} value={to} onChange={(event) => setTo(event.currentTarget.value)} w={170} />
      <Button variant="light" color="red" leftSection={<IconEraser size={16} />} onClick={confirm} loading={pending}>
        {t('buttons.deleteValues')}
      </Button>
    </Group>
  );
};
