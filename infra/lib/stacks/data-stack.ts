import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { acknowledge } from '../nag';

/** How long an overwritten or deleted object of the uploads and documents buckets stays recoverable. */
export const NONCURRENT_VERSION_DAYS = 30;

/** Everything stateful: kept when the stack goes away. */
export class DataStack extends Stack {
  readonly entities: dynamodb.Table;
  readonly series: dynamodb.Table;
  readonly connections: dynamodb.Table;
  readonly uploads: s3.Bucket;
  readonly documents: s3.Bucket;
  readonly jwtSecret: secretsmanager.Secret;
  /** Seals the passwords and keys of customers' outside servers (FTP, SFTP, IMAP, provider APIs). */
  readonly secretsKey: kms.Key;
  readonly weatherKey: secretsmanager.Secret;
  /** Sent by the edge to the REST API beside the viewer's address: only with it does the API trust that address. */
  readonly originSecret: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    const tableDefaults = {
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      removalPolicy: RemovalPolicy.RETAIN,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    } as const;

    this.entities = new dynamodb.Table(this, 'Entities', {
      ...tableDefaults,
      partitionKey: { name: 'PK', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'SK', type: dynamodb.AttributeType.STRING },
      timeToLiveAttribute: 'expires_at',
    });
    this.entities.addGlobalSecondaryIndex({
      indexName: 'GSI1',
      partitionKey: { name: 'GSI1PK', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'GSI1SK', type: dynamodb.AttributeType.STRING },
    });

    this.series = new dynamodb.Table(this, 'Series', {
      ...tableDefaults,
      partitionKey: { name: 'PK', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'SK', type: dynamodb.AttributeType.STRING },
      stream: dynamodb.StreamViewType.NEW_AND_OLD_IMAGES,
    });

    this.connections = new dynamodb.Table(this, 'Connections', {
      ...tableDefaults,
      partitionKey: { name: 'connection_id', type: dynamodb.AttributeType.STRING },
      timeToLiveAttribute: 'expires_at',
    });
    this.connections.addGlobalSecondaryIndex({
      indexName: 'byUser',
      partitionKey: { name: 'user_id', type: dynamodb.AttributeType.STRING },
    });
    this.connections.addGlobalSecondaryIndex({
      indexName: 'byCustomer',
      partitionKey: { name: 'customer_id', type: dynamodb.AttributeType.STRING },
    });
    // Sparse: only connections showing the live logs carry `logs`.
    this.connections.addGlobalSecondaryIndex({
      indexName: 'byLogs',
      partitionKey: { name: 'logs', type: dynamodb.AttributeType.STRING },
    });

    const bucketDefaults = {
      removalPolicy: RemovalPolicy.RETAIN,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
    } as const;
    // Server access logs of the data buckets (who read or wrote which object), kept a year.
    const accessLogs = new s3.Bucket(this, 'AccessLogs', {
      ...bucketDefaults,
      // Log delivery writes with ACLs (the LogDeliveryWrite canned ACL CDK sets on a log bucket).
      objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(365) }],
    });
    acknowledge(accessLogs, 'It is the access-log bucket of the data buckets: logging its own access would log every log delivery', 'AwsSolutions-S1');
    // Customers' files keep their old versions a while: an object overwritten or deleted by mistake can be
    // recovered for NONCURRENT_VERSION_DAYS (a customer's purge removes every version of its files at once).
    const keepsOldVersions: Pick<s3.BucketProps, 'versioned' | 'lifecycleRules'> = {
      versioned: true,
      lifecycleRules: [{ id: 'ExpireOldVersions', noncurrentVersionExpiration: Duration.days(NONCURRENT_VERSION_DAYS), expiredObjectDeleteMarker: true }],
    };
    this.uploads = new s3.Bucket(this, 'Uploads', { ...bucketDefaults, ...keepsOldVersions, serverAccessLogsBucket: accessLogs, serverAccessLogsPrefix: 'uploads/' });
    this.documents = new s3.Bucket(this, 'Documents', {
      ...bucketDefaults,
      ...keepsOldVersions,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'documents/',
    });

    new CfnOutput(this, 'EntitiesTableName', { value: this.entities.tableName });
    new CfnOutput(this, 'SeriesTableName', { value: this.series.tableName });
    new CfnOutput(this, 'ConnectionsTableName', { value: this.connections.tableName });
    new CfnOutput(this, 'UploadsBucketName', { value: this.uploads.bucketName });
    new CfnOutput(this, 'DocumentsBucketName', { value: this.documents.bucketName });

    this.secretsKey = new kms.Key(this, 'OutsideServerSecrets', {
      description: "Seals customers' outside-server passwords and provider keys",
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.jwtSecret = new secretsmanager.Secret(this, 'JwtSecret', {
      description: 'Signs session tokens; generated at deploy time.',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.jwtSecret,
      'Rotating the signing secret signs every user out at once (the authorizer checks one key); it is rotated by hand in a maintenance window',
      'AwsSolutions-SMG4',
    );

    // A random value at deploy time (what the emulator's local provider is told to accept); on AWS
    // the operator puts OpenWeatherMap's key in it. It never leaves the weather function.
    this.weatherKey = new secretsmanager.Secret(this, 'WeatherProviderKey', {
      description: "The weather provider's API key (OpenWeatherMap appid): set it with put-secret-value on AWS.",
      generateSecretString: { passwordLength: 32, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(this.weatherKey, 'The key is issued by OpenWeatherMap: a new one comes from their account page, not from a rotation function', 'AwsSolutions-SMG4');
    new CfnOutput(this, 'WeatherProviderKeySecretArn', { value: this.weatherKey.secretArn });

    // Here rather than with the API or the site: the API stack, which reads it, deploys before the
    // web stack, whose distribution sends it (as a dynamic reference, resolved at deploy time).
    this.originSecret = new secretsmanager.Secret(this, 'OriginSecret', {
      description: 'Sent by CloudFront to the REST API (x-wattwise-origin): the API trusts the viewer address beside it only then; generated at deploy time.',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.originSecret,
      'CloudFront takes the value when the web stack is deployed, not when the secret changes: it is rotated by hand, then the web stack deployed and the functions restarted (docs/architecture/abuse-limits.md)',
      'AwsSolutions-SMG4',
    );
    new CfnOutput(this, 'OriginSecretArn', { value: this.originSecret.secretArn });
  }
}
