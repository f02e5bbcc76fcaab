import { statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { App, AssetStaging, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@shared/api/routes';
import { AppFunction } from '../../infra/lib/constructs/app-function';
import { MEASURED_MEMORY_MB } from '../../infra/lib/function-memory';
import { formatPlan, planOf } from '../../infra/deploy/plan';
import { additionalBehaviours } from '../../infra/lib/edge';
import { readSettings, type DeploymentSettings } from '../../infra/lib/settings';
import type { EdgeFirewallStack } from '../../infra/lib/stacks/edge-firewall-stack';
import { WebStack } from '../../infra/lib/stacks/web-stack';
import { buildTestApp } from './build-test-app';

let firewall: EdgeFirewallStack | undefined;
/** The scheduled-work queue's logical id (its dead-letter queue's starts the same). */
const isScheduledWorkQueue = (id: string): boolean => id.startsWith('ScheduledWork') && !id.startsWith('ScheduledWorkDeadLetters');

let templates: Record<'data' | 'api' | 'realtime' | 'web' | 'operations' | 'firstRoot', Template>;
/** The synthesized cloud assembly's folder (what `npm run deploy` plans from) and the settings it was made with. */
let assemblyDirectory: string;
let settings: DeploymentSettings;
/** The stacks the first-root stack waits for. */
let firstRootDependencies: string[];
/** How many functions the app has (each gets its alarms). */
let functionCount: number;
/** The nested stacks of the API that hold its methods. */
let routeTemplates: Template[];
let authorizerBundleBytes: number;
let nagViolations: ReturnType<AwsSolutionsChecks['validateScope']>['violations'];
/** Every inline policy of the app, resolved, by construct path. */
let policies: [string, { Statement: { Action: string | string[]; Resource: unknown }[] }][];

beforeAll(() => {
  const stacks = buildTestApp();
  firewall = stacks.firewall;
  // Before any synthesis: cross-stack references are still the resources' ARNs, as the acknowledgements name them.
  // cdk-nag's AwsSolutions pack on every stack, nested ones included (acknowledged findings are left out).
  nagViolations = new AwsSolutionsChecks(stacks.app).validateScope(stacks.app).violations;
  policies = stacks.app.node
    .findAll()
    .filter((node): node is CfnPolicy => node instanceof CfnPolicy)
    .map((policy) => [policy.node.path, Stack.of(policy).resolve(policy.policyDocument)]);
  templates = {
    data: Template.fromStack(stacks.data),
    api: Template.fromStack(stacks.api),
    realtime: Template.fromStack(stacks.realtime),
    web: Template.fromStack(stacks.web),
    operations: Template.fromStack(stacks.operations),
    firstRoot: Template.fromStack(stacks.firstRoot!),
  };
  assemblyDirectory = stacks.app.synth().directory;
  settings = readSettings(stacks.app.node);
  firstRootDependencies = stacks.firstRoot!.dependencies.map((stack) => stack.stackName);
  functionCount = stacks.app.node.findAll().filter((node) => node instanceof AppFunction).length;
  routeTemplates = stacks.api.routeStacks.map((stack) => Template.fromStack(stack));
  const authorizerCode = stacks.api.node
    .findChild('Authorizer')
    .node.findAll()
    .find((node): node is AssetStaging => node instanceof AssetStaging)!;
  authorizerBundleBytes = statSync(path.join(authorizerCode.absoluteStagedPath, 'index.js')).size;
});

type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string };
const resources = (template: Template, type: string): Record<string, Resource> =>
  template.findResources(type) as Record<string, Resource>;

const policyStatementsOf = (template: Template, functionIdPrefix: string) =>
  Object.entries(resources(template, 'AWS::IAM::Policy'))
    .filter(([id]) => id.startsWith(functionIdPrefix))
    .flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: { Action: string | string[] }[] }).Statement)
    .flatMap((statement) => (Array.isArray(statement.Action) ? statement.Action : [statement.Action]));

