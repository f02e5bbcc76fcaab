import { createTheme, mergeThemeOverrides, type MantineColor, type MantineThemeOverride } from '@mantine/core';
import { DEFAULT_SKIN, SKINS, type Skin } from '@shared/skins';
import { theme as baseTheme } from '../theme';

/**
 * What each skin changes (spec 1 §9: six skins plus the beta MaterialDesign one): the accent
 * colour here; the header and navigation colours in styles.css under `[data-skin=…]`.
 */
const ACCENT: Record<Skin, MantineColor> = {
  'smart-style-0': 'blue',
  'smart-style-1': 'teal',
  'smart-style-2': 'cyan',
  'smart-style-3': 'blue',
  'smart-style-4': 'grape',
  'smart-style-5': 'indigo',
  'smart-style-6': 'teal',
};

const MATERIAL: MantineThemeOverride = { defaultRadius: 'xs', fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif' };

/** The names of Mantine's icon-only buttons, in the user's language: a modal's or a notification's close, an input's clear. */
export interface ControlNames {
  close: string;
  clear: string;
}

const namedControls = (names: ControlNames): MantineThemeOverride['components'] => ({
  CloseButton: { defaultProps: { 'aria-label': names.close } },
  InputClearButton: { defaultProps: { 'aria-label': names.clear } },
});

export const themeOfSkin = (skin: Skin, names?: ControlNames) =>
  mergeThemeOverrides(
    baseTheme,
    createTheme({ primaryColor: ACCENT[skin], ...(skin === 'smart-style-6' ? MATERIAL : {}), ...(names ? { components: namedControls(names) } : {}) }),
  );

export const skinOf = (value: unknown): Skin => (SKINS.includes(value as Skin) ? (value as Skin) : DEFAULT_SKIN);

/** The header and navigation colours follow the `data-skin` attribute of the document. */
export const applySkinToDocument = (skin: Skin): void => {
  document.documentElement.dataset.skin = skin;
};
