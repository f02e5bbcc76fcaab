import { useTranslation } from 'react-i18next';
import { Badge, Box, Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCloudUpload } from '@tabler/icons-react';
import { SAVED_DATA_WARNING_TIMEOUT_MS } from '@shared/constants';
import { errorCodeOf } from '../../../lib/http';
import { notify, notifyGenericFailure } from '../../../lib/notify';
import { clearSavedData, readSavedData } from '../../../lib/saved-data';
import { useSendSavedData } from '../api/send-saved-data';
import { useSavedDataCount } from '../hooks/use-saved-data-count';

/** 'Save data not sent' (spec 1 §2.3, §4.6): shown while entries wait; a click offers to send them. */
export const SavedDataIndicator = () => {
  const { t } = useTranslation();
  const count = useSavedDataCount();
  const send = useSendSavedData();
  if (count === 0) return null;

  const sendAll = () =>
    send.mutate(readSavedData(), {
      onSuccess: () => {
        clearSavedData();
        notify({ kind: 'success', title: t('toasts.savedData.sentTitle'), message: t('toasts.savedData.sent') });
      },
      onError: (error) => {
        if (errorCodeOf(error) !== 'network_error') return notifyGenericFailure();
        notify({
          kind: 'warning',
          title: t('errors.network_error'),
          message: t('errors.savedData.kept'),
          autoClose: SAVED_DATA_WARNING_TIMEOUT_MS,
        });
      },
    });

  const confirm = () =>
    modals.openConfirmModal({
      title: t('labels.confirm.title'),
      children: <Text size="sm">{t('labels.savedData.confirm')}</Text>,
      labels: { confirm: t('buttons.yes'), cancel: t('buttons.no') },
      onConfirm: sendAll,
    });

  return (
    <Button
      variant="light"
      color="yellow"
      size="xs"
      leftSection={<IconCloudUpload size={16} />}
      rightSection={
        <Badge size="xs" color="yellow" variant="filled" circle>
          {count}
        </Badge>
      }
      loading={send.isPending}
      onClick={confirm}
      aria-label={t('labels.header.savedData')}
    >
      <Box component="span" visibleFrom="md">
        {t('labels.header.savedData')}
      </Box>
    </Button>
  );
};