describe('the CDK app', () => {
  it('puts the authorizer on every signed-in route and none on the public ones', () => {
    const methods = [templates.api, ...routeTemplates]
      .flatMap((template) => Object.values(resources(template, 'AWS::ApiGateway::Method')))
      .filter((method) => method.Properties.HttpMethod !== 'OPTIONS');
    expect(methods).toHaveLength(ROUTES.length);
    const custom = methods.filter((method) => method.Properties.AuthorizationType === 'CUSTOM');
    const open = methods.filter((method) => method.Properties.AuthorizationType === 'NONE');
    expect(custom).toHaveLength(ROUTES.filter((route) => route.access === 'signed-in').length);
    expect(open).toHaveLength(ROUTES.filter((route) => route.access === 'public').length);
    for (const method of custom) expect(method.Properties.AuthorizerId).toBeDefined();
  });

  it('lets only single raw writes and raw deletions of the series stream reach the rollup function', () => {
    const [mapping] = Object.values(resources(templates.api, 'AWS::Lambda::EventSourceMapping')).filter((entry) => entry.Properties.FilterCriteria);
    const patterns = (mapping.Properties.FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map((filter) => JSON.parse(filter.Pattern));
    expect(patterns).toEqual([
      {
        eventName: ['INSERT', 'MODIFY'],
        dynamodb: { Keys: { PK: { S: [{ prefix: 'S#' }] } }, NewImage: { b: { N: ['0'] } } },
      },
      { eventName: ['REMOVE'], dynamodb: { Keys: { PK: { S: [{ prefix: 'S#' }] } } } },
    ]);
  });

  it("passes the functions' gzip-compressed answers (base64) on as bytes, whatever the client's Accept", () => {
    templates.api.hasResourceProperties('AWS::ApiGateway::RestApi', { BinaryMediaTypes: ['*/*'] });
  });

  it('keeps tables, buckets and the signing secret when the stack is deleted', () => {
    for (const type of ['AWS::DynamoDB::Table', 'AWS::S3::Bucket', 'AWS::SecretsManager::Secret']) {
      const found = Object.values(resources(templates.data, type));
      expect(found.length).toBeGreaterThan(0);
      for (const resource of found) expect(resource.DeletionPolicy).toBe('Retain');
    }
    for (const bucket of Object.values(resources(templates.web, 'AWS::S3::Bucket'))) {
      expect(bucket.DeletionPolicy).toBe('Retain');
    }
  });

  it('keeps old versions of the uploads and documents objects for 30 days, then lets them expire', () => {
    const buckets = Object.entries(resources(templates.data, 'AWS::S3::Bucket')).filter(([id]) => id.startsWith('Uploads') || id.startsWith('Documents'));
    expect(buckets).toHaveLength(2);
    for (const [, bucket] of buckets) {
      expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
      expect((bucket.Properties.LifecycleConfiguration as { Rules: unknown[] }).Rules).toContainEqual(
        expect.objectContaining({ Status: 'Enabled', NoncurrentVersionExpiration: { NoncurrentDays: 30 }, ExpiredObjectDeleteMarker: true }),
      );
    }
  });

  it('purges deleted customers past their restore window on its own: an hourly sweep of the customer-deletion function', () => {
    const deletion = Object.entries(resources(templates.api, 'AWS::Lambda::Function')).find(([id]) => id.startsWith('CustomerDeletion'))!;
    const sweeps = Object.values(resources(templates.api, 'AWS::Scheduler::Schedule')).filter(
      (schedule) => (schedule.Properties.Target as { Arn: unknown }).Arn !== undefined && JSON.stringify(schedule.Properties.Target).includes(deletion[0]),
    );
    expect(sweeps).toHaveLength(1);
    const [sweep] = sweeps;
    expect(sweep.Properties.ScheduleExpression).toBe('rate(1 hour)');
    const target = sweep.Properties.Target as { Arn: unknown; Input: string; RoleArn: unknown; DeadLetterConfig?: unknown };
    expect(target.Arn).toEqual({ 'Fn::GetAtt': [deletion[0], 'Arn'] });
    expect(JSON.parse(target.Input)).toMatchObject({ kind: 'customer_purge_sweep' });
    expect(target.DeadLetterConfig).toBeDefined();
    // The schedule's role may start the function.
    const roleId = (target.RoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const rolePolicies = Object.values(resources(templates.api, 'AWS::IAM::Policy')).filter((policy) => JSON.stringify(policy.Properties.Roles).includes(roleId));
    expect(JSON.stringify(rolePolicies)).toContain('lambda:InvokeFunction');
    expect(JSON.stringify(rolePolicies)).toContain(deletion[0]);
  });

  it('generates the token signing secret at deploy time', () => {
    templates.data.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ PasswordLength: 64 }),
    });
  });

  it('grants read-only endpoint groups no write on the entities table but their API rate windows, and no secret (notifications only update theirs)', () => {
    for (const group of ['SystemEndpoints', 'NotificationsEndpoints']) {
      const actions = policyStatementsOf(templates.api, group);
      expect(actions).toContain('dynamodb:Query');
      expect(actions).not.toContain('dynamodb:PutItem');
      expect(actions).not.toContain('dynamodb:DeleteItem');
      expect(actions).not.toContain('secretsmanager:GetSecretValue');
    }
    expect(policyStatementsOf(templates.api, 'NotificationsEndpoints')).toContain('dynamodb:UpdateItem');
    // The application group updates its own state (restart, update, lock) and pushes to browsers; no secret.
    expect(policyStatementsOf(templates.api, 'ApplicationEndpoints')).toContain('dynamodb:UpdateItem');
    expect(policyStatementsOf(templates.api, 'ApplicationEndpoints')).not.toContain('secretsmanager:GetSecretValue');
    // The system group updates only the API rate windows' items, by their partition key's prefix.
    const systemUpdates = Object.entries(resources(templates.api, 'AWS::IAM::Policy'))
      .filter(([id]) => id.startsWith('SystemEndpoints'))
      .flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: { Action: string | string[]; Condition?: unknown }[] }).Statement)
      .filter((statement) => [statement.Action].flat().includes('dynamodb:UpdateItem'));
    expect(systemUpdates).toEqual([expect.objectContaining({ Action: 'dynamodb:UpdateItem', Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['THROTTLE#api#*'] } } })]);
    expect(policyStatementsOf(templates.api, 'UsersEndpoints')).toContain('dynamodb:PutItem');
    expect(policyStatementsOf(templates.api, 'UsersEndpoints')).toContain('secretsmanager:GetSecretValue');
    // The application settings (roles & permissions, notification settings, system configuration) are written, no secret read.
    expect(policyStatementsOf(templates.api, 'ApplicationEndpoints')).toContain('dynamodb:PutItem');
    expect(policyStatementsOf(templates.api, 'ApplicationEndpoints')).not.toContain('secretsmanager:GetSecretValue');
  });

  it('lets the functions that write the series put new items by PartiQL INSERT (the bulk path\'s new hours), and no read-only group', () => {
    expect(policyStatementsOf(templates.api, 'FileImports')).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:PartiQLInsert']));
    for (const group of ['SystemEndpoints', 'NotificationsEndpoints']) expect(policyStatementsOf(templates.api, group)).not.toContain('dynamodb:PartiQLInsert');
  });

  it('never grants a wildcard action', () => {
    for (const template of Object.values(templates)) {
      for (const policy of Object.values(resources(template, 'AWS::IAM::Policy'))) {
        const statements = (policy.Properties.PolicyDocument as { Statement: { Action: string | string[] }[] }).Statement;
        for (const statement of statements) {
          const actions = Array.isArray(statement.Action) ? statement.Action : [statement.Action];
          expect(actions).not.toContain('*');
        }
      }
    }
  });

  it('runs every function on Node 22 with the SDK bundled in', () => {
    const functions = Object.values(resources(templates.api, 'AWS::Lambda::Function')).filter(
      (fn) => !String(fn.Properties.Handler ?? '').includes('__entrypoint__') && fn.Properties.Runtime !== 'python3.11',
    );
    expect(functions.length).toBeGreaterThanOrEqual(5);
    for (const fn of functions) {
      if (String(fn.Properties.Runtime).startsWith('nodejs')) expect(fn.Properties.Runtime).toBe('nodejs22.x');
    }
  });

  it("sizes each measured function's memory as the cost bench's power tuning chose it (infra/lib/function-memory.ts)", () => {
    const functions = Object.entries(resources(templates.api, 'AWS::Lambda::Function'));
    for (const [name, memoryMb] of Object.entries(MEASURED_MEMORY_MB)) {
      const found = functions.filter(([id]) => id.startsWith(name) && !id.startsWith(`${name}Log`));
      expect(found.map(([id, fn]) => [id.slice(0, name.length), fn.Properties.MemorySize])).toEqual([[name, memoryMb]]);
    }
  });

  it('keeps the authorizer, called before every signed-in request, under 250 KiB of code', () => {
    expect(authorizerBundleBytes).toBeLessThan(250 * 1024);
  });

  it("routes the web distribution's paths as the edge says (tests/infra/edge.test.ts), /ws to the realtime stack's WebSocket API, with no error rewritten into the page", () => {
    const [distribution] = Object.values(resources(templates.web, 'AWS::CloudFront::Distribution'));
    const config = distribution.Properties.DistributionConfig as {
      CacheBehaviors: { PathPattern: string; TargetOriginId: string }[];
      Origins: { Id: string; DomainName: unknown }[];
      CustomErrorResponses?: unknown;
    };
    expect(config.CacheBehaviors.map((behaviour) => behaviour.PathPattern)).toEqual(additionalBehaviours().map((behaviour) => behaviour.pathPattern));
    expect(config.CustomErrorResponses).toBeUndefined();
    const domainOf = (pattern: string) => {
      const behaviour = config.CacheBehaviors.find((candidate) => candidate.PathPattern === pattern)!;
      return JSON.stringify(config.Origins.find((origin) => origin.Id === behaviour.TargetOriginId)!.DomainName);
    };
    expect(domainOf('/ws')).toMatch(/WattWiseRealtime:ExportsOutputRefSocket/);
    expect(domainOf('/api/*')).toMatch(/WattWiseApi:ExportsOutputRef/);
  });

  it('puts the WAF web ACL of the us-east-1 firewall stack on the distribution (on by default on AWS)', () => {
    expect(firewall?.region).toBe('us-east-1');
    const [distribution] = Object.values(resources(templates.web, 'AWS::CloudFront::Distribution'));
    expect((distribution.Properties.DistributionConfig as { WebACLId?: unknown }).WebACLId).toBeDefined();
    expect(Object.keys(Template.fromStack(firewall!).findResources('AWS::WAFv2::WebACL'))).toHaveLength(1);
  });

  it('refuses to synthesize for AWS without a web build, and says how to make one', () => {
    const app = new App({ context: { environment: 'aws', webDist: path.join(tmpdir(), 'no-web-build-here') } });
    const restApi = new apigateway.RestApi(new Stack(app, 'Api'), 'Rest');
    restApi.root.addMethod('GET');
    const socketApi = new apigwv2.WebSocketApi(new Stack(app, 'Realtime'), 'Socket');
    const originSecret = new secretsmanager.Secret(new Stack(app, 'Data'), 'OriginSecret');
    expect(() => new WebStack(app, 'Web', { settings: readSettings(app.node), restApi, socketApi, originSecret })).toThrow(/npm run build:web/);
  });

  it('deploys the demo seeding function only when asked', () => {
    expect(Object.keys(resources(templates.api, 'AWS::Lambda::Function')).some((id) => id.startsWith('SeedDemo'))).toBe(false);
  });

  it("keeps the weather provider's key in a secret of its own that only the weather function and the scheduled jobs (weather sources) read, and its address in configuration", () => {
    const secrets = Object.entries(resources(templates.data, 'AWS::SecretsManager::Secret')).filter(([id]) => id.startsWith('WeatherProviderKey'));
    expect(secrets).toHaveLength(1);
    expect(secrets[0][1].Properties.GenerateSecretString).toBeDefined();
    const readers = Object.entries(resources(templates.api, 'AWS::IAM::Policy'))
      .filter(([, policy]) => JSON.stringify(policy.Properties.PolicyDocument).includes('WeatherProviderKey'))
      .map(([id]) => id);
    expect(readers.map((id) => id.replace(/(Function|Role).*$/, '')).sort()).toEqual(['ScheduledJobs', 'WeatherEndpoints']);
    const [weather] = Object.entries(resources(templates.api, 'AWS::Lambda::Function')).filter(([id]) => id.startsWith('WeatherEndpoints'));
    expect((weather[1].Properties.Environment as { Variables: Record<string, unknown> }).Variables.WEATHER_PROVIDER_URL).toBe('https://api.openweathermap.org/');
  });
  it('generates the edge’s origin secret at deploy time; the distribution sends it as a dynamic reference, and only the groups that throttle the account routes read it', () => {
    const secrets = Object.entries(resources(templates.data, 'AWS::SecretsManager::Secret')).filter(([id]) => id.startsWith('OriginSecret'));
    expect(secrets).toHaveLength(1);
    expect(secrets[0][1].Properties.GenerateSecretString).toBeDefined();
    expect(secrets[0][1].Properties.SecretString).toBeUndefined();
    const readers = Object.entries(resources(templates.api, 'AWS::IAM::Policy'))
      .filter(([, policy]) => JSON.stringify(policy.Properties.PolicyDocument).includes(secrets[0][0]))
      .map(([id]) => id.replace(/(Function|Role).*$/, ''));
    expect(readers).toEqual(['UsersEndpoints']);
    const withSetting = Object.entries(resources(templates.api, 'AWS::Lambda::Function'))
      .filter(([, fn]) => (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.ORIGIN_SECRET_ARN)
      .map(([id]) => id.replace(/Function.*$/, ''));
    expect(withSetting).toEqual(['UsersEndpoints']);
    // In the web template only as CloudFormation's dynamic reference to the data stack's secret, resolved at deploy time.
    const [distribution] = Object.values(resources(templates.web, 'AWS::CloudFront::Distribution'));
    const origins = (distribution.Properties.DistributionConfig as { Origins: { OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[] }).Origins;
    const sent = origins.flatMap((origin) => origin.OriginCustomHeaders ?? []);
    expect(sent.map((header) => header.HeaderName)).toEqual(['x-wattwise-origin']);
    const value = JSON.stringify(sent[0].HeaderValue);
    expect(value).toMatch(/\{\{resolve:secretsmanager:/);
    expect(value).toContain('SecretString');
    expect(value).toContain('Fn::ImportValue');
    expect(value).toContain(secrets[0][0]);
  });

  it('lets every function that sends e-mail open sealed SMTP passwords (a customer\'s own server), and the customization group only update its item', () => {
    const functions = Object.entries(resources(templates.api, 'AWS::Lambda::Function'));
    const senders = functions.filter(([, fn]) => (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.MAIL_FROM);
    expect(senders.map(([id]) => id.replace(/Function.*$/, ''))).toContain('ScheduledJobs');
    for (const [id, fn] of senders) {
      expect((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.SECRETS_KEY_ID, id).toBeDefined();
      expect(policyStatementsOf(templates.api, id.replace(/Function.*$/, '')), id).toContain('kms:Decrypt');
    }
    expect(policyStatementsOf(templates.api, 'EmailEndpoints')).toEqual(expect.arrayContaining(['kms:Encrypt', 'kms:Decrypt']));
    const customizations = policyStatementsOf(templates.api, 'CustomizationsEndpoints');
    expect(customizations).toContain('dynamodb:UpdateItem');
    expect(customizations).not.toContain('dynamodb:PutItem');
    expect(customizations).not.toContain('dynamodb:DeleteItem');
  });
});

describe('a first deploy to a fresh account', () => {
  const functionNamed = (prefix: string) => Object.entries(resources(templates.api, 'AWS::Lambda::Function')).find(([id]) => id.startsWith(prefix))!;
  const variablesOf = ([, fn]: [string, Resource]) => (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;

  it('makes the first root administrator from rootEmail with a custom resource deployed after the web stack', () => {
    templates.firstRoot.hasResourceProperties('Custom::FirstRoot', {
      Email: 'root@example.com',
      Language: 'fr',
      ServiceToken: { 'Fn::ImportValue': Match.stringLikeRegexp('FirstRoot') },
    });
    expect(firstRootDependencies).toContain('WattWiseWeb');
    // The function sends its link like every account e-mail: from the mail identity, with the outbox's sealing key.
    const variables = variablesOf(functionNamed('FirstRoot'));
    expect(variables.MAIL_FROM).toBeDefined();
    expect(variables.SECRETS_KEY_ID).toBeDefined();
    expect(policyStatementsOf(templates.api, 'FirstRoot')).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'ses:SendEmail', 'kms:Encrypt', 'kms:Decrypt']));
  });

  it("writes the site's address to a parameter that the functions read at run time, with no appUrl given", () => {
    templates.web.hasResourceProperties('AWS::SSM::Parameter', {
      Name: '/wattwise/prod/app-url',
      Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.stringLikeRegexp('^Cdn'), 'DomainName'] }]] },
    });
    for (const prefix of ['ReportPdf', 'UsersEndpoints', 'ScheduledJobs', 'FirstRoot']) {
      const variables = variablesOf(functionNamed(prefix));
      expect(variables.APP_URL_PARAMETER, prefix).toBe('/wattwise/prod/app-url');
      expect(variables.APP_URL, prefix).toBeUndefined();
      expect(policyStatementsOf(templates.api, prefix), prefix).toContain('ssm:GetParameter');
    }
  });

  it('plans the deploy from the synthesized app without an account: stacks in order, resources, assets and bootstrap', () => {
    const plan = planOf(assemblyDirectory);
    const names = plan.stacks.map((stack) => stack.name);
    expect(names).toEqual(expect.arrayContaining(['WattWiseData', 'WattWiseRealtime', 'WattWiseApi', 'WattWiseWeb', 'WattWiseOperations', 'WattWiseFirstRoot']));
    const before = (first: string, second: string) => expect(names.indexOf(first), `${first} before ${second}`).toBeLessThan(names.indexOf(second));
    before('WattWiseData', 'WattWiseRealtime');
    before('WattWiseRealtime', 'WattWiseApi');
    before('WattWiseApi', 'WattWiseWeb');
    before('WattWiseWeb', 'WattWiseFirstRoot');
    const api = plan.stacks.find((stack) => stack.name === 'WattWiseApi')!;
    expect(api.nestedStacks).toBe(routeTemplates.length);
    expect(api.resources).toBe(Object.keys(templates.api.toJSON().Resources).length);
    expect(api.nestedResources).toBeGreaterThan(ROUTES.length);
    expect(plan.assets.files).toBeGreaterThan(functionCount);
    expect(plan.bootstrap.version).toBeGreaterThanOrEqual(6);
    expect(plan.templatesOverInlineLimit.length).toBeGreaterThan(0);
    const text = formatPlan(plan, settings);
    expect(text).toContain('rootEmail            root@example.com');
    expect(text).toContain('/wattwise/prod/app-url');
    expect(text).toMatch(/1\. WattWiseData\s+\d+ resources/);
    expect(text).toContain(`needs version ${plan.bootstrap.version} or later`);
  });
});

