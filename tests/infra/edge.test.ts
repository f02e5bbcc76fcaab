import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  additionalBehaviours,
  behaviourFor,
  defaultBehaviour,
  EDGE_BEHAVIOURS,
  EDGE_HEADER_NAMES,
  edgeFunctionSource,
  originPathOf,
  responseHeadersOf,
  type EdgeBehaviour,
  type EdgeOrigin,
} from '../../infra/lib/edge';
import { DEFAULT_MAP_STYLE_URL } from '../../infra/lib/runtime-config';
import { customDomainOf, readSettings } from '../../infra/lib/settings';
import { EdgeFirewallStack, edgeFirewallParameterName } from '../../infra/lib/stacks/edge-firewall-stack';
import { WebStack } from '../../infra/lib/stacks/web-stack';

/**
 * The distribution is the edge's definition (infra/lib/edge.ts): every behaviour, in its order,
 * with its origin, function code, forwarded headers, caching and response headers; no error
 * rewritten into the page. The web stack alone, synthesized for AWS, on an API and a WebSocket API
 * of its own (tests/infra/app.test.ts checks the whole app's wiring).
 */

type Json = Record<string, unknown>;
type CfnBehaviour = {
  PathPattern?: string;
  TargetOriginId: string;
  CachePolicyId: string;
  AllowedMethods: string[];
  OriginRequestPolicyId?: unknown;
  ResponseHeadersPolicyId?: { Ref: string };
  FunctionAssociations?: { EventType: string; FunctionARN: { 'Fn::GetAtt': [string, string] } }[];
};
type CfnOrigin = {
  Id: string;
  DomainName: unknown;
  OriginPath?: string;
  S3OriginConfig?: unknown;
  CustomOriginConfig?: Json;
  OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
};

const STAGE = 'prod';
/** CloudFront's managed policies, by id. */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

let template: Template;
let resources: Record<string, { Type: string; Properties: Json }>;
let config: { DefaultCacheBehavior: CfnBehaviour; CacheBehaviors: CfnBehaviour[]; Origins: CfnOrigin[]; CustomErrorResponses?: unknown };
/** The logical ids of the stand-in APIs, as the web stack's imports name them. */
let restApiExport: string;
let socketApiExport: string;
/** The logical id of the stand-in origin secret, as the web stack's dynamic reference imports it. */
let originSecretId: string;

beforeAll(() => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html>');
  const app = new App({ context: { environment: 'aws', webDist, stage: STAGE } });
  const apiStack = new Stack(app, 'Api');
  const restApi = new apigateway.RestApi(apiStack, 'Rest', { deployOptions: { stageName: STAGE } });
  restApi.root.addMethod('GET');
  const realtimeStack = new Stack(app, 'Realtime');
  const socketApi = new apigwv2.WebSocketApi(realtimeStack, 'Socket');
  const dataStack = new Stack(app, 'Data');
  const originSecret = new secretsmanager.Secret(dataStack, 'OriginSecret', { generateSecretString: { passwordLength: 48, excludePunctuation: true } });
  const web = new WebStack(app, 'Web', { settings: readSettings(app.node), restApi, socketApi, originSecret });
  originSecretId = dataStack.getLogicalId(originSecret.node.defaultChild as secretsmanager.CfnSecret);
  template = Template.fromStack(web);
  resources = template.toJSON().Resources as typeof resources;
  const [distribution] = Object.values(resources).filter((resource) => resource.Type === 'AWS::CloudFront::Distribution');
  config = distribution.Properties.DistributionConfig as typeof config;
  restApiExport = apiStack.getLogicalId(restApi.node.defaultChild as apigateway.CfnRestApi);
  socketApiExport = realtimeStack.getLogicalId(socketApi.node.defaultChild as apigwv2.CfnApi);
});

/** What a behaviour's origin is: the bucket, or the API whose id its domain imports. */
const originKindOf = (behaviour: CfnBehaviour): EdgeOrigin => {
  const origin = config.Origins.find((candidate) => candidate.Id === behaviour.TargetOriginId)!;
  if (origin.S3OriginConfig) return 'site';
  const domain = JSON.stringify(origin.DomainName);
  if (domain.includes(restApiExport)) return 'api';
  if (domain.includes(socketApiExport)) return 'socket';
  throw new Error(`Unknown origin ${domain}`);
};

