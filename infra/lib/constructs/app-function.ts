
import { Aws, Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

import { acknowledge, BUCKET_GRANT_ACTIONS, nagArnOf } from '../nag';
import { BUNDLE_TARGET, LAMBDA_RUNTIME } from '../node-line';
import { fromRoot } from '../paths';

export interface AppFunctionProps {
  /** Entry file under functions/src, e.g. `handlers/users.ts`. */
  entry: string;
  description: string;
  timeout?: Duration;
  memorySize?: number;
  /** Packages left out of the bundle, found at run time (in a layer). */
  external?: string[];
  /** ARM by default; a function whose native binary exists for x86 only says so. */
  architecture?: lambda.Architecture;
  layers?: lambda.ILayerVersion[];
}

/**
 * Every function of the app with the same defaults: Node 22, the AWS SDK bundled in (smaller cold
 * starts, and the emulator ships no SDK), one log group with a retention, active tracing. The
 * `bind…` helpers grant least privilege and set the setting the code reads, in one call.
 */
export class AppFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly logGroup: logs.LogGroup;
  /** The function's own role: it writes its own log group only (no managed policy's `logs:*` on every group). */
  readonly role: iam.Role;
  /** The function's timeout (the duration alarm of long functions is set against it). */
  readonly timeout: Duration;
  /** Where its asynchronous invocations land once their retries are spent (functions started as jobs). */
  deadLetters?: sqs.Queue;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const logGroup = new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.ONE_MONTH });
    this.logGroup = logGroup;
    this.timeout = props.timeout ?? Duration.seconds(15);
    this.role = new iam.Role(this, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(this.role);
    this.fn = new NodejsFunction(this, 'Function', {
      entry: fromRoot('functions/src', props.entry),
      handler: 'handler',
      description: props.description,
      runtime: LAMBDA_RUNTIME,
      architecture: props.architecture ?? lambda.Architecture.ARM_64,
      layers: props.layers,
      memorySize: props.memorySize ?? 512,
      timeout: this.timeout,
      role: this.role,
      logGroup,
      bundling: {
        // Everything is bundled but native add-ons: ssh2 (SFTP) loads its optional crypto binding
        // inside a try and falls back to Node's crypto when it is absent, as it is in the bundle.
        externalModules: ['*.node', ...(props.external ?? [])],
        format: OutputFormat.CJS,
        // ES module builds of the SDK let esbuild drop what a function does not use.
        mainFields: ['module', 'main'],
        minify: true,
        sourceMap: true,
        target: BUNDLE_TARGET,
        tsconfig: fromRoot('tsconfig.json'),
      },
      environment: { NODE_OPTIONS: '--enable-source-maps' },
    });
    // Active tracing, with X-Ray's write permission in a policy of its own: X-Ray's actions have no
    // resource-level permission, and keeping them apart leaves every other `*` of the role a finding.
    (this.fn.node.defaultChild as lambda.CfnFunction).tracingConfig = { mode: 'Active' };
    const tracing = new iam.Policy(this, 'Tracing', {
      statements: [new iam.PolicyStatement({ actions: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'], resources: ['*'] })],
    });
    tracing.attachToRole(this.role);
    acknowledge(tracing, "X-Ray's PutTraceSegments and PutTelemetryRecords support no resource-level permission", 'AwsSolutions-IAM5[Resource::*]');
    acknowledge(
      this.fn,
      'Node 22 is a supported Lambda runtime (LTS); the code is built and tested for Node 22 and moves with its tests, not with the newest runtime',
      'AwsSolutions-L1',
    );
  }

  /**
   * A statement whose resource cannot be narrowed (an action without resource-level permission, or
   * a destination with no ARN), kept in a policy of its own so that its acknowledgement covers it alone.
   */
  allowAnyResource(id: string, actions: string[], reason: string): this {
    const policy = new iam.Policy(this, id, { statements: [new iam.PolicyStatement({ actions, resources: ['*'] })] });
    policy.attachToRole(this.role);
    acknowledge(policy, reason, 'AwsSolutions-IAM5[Resource::*]');
    return this;
  }

  /**
   * SMS to phone numbers, and nothing else SNS publishes to. A phone number has no ARN, so the
   * allow names `*`; a deny on every SNS ARN (topics, platform endpoints) then leaves only the
   * requests without one, which are SMS (an explicit deny wins over any allow).
   */
  allowSmsOnly(): this {
    const policy = new iam.Policy(this, 'Sms', {
      statements: [
        new iam.PolicyStatement({ effect: iam.Effect.DENY, actions: ['sns:Publish'], resources: [`arn:${Aws.PARTITION}:sns:*:*:*`] }),
        new iam.PolicyStatement({ actions: ['sns:Publish'], resources: ['*'] }),
      ],
    });
    policy.attachToRole(this.role);
    acknowledge(policy, 'SMS are published to phone numbers, which have no ARN to name; publishing to any topic or endpoint is denied beside it', 'AwsSolutions-IAM5[Resource::*]');
    return this;
  }

  /** Caps the function's concurrency (reserved from the account's pool); undefined: uncapped. */
  capConcurrency(cap: number | undefined): this {
    if (cap !== undefined) (this.fn.node.defaultChild as lambda.CfnFunction).reservedConcurrentExecutions = cap;
    return this;
  }

  /** Acknowledges, on this function's role, wildcard findings that a CDK grant or a run-time name makes. */
  acknowledgeOnRole(reason: string, ...findings: string[]): this {
    acknowledge(this.role, reason, ...findings.map((finding) => `AwsSolutions-IAM5[${finding}]`));
    return this;
  }

  /**
   * Asynchronous invocations (job starts, schedules): at most `retryAttempts` retries within
   * `maxEventAge`, then the event and its error go to an encrypted dead-letter queue (an alarm
   * watches its depth).
   */
  asyncInvocations(retryAttempts: number, maxEventAge = Duration.hours(6)): sqs.Queue {
    const queue = deadLetterQueue(this, 'DeadLetters', `the asynchronous invocations of ${this.node.id}`);
    this.fn.configureAsyncInvoke({ retryAttempts, maxEventAge, onFailure: new SqsDestination(queue) });
    this.deadLetters = queue;
    return queue;
  }

  /** Lets this function invoke another (async job starts included); CDK's grant covers its versions and aliases. */
  invokes(target: AppFunction): this {
    target.fn.grantInvoke(this.fn);
    return this.acknowledgeOnRole("CDK's grantInvoke covers the target function's versions and aliases (`<arn>:*`)", `Resource::${nagArnOf(target.fn)}:*`);
  }

  /**
   * `readUpdate`: reads, and changes attributes of existing items (never puts or deletes one).
   * `readWrite` also allows PartiQL INSERTs (a put that fails on an existing key, less than the
   * PutItem it has): the bulk path puts new raw hour items in batches of them, which CDK's grant
   * does not cover (docs/architecture/bulk-writes.md).
   */
  bindTable(table: ITable, setting: string, access: 'read' | 'readUpdate' | 'readWrite'): this {
    if (access === 'readWrite') {
      table.grantReadWriteData(this.fn);
      table.grant(this.fn, 'dynamodb:PartiQLInsert');
    } else table.grantReadData(this.fn);
    if (access === 'readUpdate') table.grant(this.fn, 'dynamodb:UpdateItem');
    this.fn.addEnvironment(setting, table.tableName);
    // A table with secondary indexes: the grant also covers them (nothing is acknowledged for a table without).
    this.acknowledgeOnRole("CDK's table grant covers this table's own secondary indexes (`<table>/index/*`), which the repositories query", `Resource::${nagArnOf(table)}/index/*`);
    return this;
  }

  bindBucket(bucket: IBucket, setting: string, access: 'read' | 'readWrite'): this {
    if (access === 'read') bucket.grantRead(this.fn);
    else bucket.grantReadWrite(this.fn);
    this.fn.addEnvironment(setting, bucket.bucketName);
    const actions = access === 'read' ? ['s3:GetObject*', 's3:GetBucket*', 's3:List*'] : BUCKET_GRANT_ACTIONS;
    this.acknowledgeOnRole(
      "CDK's bucket grant: the objects of this one bucket (keys are made per customer at run time) with the action families S3 needs for them",
      `Resource::${nagArnOf(bucket)}/*`,
      ...actions.map((action) => `Action::${action}`),
    );
    return this;
  }

  bindSecret(secret: ISecret, setting: string): this {
    secret.grantRead(this.fn);
    this.fn.addEnvironment(setting, secret.secretArn);
    return this;
  }

  setting(name: string, value: string): this {
    this.fn.addEnvironment(name, value);
    return this;
  }
}


/** An encrypted, TLS-only queue that keeps failed events 14 days, to be read and replayed by an operator. */
export const deadLetterQueue = (scope: Construct, id: string, what: string): sqs.Queue => {
  const queue = new sqs.Queue(scope, id, {
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  acknowledge(queue, `It is itself the dead-letter queue of ${what}`, 'AwsSolutions-SQS3');
  return queue;
};
