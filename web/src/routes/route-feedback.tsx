import { useTranslation } from 'react-i18next';
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Shown while a page's code or data is on its way. */
export const RoutePending = () => (
  <Center py="xl" mih={200}>
    <Loader />
  </Center>
);

/** A page that failed to render: 'Sorry' / 'Something went wrong...', with a way out. */
export const RouteError = () => {
  const { t } = useTranslation();
  return (
    <Center py="xl" px="md">
      <Stack maw={420} w="100%">
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={20} />} title={t('errors.titles.sorry')}>
          {t('errors.generic')}
        </Alert>
        <Button variant="default" onClick={() => window.location.reload()}>
          {t('buttons.reload')}
        </Button>
      </Stack>
    </Center>
  );
};