const originOf = (behaviour: CfnBehaviour) => config.Origins.find((candidate) => candidate.Id === behaviour.TargetOriginId)!;

/** The headers a browser receives from a response headers policy (its security headers and custom headers). */
const headersOfPolicy = (id: string | undefined): Record<string, string> => {
  if (!id) return {};
  const policy = resources[id].Properties.ResponseHeadersPolicyConfig as {
    SecurityHeadersConfig?: {
      StrictTransportSecurity?: { AccessControlMaxAgeSec: number; IncludeSubdomains?: boolean; Preload?: boolean; Override: boolean };
      ContentTypeOptions?: { Override: boolean };
      FrameOptions?: { FrameOption: string; Override: boolean };
      ReferrerPolicy?: { ReferrerPolicy: string; Override: boolean };
      XSSProtection?: unknown;
      ContentSecurityPolicy?: unknown;
    };
    CustomHeadersConfig?: { Items: { Header: string; Value: string; Override: boolean }[] };
  };
  const security = policy.SecurityHeadersConfig ?? {};
  const headers: Record<string, string> = {};
  if (security.StrictTransportSecurity) {
    const hsts = security.StrictTransportSecurity;
    headers['Strict-Transport-Security'] = `max-age=${hsts.AccessControlMaxAgeSec}${hsts.IncludeSubdomains ? '; includeSubDomains' : ''}${hsts.Preload ? '; preload' : ''}`;
  }
  if (security.ContentTypeOptions) headers['X-Content-Type-Options'] = 'nosniff';
  if (security.FrameOptions) headers['X-Frame-Options'] = security.FrameOptions.FrameOption;
  if (security.ReferrerPolicy) headers['Referrer-Policy'] = security.ReferrerPolicy.ReferrerPolicy;
  expect(security.XSSProtection).toBeUndefined();
  expect(security.ContentSecurityPolicy).toBeUndefined();
  for (const override of [security.StrictTransportSecurity, security.ContentTypeOptions, security.FrameOptions, security.ReferrerPolicy]) {
    if (override) expect(override.Override).toBe(true);
  }
  for (const header of policy.CustomHeadersConfig?.Items ?? []) {
    expect(header.Override).toBe(true);
    headers[header.Header] = header.Value;
  }
  return headers;
};

const functionCodeOf = (behaviour: CfnBehaviour): string | null => {
  const associations = behaviour.FunctionAssociations ?? [];
  expect(associations.length).toBeLessThanOrEqual(1);
  if (!associations.length) return null;
  expect(associations[0].EventType).toBe('viewer-request');
  const fn = resources[associations[0].FunctionARN['Fn::GetAtt'][0]];
  expect((fn.Properties.FunctionConfig as Json).Runtime).toBe('cloudfront-js-2.0');
  expect(fn.Properties.AutoPublish).toBe(true);
  return fn.Properties.FunctionCode as string;
};

/** The headers CloudFront adds to the requests of an origin (custom origin headers), by name. */
const customHeadersOf = (behaviour: CfnBehaviour): Record<string, unknown> =>
  Object.fromEntries((originOf(behaviour).OriginCustomHeaders ?? []).map((header) => [header.HeaderName, header.HeaderValue]));

