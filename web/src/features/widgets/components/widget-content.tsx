import { lazy, memo, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { WidgetType } from '@shared/schemas/widget';
import type { WidgetTypeProps } from './widget-type-props';
import { WidgetLoading } from './widget-loading';
import { WIDGET_TYPE_CHUNKS } from './widget-type-chunks';

const TYPES = Object.fromEntries(Object.entries(WIDGET_TYPE_CHUNKS).map(([type, chunk]) => [type, lazy(chunk)])) as Record<
  WidgetType,
  LazyExoticComponent<ComponentType<WidgetTypeProps>>
>;

/**
 * The component of the widget's type, loaded when first shown. Drawn again only when what it is
 * given changes: the frame's own changes (its ready flag once the content is drawn, a tooltip) do
 * not draw a chart twice.
 */
export const WidgetContent = memo((props: WidgetTypeProps) => {
  const Type = TYPES[props.widget.type];
  return (
    <Suspense fallback={<WidgetLoading />}>
      <Type {...props} />
    </Suspense>
  );
});
WidgetContent.displayName = 'WidgetContent';
