import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { buildApp, type AppOptions } from '../../infra/lib/app';

export interface TestAppOptions extends AppOptions {
  /** More context, as an operator would pass with `-c name=value`. */
  context?: Record<string, unknown>;
  /** Leaves the functions' code unbundled (a stand-in asset): the templates are the same, in seconds instead of a minute. */
  skipBundling?: boolean;
}

/** The app as deployed to AWS (no demo seeding), with a stand-in web build to upload, an operations address and a first root administrator. */
export const buildTestApp = ({ context = {}, skipBundling = false, ...options }: TestAppOptions = {}) => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html>');
  return buildApp(
    new App({
      context: {
        environment: 'aws',
        webDist,
        demo: 'false',
        operationsEmail: 'ops@example.com',
        rootEmail: 'root@example.com',
        ...(skipBundling ? { 'aws:cdk:bundling-stacks': [] } : {}),
        ...context,
      },
    }),
    options,
  );
};
