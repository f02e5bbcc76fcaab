import { readFileSync } from 'node:fs';
import { ArnFormat, CfnOutput, Duration, type NestedStack, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as ses from 'aws-cdk-lib/aws-ses';
import { DynamoEventSource, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { ENDPOINT_GROUPS, ROUTES, type EndpointGroup, type RouteDefinition } from '../../../shared/src/api/routes';
import { MEASURED_MEMORY_MB } from '../function-memory';
import { AppFunction, deadLetterQueue } from '../constructs/app-function';
import { ChromiumLayer } from '../constructs/chromium-layer';
import { RestRoutes } from '../constructs/rest-routes';
import { acknowledge } from '../nag';
import { LAMBDA_RUNTIME } from '../node-line';
import { fromRoot } from '../paths';
import { appUrlParameterName, mailDomainOf, type DeploymentSettings } from '../settings';

export interface ApiStackProps extends StackProps {
  settings: DeploymentSettings;
  entities: dynamodb.ITable;
  series: dynamodb.Table;
  jwtSecret: secretsmanager.ISecret;
  /** The weather provider's key: read by the weather group only. */
  weatherKey: secretsmanager.ISecret;
  /** The edge's origin secret: read by the groups that throttle the public account routes only, to trust the viewer address beside it. */
  originSecret: secretsmanager.ISecret;
  documents: s3.IBucket;
  /** Meter files that came in (FTP/SFTP, e-mail, upload). */
  uploads: s3.IBucket;
  secretsKey: kms.IKey;
  /** Lets the jobs function push progress to browsers. */
  allowPush: (fn: AppFunction) => void;
  /** The REST routes; the shared route table unless a test passes another. */
  routes?: readonly RouteDefinition[];
  /** The other stacks whose functions a restart stamps (this one's are). */
  otherStacksWithFunctions?: string[];
}

interface GroupAccess {
  entities: 'read' | 'readUpdate' | 'readWrite';
  series?: 'read' | 'readWrite';
  jwt?: boolean;
  launchesJobs?: boolean;
  /** The documents bucket (images, exports, reports). */
  documents?: 'read' | 'readWrite';
  /** The meter files bucket. */
  uploads?: 'read' | 'readWrite';
  /** Starts file imports (the import function). */
  importsFiles?: boolean;
  /** Creates, changes and deletes the schedules of its entities, and may start their job at once. */
  schedules?: boolean;
  /** Seals and opens stored passwords of outside servers. */
  secrets?: boolean;
  /** Calls the weather provider (its base URL and key). */
  weatherProvider?: boolean;
  /** Calls the geocoding provider of the address search (its base URL; it needs no key). */
  geocodingProvider?: boolean;
  /** Sends e-mail (SES) and SMS (SNS) through the mail service. */
  sendsMail?: boolean;
  /** The about screen: restarts every function, starts updates, dumps the tables, asks the vendor and checks its signed answers. */
  operatesApplication?: boolean;
  /** Checks licence files against the vendor's public key (customer deletions are purged by the sweep). */
  administersCustomers?: boolean;
  /** Pushes events to browsers over the WebSocket. */
  pushes?: boolean;
  /** Prints reports to PDF (the Chromium function). */
  printsReports?: boolean;
  /** Reaches addresses customers typed (SMTP, FTP/SFTP, IMAP, provider endpoints) through the outbound-destination policy. */
  connectsOut?: boolean;
  /**
   * Answers the public account routes (sign-in, forgot-password, register, password link), throttled by
   * the abuse limits; reads the edge's origin secret, to count a request for the viewer address the edge names.
   */
  throttlesAccounts?: boolean;
}

const SCHEDULES_BY_ENTITY_ID =
  "Schedules are named by the ids of their reminders, subscriptions and retrievers, or by their customer and cron (alerts), made at run time; the default group holds this app's schedules only";
const SCHEDULES_ARN_FINDING = 'Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/default/*';

/** What each endpoint group may touch, and nothing more. */
const GROUP_ACCESS: Record<EndpointGroup, GroupAccess> = {
  // Account e-mails (invitations, password links, accepted registrations); profile pictures in the documents bucket.
  users: { entities: 'readWrite', jwt: true, sendsMail: true, documents: 'readWrite', throttlesAccounts: true },
  system: { entities: 'read' },
  // Its own state, the lock, roles & permissions, notification settings, system configuration; the dumps' records and
  // their links (the dump job writes the files); messages and log-outs pushed to connected users.
  application: { entities: 'readWrite', series: 'read', documents: 'readWrite', operatesApplication: true, pushes: true },
  // Marks notifications done: updates, never puts or deletes.
  notifications: { entities: 'readUpdate' },
  // Series read only: maplytics rates the sites by their energy; the address search asks the geocoding provider.
  locations: { entities: 'readWrite', series: 'read', geocodingProvider: true },
  // Series read only: manual entry's points carry their last raw value.
  points: { entities: 'readWrite', series: 'read', launchesJobs: true },
  data: { entities: 'readWrite', series: 'readWrite' },
  dashboards: { entities: 'readWrite', series: 'read' },
  images: { entities: 'readWrite', documents: 'readWrite' },
  // Series read only: a preview compares a file with what is stored; imports run in their own function.
  files: { entities: 'readWrite', series: 'read', uploads: 'readWrite', importsFiles: true },
  ftp: { entities: 'readWrite', schedules: true, secrets: true, connectsOut: true },
  // Sources: their schedules, their sealed api keys and mailbox passwords, "fetch now", discovery at the provider.
  sources: { entities: 'readWrite', schedules: true, secrets: true, connectsOut: true },
  // Writes only its weather cache; reads the locations for the first located site.
  weather: { entities: 'readWrite', weatherProvider: true },
  // Alerts and their log; their schedules (evaluation and notifying run in the scheduled-jobs function).
  alerts: { entities: 'readWrite', schedules: true },
  // Reminders: their schedules (the e-mails leave from the scheduled job).
  reminders: { entities: 'readWrite', schedules: true },
  // SMTP settings: seals their passwords, opens them for tests (test e-mails leave through the given server, not SES).
  email: { entities: 'readWrite', secrets: true, connectsOut: true },
  // The logo and background image: their bytes in the documents bucket, their reference in the system's customization item.
  customizations: { entities: 'readUpdate', documents: 'readWrite' },
  // Customers and the licence: a deletion is purged by its own job function, after the restore window.
  customers: { entities: 'readWrite', administersCustomers: true },
  // Exports: read the series through the engine, their files in the documents bucket, sent by e-mail.
  exports: { entities: 'readWrite', series: 'read', documents: 'readWrite', sendsMail: true },
  // Reports: their widgets read the series through the engine (and the images of image widgets).
  reports: { entities: 'readWrite', series: 'read', documents: 'read', printsReports: true },
  // Report subscriptions: their schedules (the PDF is printed and e-mailed from the scheduled job).
  subscriptions: { entities: 'readWrite', schedules: true },
};

/**
 * The REST API: one function per endpoint group, methods created from the shared route table so
 * the paths, the groups and the public/signed-in split have one source. Every signed-in route
 * goes through the TOKEN authorizer.
 */
export class ApiStack extends Stack {
  readonly api: apigateway.RestApi;
  readonly seedFunction?: AppFunction;
  /** The nested stacks that hold the methods, one per endpoint group. */
  readonly routeStacks: NestedStack[];
  /** Schedules whose target failed to be invoked. */
  readonly scheduleDeadLetters: sqs.Queue;
  /** Scheduled-work messages (alerts, subscriptions) that failed their receives. */
  readonly scheduledWorkDeadLetters: sqs.Queue;
  /** The Chromium function: its duration is watched against its timeout. */
  readonly reportPdf: AppFunction;
  /** Makes the first root administrator (the first-root stack's custom resource calls it). */
  readonly firstRoot: AppFunction;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);

    const authorizerFunction = new AppFunction(this, 'Authorizer', {
      entry: 'handlers/authorizer.ts',
      description: 'Checks the bearer token of every signed-in call',
      memorySize: MEASURED_MEMORY_MB.Authorizer,
    }).bindSecret(props.jwtSecret, 'JWT_SECRET_ARN');
    const authorizer = new apigateway.TokenAuthorizer(this, 'TokenAuthorizer', {
      handler: authorizerFunction.fn,
      identitySource: apigateway.IdentitySource.header('Authorization'),
      resultsCacheTtl: Duration.minutes(5),
    });

    // Access logs (one JSON line per request, with its request id) and error-level execution logs,
    // written with the account's API Gateway role (set by the realtime stack, deployed first, unless the
    // account's own is kept: apiGatewayAccount=existing).
    const accessLogs = new logs.LogGroup(this, 'RestAccessLogs', { retention: logs.RetentionDays.ONE_MONTH });
    this.api = new apigateway.RestApi(this, 'Rest', {
      description: 'WattWise REST API',
      deployOptions: {
        stageName: props.settings.stage,
        tracingEnabled: true,
        accessLogDestination: new apigateway.LogGroupLogDestination(accessLogs),
        accessLogFormat: apigateway.AccessLogFormat.jsonWithStandardFields(),
        loggingLevel: apigateway.MethodLoggingLevel.ERROR,
      },
      // `*/*`: a gzip-compressed JSON answer (base64 from the function) goes out as bytes whatever the client's Accept; request
      // bodies then reach the functions base64-encoded (the HTTP stack decodes them).
      binaryMediaTypes: ['*/*'],
      cloudWatchRole: false,
    });
    acknowledge(
      this.api,
      "Requests are validated in the functions against the route table's zod schemas (body, path parameters, query), the single source the OpenAPI document is made from",
      'AwsSolutions-APIG2',
    );
    acknowledge(
      this.api.deploymentStage,
      "A WAF web ACL is an account-level choice of the operator (rules, cost); the public account routes are held by the product's own abuse limits",
      'AwsSolutions-APIG3',
    );

    /** A job function: long work started by the API, a schedule or itself, on the entities and the series. */
    const jobFunction = (id: string, entry: string, description: string) =>
      new AppFunction(this, id, { entry, description, timeout: Duration.minutes(15), memorySize: MEASURED_MEMORY_MB[id] ?? 1024 })
        .bindTable(props.entities, 'ENTITIES_TABLE', 'readWrite')
        .bindTable(props.series, 'SERIES_TABLE', 'readWrite');
    // The sender's domain as an SES identity: on AWS its DKIM records go in the domain's DNS (the
    // identity is verified once they are); SES refuses to send from an identity it does not know.
    // An account that has the domain already (verified in this region) keeps it: creating it again fails.
    const mailDomainName = mailDomainOf(props.settings.mailFrom);
    const mailDomain =
      props.settings.mailIdentity === 'existing'
        ? ses.EmailIdentity.fromEmailIdentityName(this, 'MailDomain', mailDomainName)
        : new ses.EmailIdentity(this, 'MailDomain', { identity: ses.Identity.domain(mailDomainName) });
    // The web app's address (links in e-mails, the print page, the outbound policy's own endpoints): the `appUrl`
    // context when given, else read at run time from the parameter the web stack writes (deployed after this one).
    const appUrlParameter = this.formatArn({ service: 'ssm', resource: 'parameter', resourceName: appUrlParameterName(props.settings).replace(/^\//, '') });
    const learnAppUrl = (fn: AppFunction) => {
      if (props.settings.appUrl) fn.setting('APP_URL', props.settings.appUrl);
      fn.setting('APP_URL_PARAMETER', appUrlParameterName(props.settings));
      fn.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['ssm:GetParameter'], resources: [appUrlParameter] }));
    };
    // The outbound-destination policy's allow-list, where customers' addresses are reached (empty: nothing beyond the public Internet).
    const connectOut = (fn: AppFunction) => {
      if (props.settings.outboundAllowList) fn.setting('OUTBOUND_ALLOW_LIST', props.settings.outboundAllowList);
      learnAppUrl(fn);
    };
    const sendMail = (fn: AppFunction) => {
      // A customer's own SMTP server may carry the e-mail.
      connectOut(fn);
      // E-mail leaves from the sender's domain identity only; SMS go to phone numbers, which have no ARN.
      mailDomain.grantSendEmail(fn.fn);
      fn.allowSmsOnly();
      fn.setting('MAIL_FROM', props.settings.mailFrom);
      // A customer's (or the product's) SMTP settings carry its e-mail: their sealed password is opened to
      // send; an outbox e-mail holding a secret (a set-password link) is sealed when written, opened when sent.
      sealSecrets(fn);
      // Tests only: every outbox sender (jobs and requests alike) honours fault markers.
      if (props.settings.outboxFaultInjection) fn.setting('OUTBOX_FAULT_INJECTION', 'true');
    };

    // Background functions are capped (reserved concurrency, from configuration) so that sign-in and the API keep the account's capacity.
    const caps = props.settings.reservedConcurrency;
    const jobs = jobFunction('SeriesJobs', 'jobs/series-jobs.ts', 'Long series work: calculated points, merges, purges').capConcurrency(caps.seriesJobs);
    // Series jobs are idempotent (they recompute from what is stored): Lambda's two retries.
    jobs.asyncInvocations(2);
    props.allowPush(jobs);
    const launchJobs = (fn: AppFunction) => {
      fn.invokes(jobs);
      fn.setting('SERIES_JOBS_FUNCTION', jobs.fn.functionName);
    };

    // Meter file imports: taken in turn per customer from their import lanes (fair-work.md), one file at a time per
    // invocation, never retried by Lambda (a failed
    // import leaves its file in treatment error, and the user imports it again).
    const fileImports = jobFunction(
      'FileImports',
      'jobs/file-imports.ts',
      'Imports one meter file (CSV, XLSX) into the series: streamed, one batch per file',
    )
      .bindBucket(props.uploads, 'UPLOADS_BUCKET', 'readWrite')
      .capConcurrency(caps.fileImports);
    fileImports.asyncInvocations(0);
    // Its live data is bounded (rows held in typed arrays, one point-month of objects at a time):
    // a capped heap makes the collector keep memory flat instead of growing with the file.
    fileImports.setting('NODE_OPTIONS', '--enable-source-maps --max-old-space-size=160');
    // A long file continues in a new invocation of the same function (by its name: a grant on
    // itself would make the function depend on its own policy).
    fileImports.acknowledgeOnRole(
      'A long file continues in a new invocation of this same function, named by its prefix (a grant on itself would make it depend on its own policy)',
      `Resource::arn:<AWS::Partition>:lambda:<AWS::Region>:<AWS::AccountId>:function:${this.stackName}-FileImports*`,
    );
    fileImports.fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: [this.formatArn({ service: 'lambda', resource: 'function', resourceName: `${this.stackName}-FileImports*`, arnFormat: ArnFormat.COLON_RESOURCE_NAME })],
      }),
    );
    props.allowPush(fileImports);
    launchJobs(fileImports);
    const importFiles = (fn: AppFunction) => {
      fn.invokes(fileImports);
      fn.setting('FILE_IMPORTS_FUNCTION', fileImports.fn.functionName);
    };
    const sealSecrets = (fn: AppFunction) => {
      props.secretsKey.grantEncryptDecrypt(fn.fn);
      fn.acknowledgeOnRole(
        "CDK's encrypt/decrypt grant on the one key that seals outside servers' passwords: the GenerateDataKey and ReEncrypt families KMS needs for it",
        'Action::kms:GenerateDataKey*',
        'Action::kms:ReEncrypt*',
      );
      fn.setting('SECRETS_KEY_ID', props.secretsKey.keyArn);
    };

    // Everything EventBridge Scheduler starts (FTP retrievals, source fetches): `{ kind, id, customerId }`.
    const scheduledJobs = jobFunction(
      'ScheduledJobs',
      'jobs/scheduled.ts',
      'Scheduled work: FTP/SFTP retrievals, data source fetches, alerts, reminders and report subscriptions',
    )
      .bindBucket(props.uploads, 'UPLOADS_BUCKET', 'readWrite')
      .capConcurrency(caps.scheduledJobs);
    sendMail(scheduledJobs);
    // A schedule fires again at its next time, and a run is idempotent for its due time: no retry.
    scheduledJobs.asyncInvocations(0);
    if (props.settings.alertChunkSize) scheduledJobs.setting('ALERT_CHUNK_SIZE', String(props.settings.alertChunkSize));
    props.allowPush(scheduledJobs);
    importFiles(scheduledJobs);
    // Source fetches relaunch the calculated points that read what they wrote.
    launchJobs(scheduledJobs);
    // Weather sources ask the weather provider for their city's temperature.
    scheduledJobs.bindSecret(props.weatherKey, 'WEATHER_KEY_SECRET_ARN').setting('WEATHER_PROVIDER_URL', props.settings.weatherProviderUrl);
    const schedulerRole = new iam.Role(this, 'SchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com'),
      description: 'Lets EventBridge Scheduler start the scheduled-jobs function and the customer purge sweep',
    });
    scheduledJobs.fn.grantInvoke(schedulerRole);
    // A schedule whose target could not be invoked (after its bounded retries) leaves its event here.
    this.scheduleDeadLetters = deadLetterQueue(this, 'ScheduleDeadLetters', 'the schedules whose target could not be invoked');
    this.scheduleDeadLetters.grantSendMessages(schedulerRole);
    acknowledge(schedulerRole, "CDK's grantInvoke covers the scheduled-jobs function's versions and aliases (`<arn>:*`)", `AwsSolutions-IAM5[Resource::<${this.getLogicalId(scheduledJobs.fn.node.defaultChild as lambda.CfnFunction)}.Arn>:*]`);
    // A reminder that fired moves its own schedule to its next occurrence, keeping its target.
    scheduledJobs.acknowledgeOnRole(
      "Reminders' schedules are named by the reminder's id, made at run time: the `reminder-` prefix is as narrow as a name known at deploy",
      'Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/default/reminder-*',
    );
    scheduledJobs.fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['scheduler:GetSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule'],
        resources: [Stack.of(this).formatArn({ service: 'scheduler', resource: 'schedule', resourceName: 'default/reminder-*' })],
      }),
    );
    schedulerRole.grantPassRole(scheduledJobs.fn.grantPrincipal);
    // Fair shares (docs/architecture/fair-work.md): the schedules of alerts and subscriptions send their target to this
    // queue; the jobs function puts each in its customer's lane and starts workers that take them in turn per customer.
    // A standard queue: SQS FIFO groups would interleave customers on AWS, but the emulator's FIFO event source mapping
    // delivers one batch at a time in send order across groups, so the turns are kept in DynamoDB, the same here and there.
    const scheduledWorkDeadLetters = deadLetterQueue(this, 'ScheduledWorkDeadLetters', 'the scheduled-work queue');
    this.scheduledWorkDeadLetters = scheduledWorkDeadLetters;
    const scheduledWork = new sqs.Queue(this, 'ScheduledWork', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // At least the function's timeout, as Lambda requires of a queue it reads.
      visibilityTimeout: Duration.minutes(16),
      deadLetterQueue: { queue: scheduledWorkDeadLetters, maxReceiveCount: 5 },
    });
    scheduledWork.grantSendMessages(schedulerRole);
    // Taking a batch only writes it to the lanes: two at once (the least Lambda allows) leave the function's cap to the workers.
    scheduledJobs.fn.addEventSource(new SqsEventSource(scheduledWork, { batchSize: 10, maxConcurrency: 2 }));
    // Schedules of alerts and subscriptions made before the queue still target the function: the outbox sweep moves them
    // to the queue once (services/schedule-service `retargetQueuedSchedules`), so it lists and updates those schedules.
    scheduledJobs.setting('SCHEDULED_WORK_QUEUE_ARN', scheduledWork.queueArn);
    scheduledJobs.acknowledgeOnRole(
      "Schedules are named by their entity's id, made at run time: `alert-*` and `subscription-*` are as narrow as names known at deploy; ListSchedules has no resource narrower than the account's schedules",
      'Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/default/alert-*',
      'Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/default/subscription-*',
      'Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/*',
    );
    scheduledJobs.fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['scheduler:GetSchedule', 'scheduler:UpdateSchedule'],
        resources: ['alert-*', 'subscription-*'].map((name) => Stack.of(this).formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `default/${name}` })),
      }),
    );
    const listSchedules = (fn: AppFunction) =>
      fn.fn.addToRolePolicy(
        new iam.PolicyStatement({ actions: ['scheduler:ListSchedules'], resources: [Stack.of(this).formatArn({ service: 'scheduler', resource: 'schedule', resourceName: '*' })] }),
      );
    listSchedules(scheduledJobs);
    // The alerts' schedules are one per customer and cron (services/alert-schedule-service), the sources' fetches one per
    // customer and interval (services/source-schedule-service): a firing that finds none of its alerts or sources sets its
    // customer's schedules right (puts those needed, removes the others), so it manages the `alerts-` and `sources-` ones.
    scheduledJobs.acknowledgeOnRole(
      "The alerts' and sources' schedules are named by their customer's id and cron or fetch interval, made at run time: `alerts-*` and `sources-*` are as narrow as names known at deploy",
      'Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/default/alerts-*',
      'Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/default/sources-*',
    );
    scheduledJobs.fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule', 'scheduler:GetSchedule'],
        resources: ['alerts-*', 'sources-*'].map((name) => Stack.of(this).formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `default/${name}` })),
      }),
    );
    scheduledJobs.setting('SCHEDULER_ROLE_ARN', schedulerRole.roleArn).setting('SCHEDULES_DEAD_LETTER_ARN', this.scheduleDeadLetters.queueArn);
    // Workers are started by the function itself, by its name (a grant on itself would make it depend on its own policy).
    scheduledJobs.acknowledgeOnRole(
      'Fair-queue workers are new invocations of this same function, named by its prefix (a grant on itself would make it depend on its own policy)',
      `Resource::arn:<AWS::Partition>:lambda:<AWS::Region>:<AWS::AccountId>:function:${this.stackName}-ScheduledJobs*`,
    );
    scheduledJobs.fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: [this.formatArn({ service: 'lambda', resource: 'function', resourceName: `${this.stackName}-ScheduledJobs*`, arnFormat: ArnFormat.COLON_RESOURCE_NAME })],
      }),
    );
    // The outbox sweep: e-mails and SMS left unsent (refused, or their sender died) are tried again.
    new scheduler.CfnSchedule(this, 'OutboxSweep', {
      description: 'Sends what the outbox holds unsent (README "Outbox")',
      scheduleExpression: 'rate(5 minutes)',
      flexibleTimeWindow: { mode: 'OFF' },
      target: {
        arn: scheduledJobs.fn.functionArn,
        roleArn: schedulerRole.roleArn,
        input: JSON.stringify({ kind: 'outbox', id: 'sweep', customerId: '', correlationId: '<aws.scheduler.execution-id>' }),
        // The next sweep comes a few minutes later: no retry; an invocation that failed is left in the dead-letter queue.
        retryPolicy: { maximumRetryAttempts: 0 },
        deadLetterConfig: { arn: this.scheduleDeadLetters.queueArn },
      },
    });
    const manageSchedules = (fn: AppFunction) => {
      fn.acknowledgeOnRole(SCHEDULES_BY_ENTITY_ID, SCHEDULES_ARN_FINDING);
      // An alert's save sets its customer's schedules per cron right, listing them by their name's prefix.
      listSchedules(fn);
      fn.acknowledgeOnRole("ListSchedules has no resource narrower than the account's schedules", 'Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/*');
      fn.fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule', 'scheduler:GetSchedule'],
          resources: [Stack.of(this).formatArn({ service: 'scheduler', resource: 'schedule', resourceName: 'default/*' })],
        }),
      );
      schedulerRole.grantPassRole(fn.fn.grantPrincipal);
      fn.invokes(scheduledJobs);
      fn.setting('SCHEDULED_JOBS_FUNCTION_ARN', scheduledJobs.fn.functionArn)
        .setting('SCHEDULER_ROLE_ARN', schedulerRole.roleArn)
        .setting('SCHEDULES_DEAD_LETTER_ARN', this.scheduleDeadLetters.queueArn)
        .setting('SCHEDULED_WORK_QUEUE_ARN', scheduledWork.queueArn);
    };
    // The deploy's data migrations run in the series jobs function: they replace the per-alert schedules of older
    // versions by one per customer and cron (services/alert-schedule-service `migrateAlertSchedules`) and the per-source
    // ones by one per customer and fetch interval (services/source-schedule-service `migrateSourceSchedules`), listing them.
    // Not manageSchedules: the scheduled-jobs function names this one in its settings, so this one may not name it back
    // (a cycle); the alerts' schedules target the scheduled-work queue, the sources' ones the function the per-source
    // schedule they replace invoked.
    listSchedules(jobs);
    jobs.acknowledgeOnRole(
      "ListSchedules has no resource narrower than the account's schedules; the alerts' and sources' schedules are named by their alert or source (older versions) or by their customer and cron or interval, made at run time",
      'Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/*',
      'Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/default/alert-*',
      'Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/default/alerts-*',
      'Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/default/source-*',
      'Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/default/sources-*',
    );
    jobs.fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule', 'scheduler:GetSchedule'],
        resources: ['alert-*', 'alerts-*', 'source-*', 'sources-*'].map((name) => Stack.of(this).formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `default/${name}` })),
      }),
    );
    schedulerRole.grantPassRole(jobs.fn.grantPrincipal);
    jobs
      .setting('SCHEDULER_ROLE_ARN', schedulerRole.roleArn)
      .setting('SCHEDULES_DEAD_LETTER_ARN', this.scheduleDeadLetters.queueArn)
      .setting('SCHEDULED_WORK_QUEUE_ARN', scheduledWork.queueArn);

    // Report PDFs: Chromium opens a report's print page on the web app with a print token (made
    // here, so the function reads the signing secret) and leaves the PDF in the documents bucket
    // for the function that asked. Chromium is the Lambda build from a layer (x86 only), in the
    // emulator too, so that a machine without a Chromium prints as AWS does; an emulator given
    // `chromiumPath` drives that Chromium of the machine instead.
    const emulated = props.settings.environment === 'emulator';
    const machineChromium = emulated ? props.settings.chromiumPath : null;
    const reportPdf = new AppFunction(this, 'ReportPdf', {
      entry: 'jobs/report-pdf.ts',
      description: 'Prints reports to PDF with Chromium',
      timeout: Duration.minutes(2),
      memorySize: 2048,
      external: ['@sparticuz/chromium'],
      ...(machineChromium ? {} : { architecture: lambda.Architecture.X86_64, layers: [new ChromiumLayer(this, 'Chromium').layer] }),
    })
      .bindTable(props.entities, 'ENTITIES_TABLE', 'read')
      .bindBucket(props.documents, 'DOCUMENTS_BUCKET', 'readWrite')
      .bindSecret(props.jwtSecret, 'JWT_SECRET_ARN')
      .capConcurrency(caps.reportPdf);
    this.reportPdf = reportPdf;
    learnAppUrl(reportPdf);
    if (machineChromium) reportPdf.setting('CHROMIUM_PATH', machineChromium);
    // @sparticuz/chromium unpacks the libraries (NSS, expat) and fonts its Chromium needs beside it when
    // it knows it runs in a Node.js Lambda runtime: from AWS_EXECUTION_ENV, which Lambda sets and no one
    // else may, or from AWS_LAMBDA_JS_RUNTIME, which the emulator's function is given.
    else if (emulated) reportPdf.setting('AWS_LAMBDA_JS_RUNTIME', LAMBDA_RUNTIME.name);
    const printReports = (fn: AppFunction) => {
      fn.invokes(reportPdf);
      // The printed PDF is read once and deleted by the function that asked for it.
      fn.bindBucket(props.documents, 'DOCUMENTS_BUCKET', 'readWrite').setting('REPORT_PDF_FUNCTION', reportPdf.fn.functionName);
    };
    // Subscriptions print their report and e-mail it.
    printReports(scheduledJobs);

    // What a restart stamps: the functions of this stack and of the others named (by name prefix).
    const functionPrefixes = [this.stackName, ...(props.otherStacksWithFunctions ?? [])].map((name) => `${name}-`);
    const buildVersion = (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string }).version;
    const restartFunctions = (fn: AppFunction) => {
      fn.allowAnyResource('ListFunctions', ['lambda:ListFunctions'], "lambda:ListFunctions supports no resource-level permission (the app's own are picked by name prefix)");
      fn.acknowledgeOnRole(
        "A restart stamps every function of the app's stacks, whose names are generated at deploy: the stack-name prefix is the narrowest name known",
        ...functionPrefixes.map((prefix) => `Resource::arn:<AWS::Partition>:lambda:<AWS::Region>:<AWS::AccountId>:function:${prefix}*`),
      );
      fn.fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['lambda:GetFunctionConfiguration', 'lambda:UpdateFunctionConfiguration'],
          resources: functionPrefixes.map((prefix) =>
            this.formatArn({ service: 'lambda', resource: 'function', resourceName: `${prefix}*`, arnFormat: ArnFormat.COLON_RESOURCE_NAME }),
          ),
        }),
      );
      props.allowPush(fn);
      fn.setting('APP_FUNCTION_PREFIXES', functionPrefixes.join(',')).setting('VENDOR_SERVICE_URL', props.settings.vendorServiceUrl);
    };
    // Installs a release (here: records it and restarts; on AWS it would start the deployment pipeline).
    const applicationUpdate = new AppFunction(this, 'ApplicationUpdate', {
      entry: 'jobs/application-update.ts',
      description: "Restarts every function of the app; for an update, installs the vendor release first",
      timeout: Duration.minutes(5),
    })
      .bindTable(props.entities, 'ENTITIES_TABLE', 'readUpdate')
      .capConcurrency(caps.applicationUpdate);
    applicationUpdate.asyncInvocations(0);
    restartFunctions(applicationUpdate);
    // A customer's deletion: its series, schedules, S3 objects, connections and items, a batch per run
    // (Lambda's two retries resume a failed run from its checkpoint).
    const customerDeletion = jobFunction('CustomerDeletion', 'jobs/customer-deletion.ts', "Removes a deleted customer's data")
      .bindBucket(props.uploads, 'UPLOADS_BUCKET', 'readWrite')
      .bindBucket(props.documents, 'DOCUMENTS_BUCKET', 'readWrite')
      .capConcurrency(caps.customerDeletion);
    if (props.settings.customerDeletionBatch) customerDeletion.setting('CUSTOMER_DELETION_BATCH', String(props.settings.customerDeletionBatch));
    // Each run starts the next one (by its name: a grant on itself would make the function depend on its own policy).
    customerDeletion.fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: [this.formatArn({ service: 'lambda', resource: 'function', resourceName: `${this.stackName}-CustomerDeletion*`, arnFormat: ArnFormat.COLON_RESOURCE_NAME })],
      }),
    );
    customerDeletion.acknowledgeOnRole(
      'A deletion run invokes its own function for the next run; its physical name is known only after deployment, so the ARN is matched by the stack-made name prefix',
      `Resource::arn:<AWS::Partition>:lambda:<AWS::Region>:<AWS::AccountId>:function:${this.stackName}-CustomerDeletion*`,
    );
    customerDeletion.asyncInvocations(2);
    customerDeletion.acknowledgeOnRole(SCHEDULES_BY_ENTITY_ID, SCHEDULES_ARN_FINDING);
    // The alerts' schedules are the customer's per cron, found by their name's prefix.
    listSchedules(customerDeletion);
    customerDeletion.acknowledgeOnRole(
      'ListSchedules has no resource narrower than the account\'s schedules',
      'Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/*',
    );
    customerDeletion.fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['scheduler:DeleteSchedule'],
        resources: [Stack.of(this).formatArn({ service: 'scheduler', resource: 'schedule', resourceName: 'default/*' })],
      }),
    );
    props.allowPush(customerDeletion);
    // The purge sweep: deleted customers whose restore window is over (issue 42) are purged within the hour after it,
    // and a purge whose runs died is taken up again from its checkpoint.
    customerDeletion.fn.grantInvoke(schedulerRole);
    acknowledge(
      schedulerRole,
      "CDK's grantInvoke covers the customer-deletion function's versions and aliases (`<arn>:*`)",
      `AwsSolutions-IAM5[Resource::<${this.getLogicalId(customerDeletion.fn.node.defaultChild as lambda.CfnFunction)}.Arn>:*]`,
    );
    new scheduler.CfnSchedule(this, 'CustomerPurgeSweep', {
      description: 'Purges the deleted customers whose restore window is over',
      scheduleExpression: 'rate(1 hour)',
      flexibleTimeWindow: { mode: 'OFF' },
      target: {
        arn: customerDeletion.fn.functionArn,
        roleArn: schedulerRole.roleArn,
        input: JSON.stringify({ kind: 'customer_purge_sweep', correlationId: '<aws.scheduler.execution-id>' }),
        // The next sweep comes within the hour: no retry; an invocation that failed is left in the dead-letter queue.
        retryPolicy: { maximumRetryAttempts: 0 },
        deadLetterConfig: { arn: this.scheduleDeadLetters.queueArn },
      },
    });
    // Database dumps: one job per dump, its file streamed into the documents bucket (never retried: a failed dump says so).
    const databaseDump = new AppFunction(this, 'DatabaseDump', {
      entry: 'jobs/database-dump.ts',
      description: "Writes a database dump (a customer's data, or all) to the documents bucket",
      timeout: Duration.minutes(15),
      memorySize: 1024,
    })
      .bindTable(props.entities, 'ENTITIES_TABLE', 'readUpdate')
      .bindTable(props.series, 'SERIES_TABLE', 'read')
      .bindBucket(props.documents, 'DOCUMENTS_BUCKET', 'readWrite')
      .capConcurrency(caps.databaseDump);
    databaseDump.asyncInvocations(0);
    props.allowPush(databaseDump);
    // A deletion only marks the customer (its purge is the sweep's, after the restore window): nothing to invoke.
    const administerCustomers = (fn: AppFunction) => {
      if (props.settings.licensePublicKey) fn.setting('LICENSE_PUBLIC_KEY', props.settings.licensePublicKey);
    };

    const functions = Object.fromEntries(
      ENDPOINT_GROUPS.map((group) => {
        const access = GROUP_ACCESS[group];
        const name = `${group[0].toUpperCase()}${group.slice(1)}Endpoints`;
        const fn = new AppFunction(this, name, {
          entry: `handlers/${group}.ts`,
          description: `REST endpoints: ${group}`,
          memorySize: MEASURED_MEMORY_MB[name],
          // A restart or an update is started, and a report prints, within the API's 29 seconds.
          ...(access.operatesApplication || access.printsReports ? { timeout: Duration.seconds(29) } : {}),
        }).bindTable(props.entities, 'ENTITIES_TABLE', access.entities);
        // Every group counts its signed-in requests against the caller's API rate limit (the one HTTP stack):
        // a group that only reads may still update the rate windows' items (functions/src/data/keys.ts), and no other.
        if (props.settings.apiRateLimits) fn.setting('API_RATE_LIMITS', props.settings.apiRateLimits);
        // What the unpaged call of a paged list may answer, when the deployment lowers it (functions/src/middleware/http-handler.ts).
        if (props.settings.unpagedListLimitBytes) fn.setting('UNPAGED_LIST_LIMIT_BYTES', String(props.settings.unpagedListLimitBytes));
        if (access.entities === 'read') {
          fn.fn.addToRolePolicy(
            new iam.PolicyStatement({
              actions: ['dynamodb:UpdateItem'],
              resources: [props.entities.tableArn],
              conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['THROTTLE#api#*'] } },
            }),
          );
        }
        if (access.jwt) fn.bindSecret(props.jwtSecret, 'JWT_SECRET_ARN');
        if (access.series) fn.bindTable(props.series, 'SERIES_TABLE', access.series);
        if (access.launchesJobs) launchJobs(fn);
        if (access.documents) fn.bindBucket(props.documents, 'DOCUMENTS_BUCKET', access.documents);
        if (access.uploads) fn.bindBucket(props.uploads, 'UPLOADS_BUCKET', access.uploads);
        if (access.importsFiles) importFiles(fn);
        if (access.schedules) manageSchedules(fn);
        if (access.secrets) sealSecrets(fn);
        if (access.sendsMail) sendMail(fn);
        if (access.connectsOut) connectOut(fn);
        if (access.throttlesAccounts) {
          fn.bindSecret(props.originSecret, 'ORIGIN_SECRET_ARN');
          if (props.settings.abuseLimits) fn.setting('ABUSE_LIMITS', props.settings.abuseLimits);
        }
        if (access.operatesApplication) {
          restartFunctions(fn);
          fn.invokes(applicationUpdate).invokes(databaseDump);
          fn.setting('DATABASE_DUMP_FUNCTION', databaseDump.fn.functionName);
          fn.setting('APPLICATION_UPDATE_FUNCTION', applicationUpdate.fn.functionName)
            .setting('APP_VERSION', buildVersion)
            .setting('APP_COMMIT', props.settings.buildCommit)
            .setting('APP_BUILT_AT', props.settings.builtAt)
            .setting('APP_STAGE', props.settings.stage)
            .setting('APP_ENVIRONMENT', props.settings.environment);
          // The vendor's signed answers that browsers relay (the spy call) are checked against its public key.
          if (props.settings.licensePublicKey) fn.setting('LICENSE_PUBLIC_KEY', props.settings.licensePublicKey);
        }
        if (access.administersCustomers) administerCustomers(fn);
        if (access.pushes) props.allowPush(fn);
        if (access.printsReports) printReports(fn);
        if (access.weatherProvider) {
          fn.bindSecret(props.weatherKey, 'WEATHER_KEY_SECRET_ARN').setting('WEATHER_PROVIDER_URL', props.settings.weatherProviderUrl);
        }
        if (access.geocodingProvider) fn.setting('GEOCODING_PROVIDER_URL', props.settings.geocodingProviderUrl);
        return [group, fn.fn];
      }),
    ) as Record<EndpointGroup, AppFunction['fn']>;

    const routes = new RestRoutes(this, 'Routes', {
      api: this.api,
      routes: props.routes ?? ROUTES,
      functions,
      authorizer,
    });
    this.routeStacks = [...routes.stacks.values()];

    const rollups = new AppFunction(this, 'SeriesRollups', {
      entry: 'handlers/series-stream.ts',
      description: 'Recomputes the hour, day and month rollups touched by raw series writes',
      timeout: Duration.minutes(2),
      memorySize: 1024,
    })
      .bindTable(props.series, 'SERIES_TABLE', 'readWrite')
      .bindTable(props.entities, 'ENTITIES_TABLE', 'read');
    launchJobs(rollups);
    props.allowPush(rollups);
    // The one `*` of this role (the nag test checks that no other statement has one).
    rollups.acknowledgeOnRole("dynamodb:ListStreams, which CDK's DynamoDB event source grants, supports no resource-level permission", 'Resource::*');
    rollups.fn.addEventSource(
      new DynamoEventSource(props.series, {
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: 1000,
        maxBatchingWindow: Duration.seconds(1),
        retryAttempts: 10,
        bisectBatchOnError: true,
        // Only what needs rolling up reaches the function: single raw writes and raw deletions.
        // Rollup packs and bulk raw writes (which carry their rollups) never invoke it.
        filters: [
          lambda.FilterCriteria.filter({
            eventName: lambda.FilterRule.or('INSERT', 'MODIFY'),
            dynamodb: { Keys: { PK: { S: lambda.FilterRule.beginsWith('S#') } }, NewImage: { b: { N: lambda.FilterRule.isEqual('0') } } },
          }),
          lambda.FilterCriteria.filter({
            eventName: lambda.FilterRule.isEqual('REMOVE'),
            dynamodb: { Keys: { PK: { S: lambda.FilterRule.beginsWith('S#') } } },
          }),
        ],
      }),
    );

    // The deployment's first root administrator (the `rootEmail` setting): started by the first-root stack's custom
    // resource, or invoked with `{ email }`. It makes one root at most, whatever the runs (docs/operations/first-deploy.md).
    this.firstRoot = new AppFunction(this, 'FirstRoot', {
      entry: 'jobs/first-root.ts',
      description: 'Makes the first root administrator when none exists, and e-mails its set-password link',
      timeout: Duration.minutes(1),
    }).bindTable(props.entities, 'ENTITIES_TABLE', 'readWrite');
    sendMail(this.firstRoot);
    new CfnOutput(this, 'FirstRootFunctionName', { value: this.firstRoot.fn.functionName });

    if (props.settings.demo) {
      this.seedFunction = jobFunction('SeedDemo', 'jobs/seed-demo.ts', 'Writes the demo data set (deployed only with the demo context)');
      props.allowPush(this.seedFunction);
      this.seedFunction.bindBucket(props.documents, 'DOCUMENTS_BUCKET', 'readWrite');
      // The demo subscription comes with its schedule.
      manageSchedules(this.seedFunction);
      new CfnOutput(this, 'SeedFunctionName', { value: this.seedFunction.fn.functionName });
    }

    new CfnOutput(this, 'ScheduledJobsFunctionName', { value: scheduledJobs.fn.functionName });
    // Asked `{ probe: true }`, it launches Chromium once and says which: `npm start` says whether printing is ready.
    new CfnOutput(this, 'ReportPdfFunctionName', { value: this.reportPdf.fn.functionName });
    new CfnOutput(this, 'ApplicationUpdateFunctionName', { value: applicationUpdate.fn.functionName });
    new CfnOutput(this, 'FileImportsFunctionName', { value: fileImports.fn.functionName });
    // The deploy runs the rollup packs' migration in it (infra/deploy/rollup-migration.ts); the search
    // index's backfill is invoked in it on demand with `{ kind: 'point_index_backfill' }` (npm run backfill:points).
    new CfnOutput(this, 'SeriesJobsFunctionName', { value: jobs.fn.functionName });
    new CfnOutput(this, 'CustomerDeletionFunctionName', { value: customerDeletion.fn.functionName });
    new CfnOutput(this, 'RestApiId', { value: this.api.restApiId });
    new CfnOutput(this, 'RestApiStage', { value: props.settings.stage });
  }
}
