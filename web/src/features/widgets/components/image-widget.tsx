import { useTranslation } from 'react-i18next';
import { Card, Center, Image, Text } from '@mantine/core';
import { useRenderedSignal } from '../hooks/use-rendered-signal';
import type { WidgetTypeProps } from './widget-type-props';

/** The chosen image, plain or on a card; drawn once the browser has it (or knows it cannot). */
export const ImageWidget = ({ widget, onRendered, imageUrl }: WidgetTypeProps) => {
  const { t } = useTranslation();
  const source = widget.image.source;
  const url = source && imageUrl ? imageUrl(source) : null;
  useRenderedSignal(onRendered, url === null);
  if (!url) {
    return (
      <Center h="100%" data-testid="image-widget">
        <Text c="dimmed" size="sm">
          {t('widgets.hints.noImage')}
        </Text>
      </Center>
    );
  }
  const image = <Image src={url} alt={widget.title} h="100%" fit="contain" onLoad={onRendered} onError={onRendered} />;
  return widget.image.isCard ? (
    <Card shadow="sm" radius="md" withBorder h="100%" p="xs" data-testid="image-widget" data-card="true">
      {image}
    </Card>
  ) : (
    <Center h="100%" data-testid="image-widget">
      {image}
    </Center>
  );
};
