import { CRON_PRESET_KEYS, CRON_PRESETS, type CronPreset } from '@shared/alerts/cron';

/** The preset a cron time is exactly (its time of day included), or null: the list then shows the cron time itself. */
export const exactPresetOf = (cron: string): CronPreset | null => CRON_PRESET_KEYS.find((preset) => CRON_PRESETS[preset] === cron.trim().replace(/\s+/g, ' ')) ?? null;
