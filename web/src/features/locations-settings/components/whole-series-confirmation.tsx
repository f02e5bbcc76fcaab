import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { confirmsName } from '../hooks/deletion-range';

/** Deleting every value of a point cannot be undone: the point's name is typed back first. */
export const WholeSeriesConfirmation = ({ pointName, onConfirm, onCancel }: { pointName: string; onConfirm: () => void; onCancel: () => void }) => {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const confirmed = confirmsName(typed, pointName);
  return (
    <Stack gap="md" data-testid="whole-series-confirmation">
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title={t('hints.dataDeletion.wholeSeriesTitle', { name: pointName })}>
        {t('hints.dataDeletion.wholeSeries')}
      </Alert>
      <TextInput
        label={t('labels.dataDeletion.typeName', { name: pointName })}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        autoComplete="off"
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('buttons.cancel')}
        </Button>
        <Button color="red" disabled={!confirmed} onClick={onConfirm}>
          {t('buttons.deleteAllValues')}
        </Button>
      </Group>
    </Stack>
  );
};
