import type { WidgetData } from '@shared/schemas/widget-data';
import type { Sampling } from '@shared/series/sampling';
import type { DataWidget } from '../api/widget-data';

/** What the frame hands every widget type. */
export interface WidgetTypeProps {
  widget: DataWidget;
  /** The widget's answer; null for types that ask nothing (image, text without point values). */
  data: WidgetData | null;
  timezone: string;
  /** Called once the content is drawn. */
  onRendered: () => void;
  onDrilldown?: (bucketStart: string, sampling: Sampling) => void;
  imageUrl?: (imageId: string) => string;
}
