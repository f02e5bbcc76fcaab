import type { WidgetType } from '@shared/schemas/widget';

export type DialogSection = 'type' | 'points' | 'period' | 'display' | 'text' | 'image';

/** The sections a widget type needs: text and image widgets draw no series, they hold a text or an image. */
export const sectionsOf = (type: WidgetType): DialogSection[] => {
  if (type === 'text') return ['type', 'text', 'display'];
  if (type === 'image') return ['type', 'image', 'display'];
  return ['type', 'points', 'period', 'display'];
};