/** A value that is CloudFormation's dynamic reference to the stand-in origin secret's string: resolved at deploy time, never in the template. */
const expectOriginSecretReference = (value: unknown) => {
  const text = JSON.stringify(value);
  expect(text).toMatch(/^\{"Fn::Join":\["",\["\{\{resolve:secretsmanager:",\{"Fn::ImportValue":"[^"]+"\},":SecretString:::\}\}"\]\]\}$/);
  expect(text).toContain(originSecretId);
};

const checkBehaviour = (cfn: CfnBehaviour, behaviour: EdgeBehaviour) => {
  expect(originKindOf(cfn)).toBe(behaviour.origin);
  const custom = customHeadersOf(cfn);
  if (behaviour.edgeHeaders.includes('origin-secret')) {
    expect(Object.keys(custom)).toEqual([EDGE_HEADER_NAMES['origin-secret']]);
    expectOriginSecretReference(custom[EDGE_HEADER_NAMES['origin-secret']]);
  } else {
    expect(custom).toEqual({});
  }
  if (behaviour.edgeHeaders.includes('viewer-address') && behaviour.viewerHeaders !== 'all-but-host') {
    const policy = resources[(cfn.OriginRequestPolicyId as { Ref: string }).Ref].Properties.OriginRequestPolicyConfig as { HeadersConfig: { Headers: string[] } };
    expect(policy.HeadersConfig.Headers).toContain(EDGE_HEADER_NAMES['viewer-address']);
  }
  expect(originOf(cfn).OriginPath ?? '').toBe(originPathOf(behaviour.origin, { stage: STAGE }));
  expect(functionCodeOf(cfn)).toBe(behaviour.viewerRequest ? edgeFunctionSource(behaviour.viewerRequest, { stage: STAGE }) : null);
  expect(headersOfPolicy(cfn.ResponseHeadersPolicyId?.Ref)).toEqual(responseHeadersOf(behaviour));
  if (behaviour.origin === 'site') {
    expect(cfn.OriginRequestPolicyId).toBeUndefined();
  } else {
    expect(cfn.CachePolicyId).toBe(CACHING_DISABLED);
  }
  if (behaviour.viewerHeaders === 'all-but-host') {
    expect(cfn.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    expect(cfn.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']));
  } else if (behaviour.viewerHeaders.length) {
    const policy = resources[(cfn.OriginRequestPolicyId as { Ref: string }).Ref].Properties.OriginRequestPolicyConfig as {
      HeadersConfig: { HeaderBehavior: string; Headers: string[] };
      QueryStringsConfig: { QueryStringBehavior: string };
    };
    const cloudFrontHeaders = behaviour.edgeHeaders.includes('viewer-address') ? [EDGE_HEADER_NAMES['viewer-address']] : [];
    expect(policy.HeadersConfig).toEqual({ HeaderBehavior: 'whitelist', Headers: [...behaviour.viewerHeaders, ...cloudFrontHeaders] });
    expect(policy.QueryStringsConfig.QueryStringBehavior).toBe('all');
  }
};

describe('the distribution, as the edge definition says', () => {
  it('has the definition’s behaviours in its order, the default last', () => {
    expect(config.CacheBehaviors.map((behaviour) => behaviour.PathPattern)).toEqual(additionalBehaviours().map((behaviour) => behaviour.pathPattern));
    expect(EDGE_BEHAVIOURS.at(-1)).toBe(defaultBehaviour());
    expect(config.CacheBehaviors.map((behaviour) => behaviour.PathPattern)).toEqual(expect.arrayContaining(['/api/*', '/ws']));
  });

  it('rewrites no error into the page: no distribution-wide error response', () => {
    expect(config.CustomErrorResponses).toBeUndefined();
  });

  it('runs the site function on the default behaviour: the web’s own paths answer index.html', () => {
    checkBehaviour(config.DefaultCacheBehavior, defaultBehaviour());
    expect(functionCodeOf(config.DefaultCacheBehavior)).toBe(edgeFunctionSource('site-request', { stage: STAGE }));
  });

  for (const behaviour of additionalBehaviours()) {
    it(`sends ${behaviour.pathPattern} to the ${behaviour.origin} with the definition’s function, headers and caching`, () => {
      checkBehaviour(config.CacheBehaviors.find((candidate) => candidate.PathPattern === behaviour.pathPattern)!, behaviour);
    });
  }

  it('reaches the WebSocket API on its stage over HTTPS: /ws becomes /{stage}, with the handshake headers and the token', () => {
    const socket = config.CacheBehaviors.find((candidate) => candidate.PathPattern === '/ws')!;
    expect(originKindOf(socket)).toBe('socket');
    expect(originOf(socket).CustomOriginConfig?.OriginProtocolPolicy).toBe('https-only');
    expect(JSON.stringify(originOf(socket).DomainName)).toMatch(/execute-api/);
    expect(functionCodeOf(socket)).toContain(`"/${STAGE}"`);
  });

  it('sends /api/* the origin secret from Secrets Manager and the viewer’s address (CloudFront-Viewer-Address), over any the viewer sent', () => {
    const api = config.CacheBehaviors.find((candidate) => candidate.PathPattern === '/api/*')!;
    expect(behaviourFor('/api/v1/users/authenticate').edgeHeaders).toEqual(['origin-secret', 'viewer-address']);
    expect(EDGE_HEADER_NAMES).toEqual({ 'origin-secret': 'x-wattwise-origin', 'viewer-address': 'CloudFront-Viewer-Address' });
    // The custom origin header: CloudFront writes it over a viewer's header of the same name; its value a dynamic reference.
    expectOriginSecretReference(customHeadersOf(api)['x-wattwise-origin']);
    // AWS's managed policy for API Gateway origins: every viewer header but Host, and CloudFront's headers of the viewer, CloudFront-Viewer-Address among them.
    expect(api.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    // The secret's value is nowhere in the template: only references to it.
    expect(JSON.stringify(template.toJSON())).not.toMatch(/"x-wattwise-origin","HeaderValue":"/);
    // No other origin is sent the secret.
    for (const origin of config.Origins.filter((candidate) => candidate.Id !== api.TargetOriginId)) expect(origin.OriginCustomHeaders ?? []).toEqual([]);
  });

  it('lets CloudFront list the bucket, so a missing file is a 404 rather than a 403', () => {
    const statements = Object.values(resources)
      .filter((resource) => resource.Type === 'AWS::S3::BucketPolicy')
      .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: { Action: string | string[]; Principal?: { Service?: string } }[] }).Statement)
      .filter((statement) => statement.Principal?.Service === 'cloudfront.amazonaws.com');
    expect(statements.flatMap((statement) => statement.Action)).toEqual(expect.arrayContaining(['s3:GetObject', 's3:ListBucket']));
  });

  it("keeps no Content-Security-Policy in the way of the map's default style provider (style, tiles, glyphs, sprites)", () => {
    const provider = new URL(DEFAULT_MAP_STYLE_URL).origin;
    const policies = Object.values(resources).filter((resource) => resource.Type === 'AWS::CloudFront::ResponseHeadersPolicy');
    expect(policies.length).toBeGreaterThan(0);
    for (const policy of policies) {
      const csp = (policy.Properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig?: { ContentSecurityPolicy?: { ContentSecurityPolicy: string } } })
        .SecurityHeadersConfig?.ContentSecurityPolicy?.ContentSecurityPolicy;
      if (!csp) continue;
      const sources = (directive: string) => (csp.split(';').map((part) => part.trim().split(/\s+/)).find(([name]) => name === directive) ?? []).slice(1);
      for (const directive of ['connect-src', 'img-src']) {
        const allowed = sources(directive).length ? sources(directive) : sources('default-src');
        expect(allowed.length === 0 || allowed.includes(provider) || allowed.includes('https:'), `${directive} lets ${provider} through`).toBe(true);
      }
    }
  });
});

/** The web stack alone, beside stand-ins of the stacks it takes from, for the context given. */
const build = (context: Record<string, string>) => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html>');
  const app = new App({ context: { webDist, stage: STAGE, ...context } });
  const settings = readSettings(app.node);
  const restApi = new apigateway.RestApi(new Stack(app, 'Api'), 'Rest', { deployOptions: { stageName: STAGE } });
  restApi.root.addMethod('GET');
  const socketApi = new apigwv2.WebSocketApi(new Stack(app, 'Realtime'), 'Socket');
  const originSecret = new secretsmanager.Secret(new Stack(app, 'Data'), 'OriginSecret');
  const firewall = settings.edgeFirewall ? new EdgeFirewallStack(app, 'Firewall', { settings }) : undefined;
  const web = new WebStack(app, 'Web', { settings, restApi, socketApi, originSecret, firewall });
  return { settings, firewall, web };
};

describe('the web ACL on the distribution', () => {

  it('is on by default on AWS, off in the emulator, and a context option turns it off', () => {
    expect(build({ environment: 'aws' }).settings.edgeFirewall).toBe(true);
    expect(build({ environment: 'aws', edgeFirewall: 'false' }).settings.edgeFirewall).toBe(false);
    expect(build({ environment: 'emulator' }).settings.edgeFirewall).toBe(false);
    expect(() => build({ environment: 'aws', edgeRateLimit: '5' })).toThrow(/edgeRateLimit/);
  });

  it('lives in us-east-1 whatever the app’s region, with a rate-based rule per address, and the distribution carries it', () => {
    const { firewall, web } = build({ environment: 'aws', edgeRateLimit: '1500' });
    expect(firewall!.region).toBe('us-east-1');
    const firewallTemplate = Template.fromStack(firewall!);
    firewallTemplate.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      Rules: [
        Match.objectLike({
          Action: { Block: {} },
          Statement: { RateBasedStatement: { AggregateKeyType: 'IP', Limit: 1500, EvaluationWindowSec: 300 } },
        }),
      ],
    });
    const parameterName = edgeFirewallParameterName(STAGE);
    firewallTemplate.hasResourceProperties('AWS::SSM::Parameter', { Name: parameterName, Value: { 'Fn::GetAtt': [Match.anyValue(), 'Arn'] } });
    const webTemplate = Template.fromStack(web);
    const [reader] = Object.entries(webTemplate.findResources('Custom::AWS')) as [string, { Properties: { Create: unknown; Update: unknown } }][];
    const call = JSON.parse(JSON.stringify(reader[1].Properties.Update).replace(/^"|"$/g, '').replace(/\\"/g, '"')) as Json;
    expect(call).toMatchObject({ service: 'SSM', action: 'getParameter', parameters: { Name: parameterName }, region: 'us-east-1' });
    webTemplate.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: { 'Fn::GetAtt': [reader[0], 'Parameter.Value'] } }),
    });
  });

  it('is absent when turned off', () => {
    const { web } = build({ environment: 'aws', edgeFirewall: 'false' });
    const [distribution] = Object.values(Template.fromStack(web).findResources('AWS::CloudFront::Distribution'));
    expect(distribution.Properties.DistributionConfig.WebACLId).toBeUndefined();
  });
});

