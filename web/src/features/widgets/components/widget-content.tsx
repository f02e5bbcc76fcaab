import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { WidgetType } from '@shared/schemas/widget';
import type { WidgetTypeProps } from './widget-type-props';
import { WidgetLoading } from './widget-loading';

// Each type is its own chunk: a dashboard of tables never downloads the charting library.
const TYPES: Record<WidgetType, LazyExoticComponent<ComponentType<WidgetTypeProps>>> = {
  chart: lazy(() => import('./chart-widget').then((module) => ({ default: module.ChartWidget }))),
  pie: lazy(() => import('./pie-widget').then((module) => ({ default: module.PieWidget }))),
  table: lazy(() => import('./table-widget').then((module) => ({ default: module.TableWidget }))),
  text: lazy(() => import('./text-widget').then((module) => ({ default: module.TextWidget }))),
  image: lazy(() => import('./image-widget').then((module) => ({ default: module.ImageWidget }))),
  trend: lazy(() => import('./trend-widget').then((module) => ({ default: module.TrendWidget }))),
  IPMVP: lazy(() => import('./ipmvp-widget').then((module) => ({ default: module.IpmvpWidget }))),
};

/** The component of the widget's type, loaded when first shown. */
export const WidgetContent = (props: WidgetTypeProps) => {
  const Type = TYPES[props.widget.type];
  return (
    <Suspense fallback={<WidgetLoading />}>
      <Type {...props} />
    </Suspense>
  );
};
