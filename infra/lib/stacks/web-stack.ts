import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { webRuntimeConfig } from '../runtime-config';
import type { DeploymentSettings } from '../settings';

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
    const site = new s3.Bucket(this, 'Site', {
      removalPolicy: RemovalPolicy.RETAIN,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
    });

    const distribution = new cloudfront.Distribution(this, 'Cdn', {
      defaultRootObject: 'index.html',
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

    // In the emulator the local web server serves the built files itself; on AWS they are
    // uploaded with the deployment.
    if (props.settings.environment === 'aws') {
      // Said here rather than as CDK's "Cannot find asset", which names no way out.
      if (!existsSync(path.join(props.settings.webDist, 'index.html'))) {
        throw new Error(`No web build in ${props.settings.webDist} to upload: run \`npm run build:web\` first (\`npm run synth\` does).`);
      }
      new s3deploy.BucketDeployment(this, 'Deploy', {
        // `.vite/` holds the build's own reports (the first screen's modules), not the site.
        sources: [s3deploy.Source.asset(props.settings.webDist, { exclude: ['.vite'] }), s3deploy.Source.jsonData('config.json', webRuntimeConfig(props.settings))],
        destinationBucket: site,
        distribution,
      });
    }

    new CfnOutput(this, 'SiteBucket', { value: site.bucketName });
    new CfnOutput(this, 'DistributionDomain', { value: distribution.distributionDomainName });
  }
}
