import { cpSync, existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { DockerImage } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { LAMBDA_RUNTIME } from '../node-line';
import { fromRoot } from '../paths';

const PACKAGE = '@sparticuz/chromium';

/** Where a package is installed, looked up from the package that needs it (npm's nesting first, then the hoisted copy). */
const installedAt = (name: string, from: string): string => {
  for (let dir = from; dir.startsWith(fromRoot()); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === fromRoot()) break;
  }
  throw new Error(`${name} is not installed (npm install)`);
};

/** The package and every package it needs at run time, as installed. */
const closureOf = (name: string, from = fromRoot(), found = new Map<string, string>()): Map<string, string> => {
  const dir = installedAt(name, from);
  if ([...found.values()].includes(dir)) return found;
  found.set(path.relative(fromRoot('node_modules'), dir), dir);
  const { dependencies = {} } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  for (const dependency of Object.keys(dependencies)) closureOf(dependency, dir, found);
  return found;
};

/**
 * Chromium for Lambda (@sparticuz/chromium: a Brotli-packed Chromium for Amazon Linux, x86_64)
 * as a layer, copied from the installed packages with what they need at run time — no Docker,
 * no download at synthesis. The report PDF function leaves the package out of its bundle and
 * finds it here (`/opt/nodejs/node_modules`).
 */
export class ChromiumLayer extends Construct {
  readonly layer: lambda.LayerVersion;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const packages = closureOf(PACKAGE);
    this.layer = new lambda.LayerVersion(this, 'Layer', {
      description: `${PACKAGE} and its run-time dependencies`,
      compatibleRuntimes: [LAMBDA_RUNTIME],
      compatibleArchitectures: [lambda.Architecture.X86_64],
      code: lambda.Code.fromAsset(installedAt(PACKAGE, fromRoot()), {
        bundling: {
          image: DockerImage.fromRegistry('unused-local-bundling'),
          local: {
            tryBundle: (outputDir) => {
              for (const [relative, dir] of packages) cpSync(dir, path.join(outputDir, 'nodejs', 'node_modules', relative), { recursive: true });
              return true;
            },
          },
        },
      }),
    });
  }
}
