import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUNDLE_TARGET, LAMBDA_RUNTIME, NODE_MAJOR, NODE_VERSION } from '../../infra/lib/node-line';
import { fromRoot } from '../../infra/lib/paths';

describe('the supported Node.js line', () => {
  it('is the one .node-version names, for CI, the engines, the Lambda runtime, the bundles and the README', () => {
    expect(NODE_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
    const engines = (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    expect(engines).toMatch(new RegExp(`^>=${NODE_MAJOR}\\.\\d+ <${NODE_MAJOR + 1}$`));
    expect(LAMBDA_RUNTIME.name).toBe(`nodejs${NODE_MAJOR}.x`);
    expect(BUNDLE_TARGET).toBe(`node${NODE_MAJOR}`);
    expect(readFileSync(fromRoot('.ci/run'), 'utf8')).toContain('.node-version');
    expect(readFileSync(fromRoot('README.md'), 'utf8')).toContain(`Node.js ${NODE_MAJOR}`);
  });
});
