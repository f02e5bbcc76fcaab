import type { MantineColorsTuple } from '@mantine/core';

/**
 * Colours that keep WCAG 2.1 AA contrast (1.4.3: 4.5:1 for text) wherever Mantine puts them: the
 * `filled` shade (6) carries white text and is the `text`, `outline` and anchor colour on white; the
 * `light` variant writes shade 9 on shade 1. Mantine's palettes miss it (white on blue 6 is 3.6:1,
 * teal 9 on teal 1 is 4.3:1): from shade 6 on, each colour is darkened just enough. Yellow and lime
 * stay bright and carry black text instead (the theme's `autoContrast`).
 */

/** A little above 4.5:1, so that rounding in a browser never brings a pair under it. */
export const TEXT_CONTRAST = 4.6;

const channels = (hex: string): [number, number, number] => {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? [...value].map((digit) => digit + digit).join('') : value;
  return [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16)) as [number, number, number];
};

/** Relative luminance (WCAG 2.1). */
export const luminance = (hex: string): number => {
  const [r, g, b] = channels(hex).map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};

/** Contrast ratio of two opaque colours (WCAG 2.1), from 1 to 21. */
export const contrastRatio = (first: string, second: string): number => {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
};

const toHex = (rgb: number[]) => `#${rgb.map((channel) => Math.round(Math.max(0, Math.min(255, channel))).toString(16).padStart(2, '0')).join('')}`;

/** The colour darkened in small steps until it reaches `ratio` against every one of `backgrounds`. */
export const darkenUntil = (color: string, backgrounds: string[], ratio = TEXT_CONTRAST): string => {
  let rgb = channels(color);
  let current = color.toLowerCase();
  while (backgrounds.some((background) => contrastRatio(current, background) < ratio)) {
    rgb = rgb.map((channel) => channel * 0.97) as [number, number, number];
    current = toHex(rgb);
  }
  return current;
};

/** Colours whose filled shade stays bright and takes black text (autoContrast). */
const BRIGHT = new Set(['yellow', 'lime']);

const WHITE = '#ffffff';

/**
 * The palette with shades 6 to 9 readable: each as text on white (and with white text on it), each
 * a little darker than the one before (hovers still show), shade 9 on shade 1 (the light variant).
 * A bright colour keeps its shade 6 and only gets a readable shade 9.
 */
export const accessiblePalette = (name: string, palette: readonly string[], pages: readonly string[]): MantineColorsTuple => {
  const shades = [...palette];
  for (let shade = 6; shade <= 9; shade += 1) {
    if (BRIGHT.has(name) && shade < 9) continue;
    const previous = shade > 6 && !BRIGHT.has(name) ? contrastRatio(shades[shade - 1]!, WHITE) : 0;
    const against = shade === 9 ? [...pages, palette[1]!] : [...pages];
    shades[shade] = darkenUntil(palette[shade]!, against, Math.max(TEXT_CONTRAST, previous * 1.05));
  }
  return shades as unknown as MantineColorsTuple;
};

/**
 * Every palette but `except`, readable on the pages' backgrounds: white and the two lightest greys
 * (the app's main area is grey 0, stripes and hovers grey 1).
 */
export const accessibleColors = (colors: Record<string, readonly string[]>, except: string[] = ['dark']): Record<string, MantineColorsTuple> => {
  const pages = [WHITE, colors.gray![0]!, colors.gray![1]!];
  return Object.fromEntries(Object.entries(colors).filter(([name]) => !except.includes(name)).map(([name, palette]) => [name, accessiblePalette(name, palette, pages)]));
};

/** Secondary ('dimmed') text: readable on white and on the light greys of headers, stripes and hovers. */
export const dimmedTextColor = (grays: readonly string[]): string => darkenUntil(grays[6]!, [WHITE, grays[0]!, grays[1]!]);

/** Black or white, whichever reads better on a background (text over a map marker's colour). */
export const readableTextOn = (background: string): string => (contrastRatio(background, '#000000') >= contrastRatio(background, WHITE) ? '#000000' : WHITE);
