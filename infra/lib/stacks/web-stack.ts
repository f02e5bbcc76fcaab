import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Annotations, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import * as cr from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import {
  additionalBehaviours,
  defaultBehaviour,
  edgeFunctionId,
  EDGE_HEADER_NAMES,
  edgeFunctionSource,
  edgeOriginId,
  originPathOf,
  responseHeadersOf,
  SECURITY,
  sendsOriginSecret,
  type EdgeBehaviour,
  type EdgeFunctionName,
  type EdgeOrigin,
} from '../edge';
import { acknowledge, BUCKET_GRANT_ACTIONS, nagArnOf } from '../nag';
import { webRuntimeConfig, withInlineRuntimeConfig } from '../runtime-config';
import { EDGE_FIREWALL_REGION, type EdgeFirewallStack } from './edge-firewall-stack';
import { appUrlParameterName, type DeploymentSettings } from '../settings';

export interface WebStackProps extends StackProps {
  settings: DeploymentSettings;
  restApi: apigateway.RestApi;
  /** The realtime channel's API, reached as `/ws`; served on the stage of the deployment settings. */
  socketApi: apigwv2.WebSocketApi;
  /**
   * The origin secret the distribution sends the REST API (custom origin header), by which the API
   * trusts the viewer's address CloudFront sends beside it. Rendered in the template as a dynamic
   * reference, resolved by CloudFormation at deploy time: its value is never in a template.
   */
  originSecret: secretsmanager.ISecret;
  /** The WAF web ACL's stack (us-east-1), when the settings ask for one. */
  firewall?: EdgeFirewallStack;
}

/**
 * The single-page app on S3 behind CloudFront, with `/api/*` routed to the REST API and `/ws` to
 * the WebSocket API so the browser stays same-origin (no CORS anywhere). Built from the edge's one
 * definition (../edge.ts), which the local web server plays too: the web's own paths answer
 * index.html (the router decides), a missing file 404, and the APIs answer with their own statuses.
 */