describe('the site on its own domain', () => {
  const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f-6789-abcd-ef0123456789';

  const webTemplate = (context: Record<string, string>) => Template.fromStack(build({ environment: 'aws', edgeFirewall: 'false', ...context }).web);

  it('answers on the domain with its certificate and TLS 1.2, and the app is addressed there', () => {
    const template = webTemplate({ domainName: 'Energie.Example.fr', certificateArn: CERTIFICATE });
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['energie.example.fr'],
        ViewerCertificate: { AcmCertificateArn: CERTIFICATE, SslSupportMethod: 'sni-only', MinimumProtocolVersion: 'TLSv1.2_2021' },
      }),
    });
    template.hasResourceProperties('AWS::SSM::Parameter', { Value: 'https://energie.example.fr' });
    template.hasOutput('DnsTarget', { Value: { 'Fn::Join': ['', ['energie.example.fr CNAME ', { 'Fn::GetAtt': [Match.anyValue(), 'DomainName'] }]] } });
  });

  it("answers on CloudFront's own address without one", () => {
    const [distribution] = Object.values(webTemplate({}).findResources('AWS::CloudFront::Distribution'));
    expect(distribution.Properties.DistributionConfig.Aliases).toBeUndefined();
  });

  it('takes both settings or neither, a host name, and a certificate where CloudFront reads them', () => {
    expect(customDomainOf(undefined, '')).toBeNull();
    expect(() => customDomainOf('energie.example.fr', undefined)).toThrow(/go together/);
    expect(() => customDomainOf(undefined, CERTIFICATE)).toThrow(/go together/);
    expect(() => customDomainOf('https://energie.example.fr', CERTIFICATE)).toThrow(/host name/);
    expect(() => customDomainOf('energie.example.fr', CERTIFICATE.replace('us-east-1', 'eu-west-3'))).toThrow(/us-east-1/);
    expect(customDomainOf('energie.example.fr', CERTIFICATE)).toEqual({ domainName: 'energie.example.fr', certificateArn: CERTIFICATE });
  });
});
