import type { ComponentType } from 'react';
import type { WidgetType } from '@shared/schemas/widget';
import type { WidgetTypeProps } from './widget-type-props';

type Chunk = () => Promise<{ default: ComponentType<WidgetTypeProps> }>;

// Each type is its own chunk: a dashboard of tables never downloads the charting library.
export const WIDGET_TYPE_CHUNKS: Record<WidgetType, Chunk> = {
  chart: () => import('./chart-widget').then((module) => ({ default: module.ChartWidget })),
  pie: () => import('./pie-widget').then((module) => ({ default: module.PieWidget })),
  table: () => import('./table-widget').then((module) => ({ default: module.TableWidget })),
  text: () => import('./text-widget').then((module) => ({ default: module.TextWidget })),
  image: () => import('./image-widget').then((module) => ({ default: module.ImageWidget })),
  trend: () => import('./trend-widget').then((module) => ({ default: module.TrendWidget })),
  IPMVP: () => import('./ipmvp-widget').then((module) => ({ default: module.IpmvpWidget })),
};

/** Starts downloading the code of these widget types (a page's, before its widgets mount); the browser keeps each module once loaded. */
export const preloadWidgetTypes = (types: Iterable<WidgetType>): void => {
  for (const type of new Set(types)) void WIDGET_TYPE_CHUNKS[type]().catch(() => undefined);
};
