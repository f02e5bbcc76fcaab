import { readFileSync } from 'node:fs';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { fromRoot } from './paths';

/**
 * The one supported Node.js line. `.node-version` names the release that developers and CI run
 * (`.ci/run` installs it where the machine has another); the Lambda runtime, the functions'
 * bundles and package.json's engines follow its major version (tests/unit/node-line.test.ts).
 */
export const NODE_VERSION = readFileSync(fromRoot('.node-version'), 'utf8').trim();
export const NODE_MAJOR = Number(NODE_VERSION.split('.')[0]);

const LAMBDA_RUNTIMES: Record<number, lambda.Runtime> = { 22: lambda.Runtime.NODEJS_22_X, 24: lambda.Runtime.NODEJS_24_X };

const runtimeOf = (major: number): lambda.Runtime => {
  const runtime = LAMBDA_RUNTIMES[major];
  if (!runtime) throw new Error(`No Lambda runtime is known for Node.js ${major} (.node-version)`);
  return runtime;
};

export const LAMBDA_RUNTIME = runtimeOf(NODE_MAJOR);
/** esbuild's target for the functions' bundles. */
export const BUNDLE_TARGET = `node${NODE_MAJOR}`;
