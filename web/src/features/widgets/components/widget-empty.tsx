import { useTranslation } from 'react-i18next';
import { Center, Text } from '@mantine/core';
import { IconChartBarOff } from '@tabler/icons-react';
import { useRenderedSignal } from '../hooks/use-rendered-signal';

/** The points have nothing in the period: said plainly, and the widget counts as drawn. */
export const WidgetEmpty = ({ onRendered, message = 'widgets.hints.noData' }: { onRendered: () => void; message?: string }) => {
  const { t } = useTranslation();
  useRenderedSignal(onRendered);
  return (
    <Center h="100%" data-testid="widget-empty">
      <Text c="dimmed" size="sm" ta="center">
        <IconChartBarOff size={20} style={{ verticalAlign: 'middle', marginRight: 6 }} />
        {t(message)}
      </Text>
    </Center>
  );
};