/** Actions that AWS lets no policy narrow to a resource (or whose destination has no ARN, as a phone number). */
const NO_RESOURCE_LEVEL = new Set(['xray:PutTraceSegments', 'xray:PutTelemetryRecords', 'sns:Publish', 'lambda:ListFunctions', 'dynamodb:ListStreams']);

describe('the stacks against the AwsSolutions rules (cdk-nag)', () => {
  it('leaves no unacknowledged error or warning in any stack, nested ones included', () => {
    const findings = nagViolations.flatMap((violation) =>
      violation.violatingResources.map(
        (resource) => `${violation.severity} ${violation.ruleName} ${resource.constructPath ?? resource.resourceLogicalId}: ${violation.description.split('\n')[0]}`,
      ),
    );
    expect(findings).toEqual([]);
  });

  it('puts a `*` resource only on actions that cannot name one (CDK\'s upload provider aside)', () => {
    const wildcards: string[] = [];
    expect(policies.length).toBeGreaterThan(20);
    for (const [path, document] of policies) {
      if (path.includes('/Custom::CDKBucketDeployment')) continue;
      for (const statement of document.Statement) {
        const resources = Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource];
        if (!resources.includes('*')) continue;
        for (const action of Array.isArray(statement.Action) ? statement.Action : [statement.Action]) {
          if (!NO_RESOURCE_LEVEL.has(action)) wildcards.push(`${path}: ${action}`);
        }
      }
    }
    expect(wildcards).toEqual([]);
  });
});

