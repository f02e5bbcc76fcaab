import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { appUrlParameterName, mailDomainOf, type DeploymentSettings } from '../lib/settings';

/** CloudFormation takes a template inline up to this size; above it, only from S3 (the bootstrap bucket). */
export const INLINE_TEMPLATE_BYTES = 51_200;
/** CloudFormation refuses a stack of more resources. */
export const RESOURCES_PER_STACK = 500;

export interface StackPlan {
  /** The stack's name in the account. */
  name: string;
  /** Its own resources (CloudFormation's limit of 500 is per stack). */
  resources: number;
  nestedStacks: number;
  /** The resources of its nested stacks, theirs included. */
  nestedResources: number;
  templateBytes: number;
  /** The stacks it waits for (deployed before it). */
  dependsOn: string[];
}

export interface AssetPlan {
  files: number;
  bytes: number;
  largest: { name: string; bytes: number }[];
  dockerImages: number;
}

export interface DeployPlan {
  /** In deployment order. */
  stacks: StackPlan[];
  assets: AssetPlan;
  /** The bootstrap version the templates need, and where the account says which one it has. */
  bootstrap: { version: number; versionParameter: string };
  /** Templates CloudFormation takes only from S3 (the bootstrap bucket). */
  templatesOverInlineLimit: string[];
}

interface ManifestArtifact {
  type: string;
  displayName?: string;
  dependencies?: string[];
  properties?: {
    templateFile?: string;
    stackName?: string;
    file?: string;
    requiresBootstrapStackVersion?: number;
    bootstrapStackVersionSsmParameter?: string;
  };
}

type Template = { Resources?: Record<string, { Type: string; Properties?: Record<string, unknown> }> };

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/**
 * A stack's nested stacks and their resources, theirs included, from the templates the synthesis
 * wrote: a nested stack's TemplateURL names its template's asset by hash.
 */
const nestedCounts = (directory: string, template: Template, assetPaths: Map<string, string>): { stacks: number; resources: number } => {
  let stacks = 0;
  let resources = 0;
  for (const resource of Object.values(template.Resources ?? {})) {
    if (resource.Type !== 'AWS::CloudFormation::Stack') continue;
    const url = JSON.stringify(resource.Properties?.TemplateURL ?? '');
    const file = [...assetPaths].find(([hash]) => url.includes(hash))?.[1];
    if (!file) continue;
    const nested = readJson<Template>(path.join(directory, file));
    const deeper = nestedCounts(directory, nested, assetPaths);
    stacks += 1 + deeper.stacks;
    resources += Object.keys(nested.Resources ?? {}).length + deeper.resources;
  }
  return { stacks, resources };
};

/** Stacks in an order where each comes after those it depends on (the order `cdk deploy --all` keeps). */
const inDeploymentOrder = (stacks: Map<string, { dependsOn: string[] }>): string[] => {
  const ordered: string[] = [];
  const visit = (id: string, trail: string[]) => {
    if (ordered.includes(id)) return;
    if (trail.includes(id)) throw new Error(`Stacks depend on each other in a circle: ${[...trail, id].join(' → ')}`);
    for (const dependency of stacks.get(id)?.dependsOn ?? []) visit(dependency, [...trail, id]);
    ordered.push(id);
  };
  for (const id of stacks.keys()) visit(id, []);
  return ordered;
};

/** What a synthesized cloud assembly (its directory) would deploy, read without an account. */
export const planOf = (assemblyDirectory: string): DeployPlan => {
  const manifest = readJson<{ artifacts: Record<string, ManifestArtifact> }>(path.join(assemblyDirectory, 'manifest.json'));
  const artifacts = Object.entries(manifest.artifacts);
  const stackArtifacts = new Map(artifacts.filter(([, artifact]) => artifact.type === 'aws:cloudformation:stack'));
  const dependencies = new Map(
    [...stackArtifacts].map(([id, artifact]) => [id, { dependsOn: (artifact.dependencies ?? []).filter((dependency) => stackArtifacts.has(dependency)) }]),
  );
  const assetPaths = new Map<string, string>();
  /** Every file asset by its path in the assembly: what it is (its construct) and its size. */
  const files = new Map<string, { name: string; bytes: number }>();
  let dockerImages = 0;
  for (const [, artifact] of artifacts.filter(([, artifact]) => artifact.type === 'cdk:asset-manifest')) {
    const manifestFile = artifact.properties!.file!;
    const assets = readJson<{ files?: Record<string, { displayName?: string; source: { path?: string } }>; dockerImages?: Record<string, unknown> }>(
      path.join(assemblyDirectory, manifestFile),
    );
    const stack = path.basename(manifestFile, '.assets.json');
    for (const [hash, file] of Object.entries(assets.files ?? {})) {
      if (!file.source.path) continue;
      assetPaths.set(hash, file.source.path);
      const full = path.join(assemblyDirectory, file.source.path);
      const name = file.displayName?.endsWith(' Template') ? file.displayName.replace(/ Template$/, '') : `${stack}/${file.displayName ?? file.source.path}`;
      if (existsSync(full)) files.set(file.source.path, { name, bytes: directoryBytes(full) });
    }
    dockerImages += Object.keys(assets.dockerImages ?? {}).length;
  }
  const stacks = inDeploymentOrder(dependencies).map((id): StackPlan => {
    const artifact = stackArtifacts.get(id)!;
    const templateFile = path.join(assemblyDirectory, artifact.properties!.templateFile!);
    const template = readJson<Template>(templateFile);
    const nested = nestedCounts(assemblyDirectory, template, assetPaths);
    const own = Object.keys(template.Resources ?? {}).length;
    return {
      name: artifact.properties?.stackName ?? artifact.displayName ?? id,
      resources: own,
      nestedStacks: nested.stacks,
      nestedResources: nested.resources,
      templateBytes: statSync(templateFile).size,
      dependsOn: dependencies.get(id)!.dependsOn.map((dependency) => stackArtifacts.get(dependency)?.properties?.stackName ?? dependency),
    };
  });

  // Every template is an asset: the stacks' own and the nested ones.
  const templatesOverInlineLimit = [...files]
    .filter(([file, { bytes }]) => file.endsWith('.template.json') && bytes > INLINE_TEMPLATE_BYTES)
    .map(([, { name }]) => name);
  const bootstrapVersions = [...stackArtifacts.values()].map((artifact) => artifact.properties?.requiresBootstrapStackVersion ?? 0);
  const versionParameter =
    [...stackArtifacts.values()].map((artifact) => artifact.properties?.bootstrapStackVersionSsmParameter).find(Boolean) ?? '/cdk-bootstrap/hnb659fds/version';
  return {
    stacks,
    assets: {
      files: files.size,
      bytes: [...files.values()].reduce((sum, { bytes }) => sum + bytes, 0),
      largest: [...files.values()].sort((a, b) => b.bytes - a.bytes).slice(0, 3).map(({ name, bytes }) => ({ name, bytes })),
      dockerImages,
    },
    bootstrap: { version: Math.max(0, ...bootstrapVersions), versionParameter },
    templatesOverInlineLimit,
  };
};

