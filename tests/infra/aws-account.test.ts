import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONCURRENCY_CAPS, parseConcurrencyCaps, reservedTotal } from '../../infra/lib/concurrency-caps';
import { DEPLOY_LANES } from '../../infra/lib/deploy-pace';
import { describeFindings, lintTemplates, type CfnLintFinding } from '../../infra/local/cfn-lint';
import { buildTestApp } from './build-test-app';

type Resource = { Type: string; Properties?: Record<string, unknown>; DependsOn?: string[]; DeletionPolicy?: string };
type Resources = Record<string, Resource>;
type Built = ReturnType<typeof buildTestApp>;

const resourcesOf = (template: Template): Resources => (template.toJSON().Resources ?? {}) as Resources;
const ofType = (resources: Resources, type: string): [string, Resource][] => Object.entries(resources).filter(([, resource]) => resource.Type === type);

/** The resources of the same template that one refers to or waits for (Ref, GetAtt, ${…} in Sub, DependsOn). */
const dependenciesOf = (resource: Resource, ids: Set<string>): Set<string> => {
  const found = new Set<string>(resource.DependsOn ?? []);
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'Ref' && typeof inner === 'string') found.add(inner);
      else if (key === 'Fn::GetAtt') found.add(Array.isArray(inner) ? String(inner[0]) : String(inner).split('.')[0]);
      else if (key === 'Fn::Sub') {
        const text = Array.isArray(inner) ? String(inner[0]) : String(inner);
        for (const [, name] of text.matchAll(/\$\{([^}.!]+)[^}]*\}/g)) found.add(name);
        if (Array.isArray(inner)) visit(inner[1]);
      } else visit(inner);
    }
  };
  visit(resource.Properties);
  return new Set([...found].filter((id) => ids.has(id)));
};

/**
 * When each resource is created if CloudFormation starts everything whose dependencies are done
 * and every create takes the same time: its wave is one more than its latest dependency's.
 */
const creationWaves = (resources: Resources): Map<string, number> => {
  const ids = new Set(Object.keys(resources));
  const waves = new Map<string, number>();
  const waveOf = (id: string, path: string[] = []): number => {
    if (waves.has(id)) return waves.get(id)!;
    if (path.includes(id)) throw new Error(`Circular dependency: ${[...path, id].join(' → ')}`);
    const dependencies = [...dependenciesOf(resources[id], ids)];
    const wave = dependencies.length === 0 ? 0 : 1 + Math.max(...dependencies.map((dependency) => waveOf(dependency, [...path, id])));
    waves.set(id, wave);
    return wave;
  };
  for (const id of ids) waveOf(id);
  return waves;
};

/** The most resources of these types created in the same wave. */
const widestWave = (resources: Resources, ...types: string[]): number => {
  const waves = creationWaves(resources);
  const counts = new Map<number, number>();
  for (const [id, resource] of Object.entries(resources)) {
    if (types.includes(resource.Type)) counts.set(waves.get(id)!, (counts.get(waves.get(id)!) ?? 0) + 1);
  }
  return Math.max(0, ...counts.values());
};

const functionsOf = (template: Template) =>
  ofType(resourcesOf(template), 'AWS::Lambda::Function').map(([id, fn]) => ({
    id,
    description: String(fn.Properties?.Description ?? ''),
    reserved: fn.Properties?.ReservedConcurrentExecutions as number | undefined,
  }));

/** The background functions by the start of their description, as the API stack describes them. */
const BACKGROUND = {
  fileImports: 'Imports one meter file',
  seriesJobs: 'Long series work',
  scheduledJobs: 'Scheduled work',
  reportPdf: 'Prints reports to PDF',
  customerDeletion: "Removes a deleted customer's data",
  databaseDump: 'Writes a database dump',
  applicationUpdate: 'Restarts every function of the app',
  logForwarder: 'Pushes function log lines',
} as const;

let built: Built;
let api: Template;
let realtime: Template;
let findings: CfnLintFinding[];

beforeAll(() => {
  // The templates as synthesized for AWS (the functions' code left unbundled: the templates are the same).
  built = buildTestApp({ skipBundling: true });
  const assembly = built.app.synth();
  api = Template.fromStack(built.api);
  realtime = Template.fromStack(built.realtime);
  findings = lintTemplates(assembly.directory);
});

