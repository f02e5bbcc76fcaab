import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_STYLE_URL, mapStyleUrlOf, RUNTIME_CONFIG_ELEMENT, webRuntimeConfig, withInlineRuntimeConfig } from '../../../infra/lib/runtime-config';
import { readSettings } from '../../../infra/lib/settings';
import type { Node } from 'constructs';

const textOfElement = (html: string): string => /<script id="wattwise-config" type="application\/json">([^<]*)<\/script>/.exec(html)![1];

describe('the runtime configuration inside index.html', () => {
  it('is written into the element the app reads, as JSON', () => {
    const config = webRuntimeConfig({ mapStyleUrl: 'https://tiles.example/style.json' });
    const html = withInlineRuntimeConfig(`<head>${RUNTIME_CONFIG_ELEMENT}</head>`, config);
    expect(JSON.parse(textOfElement(html))).toEqual(config);
  });

  it('cannot close its element early, whatever a value holds', () => {
    const config = webRuntimeConfig({ mapStyleUrl: 'https://tiles.example/</script><script>alert(1)</script>' });
    const html = withInlineRuntimeConfig(`<head>${RUNTIME_CONFIG_ELEMENT}</head>`, config);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(textOfElement(html))).toEqual(config);
  });

  it('has its element in the app page, so the build keeps it', () => {
    expect(readFileSync(new URL('../../../web/index.html', import.meta.url), 'utf8')).toContain(RUNTIME_CONFIG_ELEMENT);
  });

  it('leaves a page without the element as it is (the app then asks /config.json)', () => {
    expect(withInlineRuntimeConfig('<!doctype html>', webRuntimeConfig({ mapStyleUrl: null }))).toBe('<!doctype html>');
  });
});

describe("the maplytics map's basemap setting", () => {
  const settingsWith = (context: Record<string, unknown>) => readSettings({ tryGetContext: (key: string) => context[key] } as unknown as Node);

  it("is OpenFreeMap's public vector style when a deployment names none", () => {
    expect(DEFAULT_MAP_STYLE_URL).toBe('https://tiles.openfreemap.org/styles/liberty');
    expect(settingsWith({}).mapStyleUrl).toBe(DEFAULT_MAP_STYLE_URL);
    expect(mapStyleUrlOf(undefined)).toBe(DEFAULT_MAP_STYLE_URL);
    expect(mapStyleUrlOf('  ')).toBe(DEFAULT_MAP_STYLE_URL);
  });

  it('is the bundled basemap alone for `none`, and any other style by its URL', () => {
    expect(settingsWith({ mapStyleUrl: 'none' }).mapStyleUrl).toBeNull();
    expect(settingsWith({ mapStyleUrl: 'https://tiles.example/style.json' }).mapStyleUrl).toBe('https://tiles.example/style.json');
    expect(() => mapStyleUrlOf('tiles.example/style.json')).toThrow();
  });
});
