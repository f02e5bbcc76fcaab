import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RUNTIME_CONFIG_ELEMENT, webRuntimeConfig, withInlineRuntimeConfig } from '../../../infra/lib/runtime-config';

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