describe('the templates for AWS against cfn-lint', () => {
  it('have no error in any template, nested ones included (warnings are listed)', () => {
    const warnings = findings.filter((finding) => finding.level !== 'Error');
    if (warnings.length > 0) console.log(`cfn-lint warnings:\n${describeFindings(warnings)}`);
    expect(describeFindings(findings.filter((finding) => finding.level === 'Error'))).toBe('');
  });
});

describe('a deploy paced to the rates of a fresh account', () => {
  it('creates the route stacks one after the other', () => {
    const stacks = ofType(resourcesOf(api), 'AWS::CloudFormation::Stack');
    expect(stacks.length).toBe(built.api.routeStacks.length);
    const ids = new Set(stacks.map(([id]) => id));
    const previousOf = new Map(stacks.map(([id, stack]) => [id, (stack.DependsOn ?? []).filter((other) => ids.has(other))]));
    const first = stacks.filter(([id]) => previousOf.get(id)!.length === 0);
    expect(first).toHaveLength(1);
    for (const [, previous] of previousOf) expect(previous.length).toBeLessThanOrEqual(1);
    expect(widestWave(resourcesOf(api), 'AWS::CloudFormation::Stack')).toBe(1);
  });

  it(`creates at most ${DEPLOY_LANES.apiGateway} API Gateway paths and methods at a time in every stack`, () => {
    const apiGatewayTypes = ['AWS::ApiGateway::Resource', 'AWS::ApiGateway::Method'];
    for (const stack of [built.api, ...built.api.routeStacks]) {
      expect(widestWave(resourcesOf(Template.fromStack(stack)), ...apiGatewayTypes), stack.node.path).toBeLessThanOrEqual(DEPLOY_LANES.apiGateway);
    }
  });

  it('creates Lambda permissions, log groups, subscription filters, roles and alarms a few at a time', () => {
    for (const stack of [built.api, built.realtime, built.operations]) {
      const resources = resourcesOf(Template.fromStack(stack));
      const widest = (...types: string[]) => widestWave(resources, ...types);
      expect(widest('AWS::Lambda::Permission', 'AWS::Lambda::EventInvokeConfig', 'AWS::Lambda::EventSourceMapping'), stack.node.path).toBeLessThanOrEqual(
        DEPLOY_LANES.lambdaControlPlane,
      );
      expect(widest('AWS::Logs::LogGroup'), stack.node.path).toBeLessThanOrEqual(DEPLOY_LANES.logs);
      expect(widest('AWS::Logs::SubscriptionFilter'), stack.node.path).toBeLessThanOrEqual(DEPLOY_LANES.logs);
      expect(widest('AWS::IAM::Role'), stack.node.path).toBeLessThanOrEqual(DEPLOY_LANES.iamRoles);
      expect(widest('AWS::CloudWatch::Alarm'), stack.node.path).toBeLessThanOrEqual(DEPLOY_LANES.alarms);
    }
    // The functions follow their roles and log groups: they too start a few at a time.
    const functions = widestWave(resourcesOf(api), 'AWS::Lambda::Function');
    console.log(`API stack: at most ${functions} functions created in the same wave`);
    expect(functions).toBeLessThanOrEqual(DEPLOY_LANES.iamRoles);
  });
});

