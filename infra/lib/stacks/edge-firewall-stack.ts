import { BootstraplessSynthesizer, Stack, type StackProps } from 'aws-cdk-lib';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import type { DeploymentSettings } from '../settings';

/** CloudFront's web ACLs live in this region, whatever the app's. */
export const EDGE_FIREWALL_REGION = 'us-east-1';

/** Where the web ACL's ARN is published, in EDGE_FIREWALL_REGION, for the web stack to read whatever its own region. */
export const edgeFirewallParameterName = (stage: string): string => `/wattwise/${stage}/edge/web-acl-arn`;

export interface EdgeFirewallStackProps extends StackProps {
  settings: DeploymentSettings;
}

/**
 * The distribution's WAF web ACL (scope CLOUDFRONT, so in us-east-1): a rate-based rule blocks an
 * address for as long as it sends more than `edgeRateLimit` requests in five minutes, which holds
 * brute force of the public account routes at the edge, whatever the product's own abuse limits
 * see behind CloudFront. Its ARN goes into a parameter of the same region, which the web stack reads
 * (stacks of this app have no fixed region, so CDK's cross-region references are not available).
 */
export class EdgeFirewallStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;
  readonly parameter: ssm.StringParameter;

  constructor(scope: Construct, id: string, props: EdgeFirewallStackProps) {
    // No assets here: deployed with the deployer's own credentials, so us-east-1 needs no `cdk bootstrap` of its own.
    super(scope, id, { ...props, env: { ...props.env, region: EDGE_FIREWALL_REGION }, synthesizer: new BootstraplessSynthesizer() });
    const metric = (name: string) => ({ cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName: `WattWise${name}` });
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'WattWise edge: requests per viewer address, rate-limited',
      defaultAction: { allow: {} },
      visibilityConfig: metric('Edge'),
      rules: [
        {
          name: 'RatePerAddress',
          priority: 0,
          action: { block: {} },
          statement: { rateBasedStatement: { aggregateKeyType: 'IP', limit: props.settings.edgeRateLimit, evaluationWindowSec: 300 } },
          visibilityConfig: metric('EdgeRatePerAddress'),
        },
      ],
    });
    this.parameter = new ssm.StringParameter(this, 'WebAclArn', {
      parameterName: edgeFirewallParameterName(props.settings.stage),
      stringValue: this.webAcl.attrArn,
      description: "The ARN of WattWise's CloudFront web ACL, read by the web stack",
    });
  }
}