describe('operations: alarms, dashboard, dead-letter queues', () => {
  type Alarm = { MetricName: string; Namespace: string; Statistic?: string; ExtendedStatistic?: string; Threshold: number; AlarmActions: unknown[] };
  const alarms = () => Object.values(resources(templates.operations, 'AWS::CloudWatch::Alarm')).map((alarm) => alarm.Properties as unknown as Alarm);
  const named = (namespace: string, metricName: string) => alarms().filter((alarm) => alarm.Namespace === namespace && alarm.MetricName === metricName);

  it('sends every alarm to the encrypted operations topic, e-mailed to the configured address', () => {
    const [topicId] = Object.keys(resources(templates.operations, 'AWS::SNS::Topic'));
    templates.operations.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    templates.operations.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com', TopicArn: { Ref: topicId } });
    expect(alarms().length).toBeGreaterThan(2 * functionCount);
    for (const alarm of alarms()) expect(alarm.AlarmActions).toEqual([{ Ref: topicId }]);
  });

  it('alarms on errors and throttles of every function, the API 5xx rate and p99 latency, and DynamoDB throttling per table', () => {
    expect(named('AWS/Lambda', 'Errors')).toHaveLength(functionCount);
    expect(named('AWS/Lambda', 'Throttles')).toHaveLength(functionCount);
    expect(named('AWS/ApiGateway', '5XXError')).toEqual([expect.objectContaining({ Statistic: 'Average', Threshold: 0.05 })]);
    expect(named('AWS/ApiGateway', 'Latency')).toEqual([expect.objectContaining({ ExtendedStatistic: 'p99' })]);
    expect(named('AWS/DynamoDB', 'ReadThrottleEvents')).toHaveLength(3);
    expect(named('AWS/DynamoDB', 'WriteThrottleEvents')).toHaveLength(3);
    // No metric math: the emulator's CloudFormation takes plain metric alarms only, and AWS evaluates these as they are.
    for (const alarm of Object.values(resources(templates.operations, 'AWS::CloudWatch::Alarm'))) expect(alarm.Properties.Metrics).toBeUndefined();
  });

  it('alarms on any message in a dead-letter queue, failed schedule targets, the PDF function near its timeout and SES reputation', () => {
    // Every queue but the scheduled-work queue (a work queue, not a dead-letter one; its dead letters are watched).
    const queues = Object.keys(resources(templates.api, 'AWS::SQS::Queue')).filter((id) => !isScheduledWorkQueue(id));
    expect(queues.length).toBeGreaterThanOrEqual(7);
    expect(named('AWS/SQS', 'ApproximateNumberOfMessagesVisible')).toHaveLength(queues.length);
    expect(named('AWS/Scheduler', 'TargetErrorCount')).toHaveLength(1);
    const [pdf] = named('AWS/Lambda', 'Duration');
    expect(pdf.Threshold).toBe(0.8 * 120_000);
    expect(named('AWS/SES', 'Reputation.BounceRate')).toHaveLength(1);
    expect(named('AWS/SES', 'Reputation.ComplaintRate')).toHaveLength(1);
  });

  it("draws one dashboard for the environment with those figures and the product's own metrics", () => {
    const [dashboard] = Object.values(resources(templates.operations, 'AWS::CloudWatch::Dashboard'));
    expect(dashboard.Properties.DashboardName).toBe('WattWise-prod');
    const body = JSON.stringify(templates.operations.toJSON().Resources[Object.keys(resources(templates.operations, 'AWS::CloudWatch::Dashboard'))[0]].Properties.DashboardBody);
    for (const figure of ['ImportedRows', 'AlertsEvaluated', 'EmailsSent', '5XXError', 'p99', 'ReadThrottleEvents', 'ApproximateNumberOfMessagesVisible', 'TargetErrorCount', 'Reputation.BounceRate']) {
      expect(body).toContain(figure);
    }
  });

  it('sends the schedules of alerts and subscriptions through the scheduled-work queue, read by the scheduled-jobs function two batches at a time', () => {
    const queues = resources(templates.api, 'AWS::SQS::Queue');
    const [workId, work] = Object.entries(queues).find(([id]) => isScheduledWorkQueue(id))!;
    // Lambda refuses a queue whose visibility timeout is shorter than the function's (15 minutes).
    expect(work.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(900);
    expect((work.Properties.RedrivePolicy as { maxReceiveCount: number }).maxReceiveCount).toBeGreaterThan(1);
    const sqsMappings = Object.values(resources(templates.api, 'AWS::Lambda::EventSourceMapping')).filter((entry) => !entry.Properties.FilterCriteria);
    expect(sqsMappings).toHaveLength(1);
    expect(sqsMappings[0].Properties.EventSourceArn).toEqual({ 'Fn::GetAtt': [workId, 'Arn'] });
    expect(sqsMappings[0].Properties.ScalingConfig).toEqual({ MaximumConcurrency: 2 });
    expect(JSON.stringify(sqsMappings[0].Properties.FunctionName)).toContain('ScheduledJobs');
    const alertsFunction = Object.values(resources(templates.api, 'AWS::Lambda::Function')).find((fn) =>
      String((fn.Properties.Description as string) ?? '').endsWith('REST endpoints: alerts'),
    )!;
    expect((alertsFunction.Properties.Environment as { Variables: Record<string, unknown> }).Variables.SCHEDULED_WORK_QUEUE_ARN).toEqual({ 'Fn::GetAtt': [workId, 'Arn'] });
    // The scheduler's role may send to it.
    const policies = JSON.stringify(Object.values(resources(templates.api, 'AWS::IAM::Policy')).filter((policy) => JSON.stringify(policy.Properties.Roles).includes('SchedulerRole')));
    expect(policies).toContain('sqs:SendMessage');
    expect(policies).toContain(workId);
  });

  it('gives every asynchronously started function bounded retries and an encrypted dead-letter queue, and schedules theirs', () => {
    const configs = Object.values(resources(templates.api, 'AWS::Lambda::EventInvokeConfig'));
    // Series jobs, file imports, scheduled jobs, the application update, customer deletion, database dumps.
    expect(configs.map((config) => config.Properties.FunctionName).length).toBe(6);
    for (const config of configs) {
      expect(config.Properties.MaximumRetryAttempts).toBeLessThanOrEqual(2);
      expect(config.Properties.DestinationConfig).toEqual({ OnFailure: { Destination: expect.anything() } });
    }
    for (const queue of Object.values(resources(templates.api, 'AWS::SQS::Queue'))) expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    const schedulesQueue = Object.keys(resources(templates.api, 'AWS::SQS::Queue')).find((id) => id.startsWith('ScheduleDeadLetters'))!;
    const alertsFunction = Object.values(resources(templates.api, 'AWS::Lambda::Function')).find((fn) =>
      String((fn.Properties.Description as string) ?? '').endsWith('REST endpoints: alerts'),
    )!;
    expect((alertsFunction.Properties.Environment as { Variables: Record<string, unknown> }).Variables.SCHEDULES_DEAD_LETTER_ARN).toEqual({
      'Fn::GetAtt': [schedulesQueue, 'Arn'],
    });
  });
});