/** A file's size, or a folder's (a function's staged code, the Chromium layer): what is uploaded, before zipping. */
const directoryBytes = (file: string): number => {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.size;
  let total = 0;
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder)) {
      const full = path.join(folder, entry);
      const inner = statSync(full);
      if (inner.isDirectory()) walk(full);
      else total += inner.size;
    }
  };
  walk(file);
  return total;
};

/** What would stop CloudFormation, found before any call: a stack over its resource limit. */
export const problemsOf = (plan: DeployPlan): string[] =>
  plan.stacks
    .filter((stack) => stack.resources > RESOURCES_PER_STACK)
    .map((stack) => `${stack.name} has ${stack.resources} resources, over CloudFormation's ${RESOURCES_PER_STACK}`);

/** The settings a deploy uses, as an operator checks them (infra/lib/settings.ts says what each does). */
export const settingsLines = (settings: DeploymentSettings): string[] => [
  `environment          ${settings.environment}`,
  `stage                ${settings.stage}`,
  `rootEmail            ${settings.rootEmail ?? 'none: NO root administrator will be made (give -c rootEmail=you@example.com on a first deploy)'}`,
  `rootLanguage         ${settings.rootLanguage}`,
  `mailFrom             ${settings.mailFrom} (SES identity: the domain ${mailDomainOf(settings.mailFrom)})`,
  `appUrl               ${settings.appUrl ?? `none: the CloudFront address, written by the web stack to ${appUrlParameterName(settings)} and read by the functions`}`,
  `operationsEmail      ${settings.operationsEmail ?? 'none: alarms reach no mailbox'}`,
  `weatherProviderUrl   ${settings.weatherProviderUrl}`,
  `geocodingProviderUrl ${settings.geocodingProviderUrl}`,
  `vendorServiceUrl     ${settings.vendorServiceUrl}`,
  `mapStyleUrl          ${settings.mapStyleUrl ?? 'none: the basemap bundled with the app alone'}`,
  `licensePublicKey     ${settings.licensePublicKey ? 'set' : "none: every licence file is refused until it is set"}`,
  `abuseLimits          ${settings.abuseLimits || 'the defaults'}`,
  `apiRateLimits        ${settings.apiRateLimits || 'the defaults'}`,
  `outboundAllowList    ${settings.outboundAllowList || 'empty (the public Internet only)'}`,
  `demo                 ${settings.demo}`,
];

const kib = (bytes: number): string => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`);

/** The plan as the deploy command prints it. */
export const formatPlan = (plan: DeployPlan, settings: DeploymentSettings): string => {
  const total = plan.stacks.reduce((sum, stack) => sum + stack.resources + stack.nestedResources, 0);
  const width = Math.max(...plan.stacks.map((stack) => stack.name.length));
  return [
    'Settings:',
    ...settingsLines(settings).map((line) => `  ${line}`),
    '',
    `Stacks, in deployment order (${plan.stacks.length} stacks, ${total} resources):`,
    ...plan.stacks.map(
      (stack, index) =>
        `  ${index + 1}. ${stack.name.padEnd(width)}  ${String(stack.resources).padStart(3)} ${stack.resources === 1 ? 'resource' : 'resources'}` +
        (stack.nestedStacks ? ` + ${stack.nestedResources} in ${stack.nestedStacks} nested stacks` : '') +
        `, template ${kib(stack.templateBytes)}` +
        (stack.dependsOn.length ? `, after ${stack.dependsOn.join(', ')}` : ''),
    ),
    '',
    'Bootstrap (cdk bootstrap, once per account and region):',
    `  needs version ${plan.bootstrap.version} or later (the account says its version in the SSM parameter ${plan.bootstrap.versionParameter})`,
    `  uploads ${plan.assets.files} file assets (${kib(plan.assets.bytes)} before zipping) to the bootstrap bucket` +
      (plan.assets.dockerImages ? ` and ${plan.assets.dockerImages} container images to its repository` : ''),
    ...plan.assets.largest.map((asset) => `    ${kib(asset.bytes).padStart(9)}  ${asset.name}`),
    `  ${plan.templatesOverInlineLimit.length} templates over CloudFormation's inline limit of ${INLINE_TEMPLATE_BYTES} bytes (taken from the bucket)` +
      (plan.templatesOverInlineLimit.length ? `: ${plan.templatesOverInlineLimit.join(', ')}` : ''),
  ].join('\n');
};
