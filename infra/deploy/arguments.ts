/** The deploy command's arguments. */
export const USAGE = `Usage: npm run deploy -- [--dry-run] [--no-build] [-c name=value ...]
  --dry-run      synthesize for AWS, validate and print the plan; no AWS call, no credentials needed
  --no-build     use the web build already in web/dist
  -c name=value  a setting (infra/lib/settings.ts), e.g. -c rootEmail=you@example.com -c mailFrom="WattWise <no-reply@example.com>"
Settings also come from cdk.json and cdk.context.json, as for the CDK CLI; -c wins.`;

export interface Arguments {
  dryRun: boolean;
  build: boolean;
  /** The settings given with `-c name=value` (or `--context name=value`, `--context=name=value`). */
  context: Record<string, string>;
}

export const parseArguments = (argv: readonly string[]): Arguments => {
  const parsed: Arguments = { dryRun: false, build: true, context: {} };
  const addSetting = (pair: string | undefined) => {
    const equals = pair?.indexOf('=') ?? -1;
    if (!pair || equals < 1) throw new Error(`A setting is given as name=value, not ${pair ?? 'nothing'}\n${USAGE}`);
    parsed.context[pair.slice(0, equals)] = pair.slice(equals + 1);
  };
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (argument === '--dry-run') parsed.dryRun = true;
    else if (argument === '--no-build') parsed.build = false;
    else if (argument === '-c' || argument === '--context') addSetting(argv[++index]);
    else if (argument.startsWith('--context=')) addSetting(argument.slice('--context='.length));
    else throw new Error(`Unknown argument ${argument}\n${USAGE}`);
  }
  return parsed;
};
