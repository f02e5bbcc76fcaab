import { describe, expect, it } from 'vitest';
import { buildEarlyCalls, inlineScriptText, operationsNamedIn } from '../../../web/build/early-calls-inline';

/** Issue 43: the early script inlined in index.html (web/build/early-calls-inline.ts) stays a small classic script. */
describe('the early script inlined in index.html', () => {
  it('is built as one small classic script carrying only the route table’s operations the first calls name', async () => {
    const code = await buildEarlyCalls();
    expect(code.length).toBeLessThan(8 * 1024);
    // Classic: it runs while the page is parsed, before the entry (a module) is evaluated.
    expect(code).not.toMatch(/(^|[;}])\s*(import|export)\s/);
    expect(code).toContain('__wattwiseFirstCalls');
    expect(code).toContain('/api/v1/maplytics');
    // Not the rest of the table (~190 operations), nor zod.
    expect(code).not.toContain('/api/v1/alerts');
    expect(code).not.toMatch(/ZodError|\$ZodType/);
  }, 60_000);

  it('names the operations a module calls, and can sit inside a script element', () => {
    expect(operationsNamedIn('call(API.listTabs), call(API.getMaplytics); API.listTabs')).toEqual(['getMaplytics', 'listTabs']);
    expect(inlineScriptText('a="</script>";b="<!--"')).toBe('a="<\\/script>";b="<\\!--"');
  });
});
