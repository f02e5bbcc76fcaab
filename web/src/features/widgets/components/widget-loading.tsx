import { useTranslation } from 'react-i18next';
import { Center, Loader } from '@mantine/core';

export const WidgetLoading = () => {
  const { t } = useTranslation();
  return (
    <Center h="100%" data-testid="widget-loading">
      <Loader size="sm" aria-label={t('widgets.hints.loading')} />
    </Center>
  );
};
