import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensurePythonPackage } from './emulator';

/** The linter every machine runs (PyPI's cfn-lint, in .local/venv beside the emulator); bump it only with a green `npm test`. */
export const CFN_LINT_VERSION = '1.58.0';

/** The regions the templates are checked for: CloudFormation's default one and the French one customers are nearest. */
const REGIONS = ['us-east-1', 'eu-west-3'];

/** Rules left out, each with its reason (docs/operations/aws-limits.md). */
export const CFN_LINT_IGNORED: Record<string, string> = {
  W3005:
    "A DependsOn beside a reference to the same resource: CDK writes them on purpose (a function after its role's policy), " +
    'and the deploy-pace chains may name a predecessor that a reference already orders. Redundant, never wrong.',
};

export interface CfnLintFinding {
  rule: string;
  level: 'Error' | 'Warning' | 'Informational';
  /** The template's file name. */
  template: string;
  /** Where in the template (`Resources/…/Properties/…`). */
  path: string;
  message: string;
}

interface CfnLintMatch {
  Rule: { Id: string };
  Level: CfnLintFinding['level'];
  Filename: string;
  Location: { Path?: (string | number)[] };
  Message: string;
}

/** Installs the pinned cfn-lint into .local/venv when missing; returns the command. */
export const ensureCfnLintInstalled = (): string => `${ensurePythonPackage('cfn-lint', CFN_LINT_VERSION)}/cfn-lint`;

/**
 * Runs cfn-lint (installed when missing) on every template of a cloud assembly, nested stacks'
 * included, and returns what it found.
 */
export const lintTemplates = (assemblyDirectory: string): CfnLintFinding[] => {
  const cfnLint = ensureCfnLintInstalled();
  const templates = readdirSync(assemblyDirectory)
    .filter((name) => name.endsWith('.template.json'))
    .map((name) => path.join(assemblyDirectory, name));
  if (templates.length === 0) throw new Error(`No template in ${assemblyDirectory}`);
  const result = spawnSync(
    cfnLint,
    ['--format', 'json', '--regions', ...REGIONS, '--ignore-checks', ...Object.keys(CFN_LINT_IGNORED), '--', ...templates],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.error) throw result.error;
  // The exit code has a bit per level found (2 errors, 4 warnings, 8 informational); bit 1 is cfn-lint failing itself.
  if ((result.status ?? 1) & 1 || !result.stdout.trim().startsWith('[')) {
    throw new Error(`cfn-lint failed (${result.status}): ${result.stderr.slice(-3000)}`);
  }
  return (JSON.parse(result.stdout) as CfnLintMatch[]).map((match) => ({
    rule: match.Rule.Id,
    level: match.Level,
    template: path.basename(match.Filename),
    path: (match.Location.Path ?? []).join('/'),
    message: match.Message,
  }));
};

/** One line per finding, as a person reads them. */
export const describeFindings = (findings: CfnLintFinding[]): string =>
  findings.map((finding) => `${finding.level} ${finding.rule} ${finding.template} ${finding.path}: ${finding.message}`).join('\n');

// `npx tsx infra/local/cfn-lint.ts <cloud assembly folder>` (after `npx cdk synth`): the findings, non-zero on an error.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const findings = lintTemplates(process.argv[2] ?? '.local/cdk.out');
  console.log(describeFindings(findings) || 'cfn-lint: nothing found');
  process.exit(findings.some((finding) => finding.level === 'Error') ? 1 : 0);
}
