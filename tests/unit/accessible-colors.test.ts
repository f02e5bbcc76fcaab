import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@mantine/core';
import { SKINS } from '@shared/skins';
import { contrastRatio, luminance } from '../../web/src/lib/accessible-colors';
import { themeOfSkin } from '../../web/src/lib/skins';
import { cssVariablesResolver, theme } from '../../web/src/theme';

/** WCAG 2.1 1.4.3: text reads at 4.5:1 at least. */
const AA = 4.5;
const WHITE = '#ffffff';
const BLACK = '#000000';

describe('theme colours (WCAG 2.1 AA contrast)', () => {
  const colors = theme.colors!;
  const names = Object.keys(colors).filter((name) => name !== 'dark');

  it.each(names)('%s: the filled shade carries its text (white, or black where it is bright) at 4.5:1', (name) => {
    const filled = colors[name]![6];
    const text = luminance(filled) > theme.luminanceThreshold! ? BLACK : WHITE;
    expect(theme.autoContrast).toBe(true);
    expect(contrastRatio(filled, text)).toBeGreaterThanOrEqual(AA);
  });

  it.each(names.filter((name) => !['yellow', 'lime'].includes(name)))('%s: shades 6 to 9 read as text on white and the light greys, each darker than the one before', (name) => {
    const shades = colors[name]!.slice(6);
    for (const shade of shades) {
      for (const page of [WHITE, DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]]) expect(contrastRatio(shade, page)).toBeGreaterThanOrEqual(AA);
    }
    for (let index = 1; index < shades.length; index += 1) expect(luminance(shades[index]!)).toBeLessThan(luminance(shades[index - 1]!));
  });

  it.each(names)('%s: the light variant (shade 9 on shade 1) reads at 4.5:1', (name) => {
    expect(contrastRatio(colors[name]![9], colors[name]![1])).toBeGreaterThanOrEqual(AA);
  });

  it('keeps the light shades, backgrounds and borders, as Mantine draws them', () => {
    for (const name of names) expect(colors[name]!.slice(0, 6)).toEqual(DEFAULT_THEME.colors[name]!.slice(0, 6));
  });

  it('writes dimmed text readable on white and on the light greys', () => {
    const dimmed = cssVariablesResolver(theme as never).light['--mantine-color-dimmed']!;
    for (const background of [WHITE, DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]]) expect(contrastRatio(dimmed, background)).toBeGreaterThanOrEqual(AA);
  });

  it.each(SKINS)('%s: keeps the readable palettes, its accent included', (skin) => {
    const skinned = themeOfSkin(skin);
    expect(skinned.colors).toEqual(theme.colors);
    expect(contrastRatio(skinned.colors![skinned.primaryColor!]![6], WHITE)).toBeGreaterThanOrEqual(AA);
  });

  it('computes contrast as WCAG does', () => {
    expect(contrastRatio(WHITE, BLACK)).toBeCloseTo(21, 5);
    expect(contrastRatio('#767676', WHITE)).toBeCloseTo(4.54, 2);
    // Mantine's own blue 6 under white text: what the palettes correct.
    expect(contrastRatio(DEFAULT_THEME.colors.blue[6], WHITE)).toBeLessThan(AA);
  });
});
