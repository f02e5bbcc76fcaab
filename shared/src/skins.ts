/**
 * The skins, apart from the preferences' schema: the web's first screen applies a skin without
 * carrying zod.
 */

/** Six skins plus the beta MaterialDesign one (spec 1 §9); smart-style-0 by default. */
export const SKINS = ['smart-style-0', 'smart-style-1', 'smart-style-2', 'smart-style-3', 'smart-style-4', 'smart-style-5', 'smart-style-6'] as const;
export type Skin = (typeof SKINS)[number];
export const DEFAULT_SKIN: Skin = 'smart-style-0';

/** The skins' names as the original product shows them (not translated: they are names). */
export const SKIN_NAMES: Record<Skin, string> = {
  'smart-style-0': 'Smart Default',
  'smart-style-1': 'Dark Elegance',
  'smart-style-2': 'Ultra Light',
  'smart-style-3': 'Google Skin',
  'smart-style-4': 'PixelSmash',
  'smart-style-5': 'Glass',
  'smart-style-6': 'MaterialDesign (beta)',
};
