import { describe, expect, it } from 'vitest';
import { buildEarlyCalls, earlyCodeOf, inlineScriptText, operationsNamedIn, withEarlyScript } from '../../../web/build/early-calls-inline';

/** Issue 43: the early script inlined in index.html (web/build/early-calls-inline.ts) stays a small classic script. */
describe('the early script inlined in index.html', () => {
  it('is built as one small classic script carrying only the route table’s operations the first calls name', async () => {
    const code = await buildEarlyCalls({ languages: { fr: '/assets/locale-fr-1.js' }, signedIn: ['/assets/first-screen-1.js'], pages: { '/maplytics': ['/assets/maplytics-page-1.js'] } });
    expect(code.length).toBeLessThan(8 * 1024);
    // Classic: it runs while the page is parsed, before the entry (a module) is evaluated.
    expect(code).not.toMatch(/(^|[;}])\s*(import|export)\s/);
    expect(code).toContain('__wattwiseFirstCalls');
    expect(code).toContain('/api/v1/maplytics');
    // The first screen's code it preloads, named by the build.
    expect(code).toContain('/assets/locale-fr-1.js');
    expect(code).toContain('/assets/first-screen-1.js');
    // Not the rest of the table (~190 operations), nor zod.
    expect(code).not.toContain('/api/v1/alerts');
    expect(code).not.toMatch(/ZodError|\$ZodType/);
  }, 60_000);

  it('runs before the stylesheets (which it would wait for), after the configuration and the entry, which are asked first', () => {
    const html = [
      '<head>',
      '<script id="wattwise-config" type="application/json"></script>',
      '<script type="module" crossorigin src="/assets/index-1.js"></script>',
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css">',
      '</head>',
    ].join('\n');
    const placed = withEarlyScript(html, 'early()');
    const at = (text: string) => placed.indexOf(text);
    expect(at('wattwise-config')).toBeLessThan(at('<script>early()</script>'));
    expect(at('/assets/index-1.js')).toBeLessThan(at('<script>early()</script>'));
    expect(at('<link rel="preload" as="style" crossorigin href="/assets/index-1.css">')).toBeLessThan(at('<script>early()</script>'));
    expect(at('<script>early()</script>')).toBeLessThan(at('<link rel="stylesheet" crossorigin href="/assets/index-1.css">'));
    expect(withEarlyScript('<head></head>', 'early()')).toContain('<script>early()</script>');
  });

  it('preloads each language’s texts and the frame’s chunks by the names the build gave them', () => {
    const chunks = [
      { name: 'index', fileName: 'assets/index-1.js' },
      { name: 'locale-fr', fileName: 'assets/locale-fr-2.js' },
      { name: 'locale-en', fileName: 'assets/locale-en-3.js' },
      { name: 'first-screen', fileName: 'assets/first-screen-4.js' },
      { name: 'ui', fileName: 'assets/ui-5.js' },
      { name: 'maplytics-page', fileName: 'assets/maplytics-page-6.js' },
    ];
    expect(earlyCodeOf(chunks)).toEqual({ languages: { fr: '/assets/locale-fr-2.js', en: '/assets/locale-en-3.js' }, signedIn: ['/assets/first-screen-4.js', '/assets/ui-5.js'], pages: {} });
  });

  it('preloads the map’s page chunk on /maplytics, with the chunks it imports that the entry and the frame do not bring', () => {
    const chunks = [
      { name: 'index', fileName: 'assets/index-1.js', isEntry: true, facadeModuleId: '/repo/web/index.html' },
      { name: 'first-screen', fileName: 'assets/first-screen-4.js' },
      { name: 'ui', fileName: 'assets/ui-5.js' },
      { name: 'maplytics-page', fileName: 'assets/maplytics-page-6.js', facadeModuleId: '/repo/web/src/routes/maplytics/maplytics-page.tsx', imports: ['assets/index-1.js', 'assets/ui-5.js', 'assets/api-7.js'] },
    ];
    expect(earlyCodeOf(chunks).pages).toEqual({ '/maplytics': ['/assets/maplytics-page-6.js', '/assets/api-7.js'] });
  });

  it('names the operations a module calls, and can sit inside a script element', () => {
    expect(operationsNamedIn('call(API.listTabs), call(API.getMaplytics); API.listTabs')).toEqual(['getMaplytics', 'listTabs']);
    expect(inlineScriptText('a="</script>";b="<!--"')).toBe('a="<\\/script>";b="<\\!--"');
  });
});