export class WebStack extends Stack {
  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    // CloudFront's and the site bucket's access logs. CloudFront's standard logs are written with
    // ACLs (as is S3 server access logging here), hence ACLs enabled with object-writer ownership.
    const accessLogs = new s3.Bucket(this, 'AccessLogs', {
      removalPolicy: RemovalPolicy.RETAIN,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(365) }],
    });
    acknowledge(accessLogs, 'It is the access-log bucket of the site and the CDN: logging its own access would log every log delivery', 'AwsSolutions-S1');
    const site = new s3.Bucket(this, 'Site', {
      removalPolicy: RemovalPolicy.RETAIN,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'site/',
    });

    const domain = props.settings.customDomain;
    const distribution = new cloudfront.Distribution(this, 'Cdn', {
      defaultRootObject: 'index.html',
      enableLogging: true,
      logBucket: accessLogs,
      logFilePrefix: 'cdn/',
      ...this.behaviours(site, props),
      ...(props.firewall ? { webAclId: this.webAclArnOf(props.firewall, props.settings) } : {}),
      ...(domain
        ? {
            domainNames: [domain.domainName],
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    });

    Annotations.of(distribution).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:listBucketSecurityRisk',
      'The root answers index.html (defaultRootObject, and the site function rewrites every web route to it): the listing CloudFront may read only turns a missing key into a 404',
    );
    acknowledge(distribution, "Customers' users work from any country: no country is refused", 'AwsSolutions-CFR1');
    if (!props.firewall) {
      acknowledge(
        distribution,
        'The WAF web ACL is turned off by the deployment settings (edgeFirewall=false, or the emulator); the public account routes are held by the product’s own abuse limits',
        'AwsSolutions-CFR2',
      );
    }
    if (!domain) {
      acknowledge(
        distribution,
        "The distribution answers on CloudFront's default certificate, whose protocol policy CloudFront sets; a custom domain (domainName, certificateArn) comes with TLSv1.2_2021",
        'AwsSolutions-CFR4',
      );
    }

    // In the emulator the local web server serves the built files itself; on AWS they are
    // uploaded with the deployment.
    if (props.settings.environment === 'aws') {
      // Said here rather than as CDK's "Cannot find asset", which names no way out.
      if (!existsSync(path.join(props.settings.webDist, 'index.html'))) {
        throw new Error(`No web build in ${props.settings.webDist} to upload: run \`npm run build:web\` first (\`npm run synth\` does).`);
      }
      const runtimeConfig = webRuntimeConfig(props.settings);
      const indexHtml = readFileSync(path.join(props.settings.webDist, 'index.html'), 'utf8');
      new s3deploy.BucketDeployment(this, 'Deploy', {
        // `.vite/` holds the build's own reports (the first screen's modules), not the site. index.html
        // goes up with the runtime configuration written into it, config.json beside it.
        sources: [
          s3deploy.Source.asset(props.settings.webDist, { exclude: ['.vite', 'index.html'] }),
          s3deploy.Source.data('index.html', withInlineRuntimeConfig(indexHtml, runtimeConfig)),
          s3deploy.Source.jsonData('config.json', runtimeConfig),
        ],
        destinationBucket: site,
        distribution,
      });
      // CDK's own upload provider: its code, role and permissions are CDK's.
      const provider = this.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
      if (provider) {
        acknowledge(
          provider,
          "CDK's BucketDeployment provider (code and role owned by CDK): the basic execution role, its runtime, and reads of CDK's asset bucket, writes of the site bucket and invalidations of the distribution",
          'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          'AwsSolutions-IAM5[Resource::*]',
          'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]',
          `AwsSolutions-IAM5[Resource::${nagArnOf(site)}/*]`,
          ...BUCKET_GRANT_ACTIONS.map((action) => `AwsSolutions-IAM5[Action::${action}]`),
          'AwsSolutions-L1',
        );
      }
    }

    // The app's address for the functions, which are deployed before this stack and read it at run time.
    const appUrl = new ssm.StringParameter(this, 'AppUrlParameter', {
      parameterName: appUrlParameterName(props.settings),
      description: "The web app's public address: links in e-mails and the report print page",
      stringValue: props.settings.appUrl ?? `https://${domain?.domainName ?? distribution.distributionDomainName}`,
    });

    new CfnOutput(this, 'AppUrl', { value: appUrl.stringValue });
    new CfnOutput(this, 'SiteBucket', { value: site.bucketName });
    new CfnOutput(this, 'DistributionDomain', { value: distribution.distributionDomainName });
    if (domain) {
      new CfnOutput(this, 'DnsTarget', {
        description: "The record the operator's DNS needs: the domain as a CNAME (or a Route 53 alias) of the distribution",
        value: `${domain.domainName} CNAME ${distribution.distributionDomainName}`,
      });
    }
  }

  /**
   * The web ACL's ARN, read from its parameter in us-east-1 at deploy time (this stack's region is
   * not fixed, so CDK's cross-region references cannot carry it).
   */
  private webAclArnOf(firewall: EdgeFirewallStack, settings: DeploymentSettings): string {
    this.addStackDependency(firewall);
    const parameterName = firewall.parameter.parameterName;
    const read = new cr.AwsCustomResource(this, 'EdgeFirewallArn', {
      onUpdate: {
        service: 'SSM',
        action: 'getParameter',
        parameters: { Name: parameterName },
        region: EDGE_FIREWALL_REGION,
        // A new id at every synthesis: read on every deploy, so a replaced web ACL's new ARN is taken.
        physicalResourceId: cr.PhysicalResourceId.of(`${parameterName}@${settings.builtAt}`),
      },
      policy: cr.AwsCustomResourcePolicy.fromSdkCalls({
        resources: [this.formatArn({ service: 'ssm', region: EDGE_FIREWALL_REGION, resource: 'parameter', resourceName: parameterName.slice(1) })],
      }),
      installLatestAwsSdk: false,
    });
    // CDK's AwsCustomResource provider (one function per stack, code and role owned by CDK).
    const provider = this.node.tryFindChild(`AWS${cr.AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`);
    if (provider) {
      acknowledge(
        provider,
        "CDK's AwsCustomResource provider (code and role owned by CDK): the basic execution role, for its own logs",
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      );
    }
    return read.getResponseField('Parameter.Value');
  }

  /** The distribution's behaviours, one per behaviour of the edge's definition, in its order. */
  private behaviours(site: s3.Bucket, props: WebStackProps): Pick<cloudfront.DistributionProps, 'defaultBehavior' | 'additionalBehaviors'> {
    // With List, a missing key is S3's 404 (not 403), which the edge passes on: no error is rewritten into the page.
    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(site, {
      originAccessLevels: [cloudfront.AccessLevel.READ, cloudfront.AccessLevel.LIST],
    });
    // The origin secret, as CloudFormation's dynamic reference ({{resolve:secretsmanager:…}}), for the origins the definition sends it.
    const customHeadersOf = (origin: EdgeOrigin): Record<string, string> | undefined =>
      sendsOriginSecret(origin) ? { [EDGE_HEADER_NAMES['origin-secret']]: props.originSecret.secretValue.unsafeUnwrap() } : undefined;
    // The REST API on its stage, as the definition says (its stage is the settings' too).
    const apiOrigin = new origins.RestApiOrigin(props.restApi, { originPath: originPathOf('api', props.settings), customHeaders: customHeadersOf('api') });
    const socketOrigin = new origins.HttpOrigin(`${props.socketApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: customHeadersOf('socket'),
    });
    if (sendsOriginSecret('site')) throw new Error('The site bucket is never sent the origin secret');
    const originOf: Record<EdgeOrigin, cloudfront.IOrigin> = { site: siteOrigin, api: apiOrigin, socket: socketOrigin };
    const functions = new Map<EdgeFunctionName, cloudfront.Function>();
    const functionOf = (name: EdgeFunctionName) => {
      if (!functions.has(name)) {
        functions.set(
          name,
          new cloudfront.Function(this, edgeFunctionId(name), {
            code: cloudfront.FunctionCode.fromInline(edgeFunctionSource(name, props.settings)),
            runtime: cloudfront.FunctionRuntime.JS_2_0,
            comment: `WattWise edge: ${name} (infra/lib/edge.ts)`,
          }),
        );
      }
      return functions.get(name)!;
    };
    const headerPolicies = new Map<string, cloudfront.ResponseHeadersPolicy>();
    const headersPolicyOf = (behaviour: EdgeBehaviour): cloudfront.IResponseHeadersPolicy | undefined => {
      if (!Object.keys(responseHeadersOf(behaviour)).length) return undefined;
      const key = behaviour.cacheControl ?? '';
      if (!headerPolicies.has(key)) headerPolicies.set(key, this.responseHeadersPolicy(`EdgeHeaders${headerPolicies.size}`, behaviour));
      return headerPolicies.get(key)!;
    };
    const requestPolicyOf = (behaviour: EdgeBehaviour): cloudfront.IOriginRequestPolicy | undefined => {
      // AWS's managed policy for API Gateway origins: every viewer header but Host, and CloudFront's own
      // headers of the viewer (protocol, device, location, CloudFront-Viewer-Address among them).
      if (behaviour.viewerHeaders === 'all-but-host') return cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER;
      const cloudFrontHeaders = behaviour.edgeHeaders.includes('viewer-address') ? [EDGE_HEADER_NAMES['viewer-address']] : [];
      if (!behaviour.viewerHeaders.length && !cloudFrontHeaders.length) return undefined;
      return new cloudfront.OriginRequestPolicy(this, `${edgeOriginId(behaviour.origin)}Requests`, {
        comment: `WattWise edge: ${behaviour.pathPattern} sends its origin these viewer headers and the query string`,
        headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(...behaviour.viewerHeaders, ...cloudFrontHeaders),
        queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
        cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
      });
    };
    const behaviourOptions = (behaviour: EdgeBehaviour): cloudfront.BehaviorOptions => {
      const api = behaviour.origin !== 'site';
      const requests = requestPolicyOf(behaviour);
      const headers = headersPolicyOf(behaviour);
      return {
        origin: originOf[behaviour.origin],
        viewerProtocolPolicy: api ? cloudfront.ViewerProtocolPolicy.HTTPS_ONLY : cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: behaviour.origin === 'api' ? cloudfront.AllowedMethods.ALLOW_ALL : cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        // The APIs' answers are never cached; the site's are, until a deployment invalidates them.
        cachePolicy: api ? cloudfront.CachePolicy.CACHING_DISABLED : cloudfront.CachePolicy.CACHING_OPTIMIZED,
        ...(requests ? { originRequestPolicy: requests } : {}),
        ...(headers ? { responseHeadersPolicy: headers } : {}),
        ...(behaviour.viewerRequest
          ? { functionAssociations: [{ function: functionOf(behaviour.viewerRequest), eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }] }
          : {}),
      };
    };
    return {
      defaultBehavior: behaviourOptions(defaultBehaviour()),
      additionalBehaviors: Object.fromEntries(additionalBehaviours().map((behaviour) => [behaviour.pathPattern, behaviourOptions(behaviour)])),
    };
  }

  /** The security headers of the definition on every HTTP answer, and the behaviour's browser caching. */
  private responseHeadersPolicy(id: string, behaviour: EdgeBehaviour): cloudfront.ResponseHeadersPolicy {
    const security = 'Strict-Transport-Security' in responseHeadersOf(behaviour);
    return new cloudfront.ResponseHeadersPolicy(this, id, {
      comment: `WattWise edge: ${security ? 'security headers' : 'no security headers'}${behaviour.cacheControl ? `, Cache-Control ${behaviour.cacheControl}` : ''}`,
      ...(security
        ? {
            securityHeadersBehavior: {
              strictTransportSecurity: { accessControlMaxAge: Duration.seconds(SECURITY.hstsMaxAgeSeconds), includeSubdomains: true, override: true },
              contentTypeOptions: { override: true },
              frameOptions: { frameOption: SECURITY.frameOptions as cloudfront.HeadersFrameOption, override: true },
              referrerPolicy: { referrerPolicy: SECURITY.referrerPolicy as cloudfront.HeadersReferrerPolicy, override: true },
            },
          }
        : {}),
      ...(behaviour.cacheControl
        ? { customHeadersBehavior: { customHeaders: [{ header: 'Cache-Control', value: behaviour.cacheControl, override: true }] } }
        : {}),
    });
  }
}
