
import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

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

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const logGroup = new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.ONE_MONTH });
    this.logGroup = logGroup;
    this.fn = new NodejsFunction(this, 'Function', {
      entry: fromRoot('functions/src', props.entry),
      handler: 'handler',
      description: props.description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: props.architecture ?? lambda.Architecture.ARM_64,
      layers: props.layers,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(15),
      tracing: lambda.Tracing.ACTIVE,
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
        target: 'node20',
        tsconfig: fromRoot('tsconfig.json'),
      },
      environment: { NODE_OPTIONS: '--enable-source-maps' },
    });
  }

  /** `readUpdate`: reads, and changes attributes of existing items (never puts or deletes one). */
  bindTable(table: ITable, setting: string, access: 'read' | 'readUpdate' | 'readWrite'): this {
    if (access === 'readWrite') table.grantReadWriteData(this.fn);
    else table.grantReadData(this.fn);
    if (access === 'readUpdate') table.grant(this.fn, 'dynamodb:UpdateItem');
    this.fn.addEnvironment(setting, table.tableName);
    return this;
  }

  bindBucket(bucket: IBucket, setting: string, access: 'read' | 'readWrite'): this {
    if (access === 'read') bucket.grantRead(this.fn);
    else bucket.grantReadWrite(this.fn);
    this.fn.addEnvironment(setting, bucket.bucketName);
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
