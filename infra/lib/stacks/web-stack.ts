import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import { acknowledge, BUCKET_GRANT_ACTIONS, nagArnOf } from '../nag';
import { webRuntimeConfig, withInlineRuntimeConfig } from '../runtime-config';
import { appUrlParameterName, type DeploymentSettings } from '../settings';

export interface WebStackProps extends StackProps {
  settings: DeploymentSettings;
  restApi: apigateway.RestApi;
}

/**
 * The single-page app on S3 behind CloudFront, with `/api/*` routed to the REST API so the
 * browser stays same-origin (no CORS anywhere). Unknown paths answer index.html: the router
 * decides.
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

    const distribution = new cloudfront.Distribution(this, 'Cdn', {
      defaultRootObject: 'index.html',
      enableLogging: true,
      logBucket: accessLogs,
      logFilePrefix: 'cdn/',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(site),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new origins.RestApiOrigin(props.restApi),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        },
      },
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 200,
        responsePagePath: '/index.html',
      })),
    });

    acknowledge(distribution, "Customers' users work from any country: no country is refused", 'AwsSolutions-CFR1');
    acknowledge(
      distribution,
      "A WAF web ACL for CloudFront is an account-level choice of the operator (rules, cost); the public account routes are held by the product's own abuse limits",
      'AwsSolutions-CFR2',
    );
    acknowledge(
      distribution,
      "The distribution answers on CloudFront's default certificate, whose protocol policy CloudFront sets; a custom domain's certificate comes with TLSv1.2_2021",
      'AwsSolutions-CFR4',
    );

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
      stringValue: props.settings.appUrl ?? `https://${distribution.distributionDomainName}`,
    });

    new CfnOutput(this, 'AppUrl', { value: appUrl.stringValue });
    new CfnOutput(this, 'SiteBucket', { value: site.bucketName });
    new CfnOutput(this, 'DistributionDomain', { value: distribution.distributionDomainName });
  }
}
