import { widgetSettingsSchema, type WidgetSettings } from '@shared/schemas/widget';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

/** A copied widget's settings, kept on this browser until pasted into another page (any tab, any location page). */
export const copyWidget = (settings: WidgetSettings): void => writeStored(STORAGE_KEYS.copiedWidget, settings);

export const copiedWidget = (): WidgetSettings | null => {
  const parsed = widgetSettingsSchema.safeParse(readStored(STORAGE_KEYS.copiedWidget));
  return parsed.success ? parsed.data : null;
};