describe('reserved concurrency of the background functions', () => {
  it('caps every background function by default and leaves sign-in, the API and the sockets uncapped', () => {
    const functions = [...functionsOf(api), ...functionsOf(realtime)];
    for (const [name, description] of Object.entries(BACKGROUND)) {
      const fn = functions.find((candidate) => candidate.description.startsWith(description));
      expect(fn?.reserved, name).toBe(DEFAULT_CONCURRENCY_CAPS[name as keyof typeof BACKGROUND]);
    }
    const requestServing = functions.filter((fn) => !Object.values(BACKGROUND).some((description) => fn.description.startsWith(description)));
    expect(requestServing.length).toBeGreaterThan(20);
    // Sign-in (the users group), the authorizer and every endpoint group are among them: they share what is left unreserved.
    for (const description of ['Checks the bearer token', 'REST endpoints: users', 'REST endpoints: dashboards']) {
      expect(requestServing.some((fn) => fn.description.startsWith(description)), description).toBe(true);
    }
    for (const fn of requestServing) expect(fn.reserved, fn.description).toBeUndefined();
    const total = functions.reduce((sum, fn) => sum + (fn.reserved ?? 0), 0);
    expect(total).toBe(reservedTotal(DEFAULT_CONCURRENCY_CAPS));
    // An account with the default quota of 1,000 keeps far more than Lambda's minimum of 10 unreserved.
    expect(1000 - total).toBeGreaterThanOrEqual(10);
  });

  it('reads the caps from configuration: off, or changed one by one', () => {
    expect(parseConcurrencyCaps('off')).toEqual({});
    expect(parseConcurrencyCaps(undefined)).toEqual(DEFAULT_CONCURRENCY_CAPS);
    const changed = parseConcurrencyCaps('reportPdf=5, databaseDump=off');
    expect(changed.reportPdf).toBe(5);
    expect(changed.databaseDump).toBeUndefined();
    expect(changed.fileImports).toBe(DEFAULT_CONCURRENCY_CAPS.fileImports);
    expect(() => parseConcurrencyCaps('imports=3')).toThrow(/unknown function imports/);
    expect(() => parseConcurrencyCaps('fileImports=0')).toThrow(/above zero/);
  });
});

describe('an account that already has things', () => {
  let existing: Built;
  beforeAll(() => {
    existing = buildTestApp({ skipBundling: true, context: { mailIdentity: 'existing', apiGatewayAccount: 'existing', reservedConcurrency: 'off' } });
  });

  it("creates the sender's SES domain identity by default, and uses the account's own when told, still granting the senders on it", () => {
    api.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'wattwise.app' });
    const template = Template.fromStack(existing.api);
    template.resourceCountIs('AWS::SES::EmailIdentity', 0);
    const grants = ofType(resourcesOf(template), 'AWS::IAM::Policy').filter(([, policy]) => JSON.stringify(policy.Properties).includes('ses:SendEmail'));
    expect(grants.length).toBeGreaterThanOrEqual(3);
    for (const [, policy] of grants) expect(JSON.stringify(policy.Properties)).toContain(':identity/wattwise.app');
  });

  it("sets API Gateway's account-wide logging role once, kept on deletion and after the stack's functions; or leaves the account's own", () => {
    const [[accountId, account]] = ofType(resourcesOf(realtime), 'AWS::ApiGateway::Account');
    expect(account.DeletionPolicy).toBe('Retain');
    const socketFunctions = ofType(resourcesOf(realtime), 'AWS::Lambda::Function').map(([id]) => id);
    expect(account.DependsOn).toEqual(expect.arrayContaining(socketFunctions));
    const [[, stage]] = ofType(resourcesOf(realtime), 'AWS::ApiGatewayV2::Stage');
    expect(stage.DependsOn).toContain(accountId);
    expect(ofType(resourcesOf(api), 'AWS::ApiGateway::Account')).toHaveLength(0);

    const kept = resourcesOf(Template.fromStack(existing.realtime));
    expect(ofType(kept, 'AWS::ApiGateway::Account')).toHaveLength(0);
    expect(JSON.stringify(ofType(kept, 'AWS::IAM::Role'))).not.toContain('apigateway.amazonaws.com');
  });

  it('reserves no concurrency when the caps are off', () => {
    expect(functionsOf(Template.fromStack(existing.api)).filter((fn) => fn.reserved !== undefined)).toEqual([]);
  });
});

describe('SMS publishing', () => {
  it('allows publishing to phone numbers only: every SNS topic and endpoint is denied', () => {
    const policies = ofType(resourcesOf(api), 'AWS::IAM::Policy').map(([, policy]) => policy.Properties!.PolicyDocument as { Statement: Record<string, unknown>[] });
    const publishing = policies.filter((document) => JSON.stringify(document).includes('sns:Publish'));
    expect(publishing.length).toBeGreaterThanOrEqual(3);
    for (const document of publishing) {
      expect(document.Statement).toEqual([
        { Effect: 'Deny', Action: 'sns:Publish', Resource: { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':sns:*:*:*']] } },
        { Effect: 'Allow', Action: 'sns:Publish', Resource: '*' },
      ]);
    }
  });
});
