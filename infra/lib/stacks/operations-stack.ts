import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { AppFunction } from '../constructs/app-function';
import type { DeploymentSettings } from '../settings';

/** The namespace of the product's own metrics, written by the functions as embedded metric format (functions/src/logger.ts). */
export const PRODUCT_METRICS_NAMESPACE = 'WattWise';

export interface OperationsStackProps extends StackProps {
  settings: DeploymentSettings;
  /** Every function of the app, by its short name (`UsersEndpoints`, `ScheduledJobs`…). */
  functions: AppFunction[];
  restApi: apigateway.RestApi;
  tables: Record<string, dynamodb.ITable>;
  /** Dead-letter queues by what they hold. */
  deadLetters: Record<string, sqs.IQueue>;
  /** The report PDF function: its duration is watched against its timeout. */
  reportPdf: AppFunction;
}

const FIVE_MINUTES = Duration.minutes(5);

/**
 * What operators watch: alarms to one SNS topic (e-mailed to the `operationsEmail` context
 * address) and one dashboard per environment (`WattWise-<stage>`). Alarms use plain metrics (no
 * metric math), each a fact that needs a person: any function error or throttle, the API's 5xx
 * rate and p99 latency, DynamoDB throttling, anything in a dead-letter queue, schedules whose
 * target failed, the PDF function near its timeout, SES bounce and complaint rates.
 */
export class OperationsStack extends Stack {
  readonly topic: sns.Topic;
  readonly dashboard: cloudwatch.Dashboard;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: OperationsStackProps) {
    super(scope, id, props);
    // Encrypted at rest with a key CloudWatch may use to publish alarms.
    const key = new kms.Key(this, 'AlarmsKey', { description: 'Encrypts the operations alarms topic', enableKeyRotation: true });
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
    );
    this.topic = new sns.Topic(this, 'Alarms', {
      displayName: `WattWise ${props.settings.stage} operations`,
      masterKey: key,
      enforceSSL: true,
    });
    if (props.settings.operationsEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.settings.operationsEmail));
    const action = new actions.SnsAction(this.topic);

    // Alarms take their metric without a label: CDK renders a labelled metric as metric math, which
    // the emulator's CloudFormation refuses; the dashboard's graphs get the labels.
    const alarm = (id: string, description: string, metric: cloudwatch.Metric, threshold: number, options: Partial<cloudwatch.CreateAlarmOptions> = {}) => {
      const created = new cloudwatch.Alarm(this, id, {
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        alarmDescription: description,
        ...options,
      });
      created.addAlarmAction(action);
      created.addOkAction(action);
      this.alarms.push(created);
      return created;
    };

    // Functions: any error or throttle in five minutes.
    const errorGraphs: cloudwatch.IMetric[] = [];
    const throttleGraphs: cloudwatch.IMetric[] = [];
    for (const fn of props.functions) {
      const name = fn.node.id;
      const errors = fn.fn.metricErrors({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM });
      const throttles = fn.fn.metricThrottles({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM });
      alarm(`${name}Errors`, `${name}: a function error (an exception, a timeout) in 5 minutes; read its log group`, errors, 1);
      alarm(`${name}Throttles`, `${name}: throttled invocations in 5 minutes (account or reserved concurrency reached)`, throttles, 1);
      errorGraphs.push(errors.with({ label: name }));
      throttleGraphs.push(throttles.with({ label: name }));
    }

    // REST API: 5xx rate (the metric's average is the share of requests) and p99 latency.
    const serverErrors = props.restApi.metricServerError({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.AVERAGE });
    const latency = props.restApi.metricLatency({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.p(99) });
    alarm('ApiServerErrorRate', 'REST API: more than 5% of requests answered 5xx over 5 minutes', serverErrors, 0.05, {
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
    alarm('ApiLatencyP99', 'REST API: p99 latency above 5 s for 15 minutes', latency, 5000, {
      evaluationPeriods: 3,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });

    // DynamoDB: throttled reads and writes per table (on-demand tables throttle past their partitions' limits).
    const tableGraphs: cloudwatch.IMetric[] = [];
    for (const [name, table] of Object.entries(props.tables)) {
      for (const kind of ['Read', 'Write'] as const) {
        const metric = new cloudwatch.Metric({
          namespace: 'AWS/DynamoDB',
          metricName: `${kind}ThrottleEvents`,
          dimensionsMap: { TableName: table.tableName },
          period: FIVE_MINUTES,
          statistic: cloudwatch.Stats.SUM,
        });
        alarm(`${name}${kind}Throttles`, `DynamoDB ${name} table: throttled ${kind.toLowerCase()} requests in 5 minutes`, metric, 1);
        tableGraphs.push(metric.with({ label: `${name} ${kind.toLowerCase()}s` }));
      }
    }

    // Dead-letter queues: anything in one is an event nothing handled.
    const queueGraphs: cloudwatch.IMetric[] = [];
    for (const [name, queue] of Object.entries(props.deadLetters)) {
      const depth = queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.MAXIMUM });
      alarm(`${name}DeadLetters`, `Dead-letter queue of ${name}: events that failed after their retries; read, fix, replay`, depth, 1);
      queueGraphs.push(depth.with({ label: name }));
    }

    // EventBridge Scheduler (account level, as AWS/Scheduler publishes them): targets that failed, events dropped.
    const scheduler = (metricName: string) => new cloudwatch.Metric({ namespace: 'AWS/Scheduler', metricName, period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM });
    const targetErrors = scheduler('TargetErrorCount');
    const dropped = scheduler('InvocationDroppedCount');
    alarm('ScheduleTargetErrors', 'EventBridge Scheduler: a schedule could not invoke its target (the scheduled-jobs function)', targetErrors, 1);
    alarm('ScheduleInvocationsDropped', 'EventBridge Scheduler: a schedule invocation was dropped after its retries', dropped, 1);

    // The PDF function near its timeout: prints slow down before they fail.
    const pdfDuration = props.reportPdf.fn.metricDuration({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.MAXIMUM });
    const pdfLimit = props.reportPdf.timeout.toMilliseconds() * 0.8;
    alarm('ReportPdfNearTimeout', `ReportPdf: an invocation took more than 80% of its ${props.reportPdf.timeout.toSeconds()} s timeout`, pdfDuration, pdfLimit, {
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });

    // SES reputation (account level): AWS reviews an account past 10% bounces or 0.5% complaints; warn well before.
    const ses = (metricName: string) => new cloudwatch.Metric({ namespace: 'AWS/SES', metricName, period: Duration.hours(1), statistic: cloudwatch.Stats.MAXIMUM });
    const bounceRate = ses('Reputation.BounceRate');
    const complaintRate = ses('Reputation.ComplaintRate');
    alarm('SesBounceRate', 'SES: bounce rate at 5% or more (AWS reviews the account at 10%)', bounceRate, 0.05);
    alarm('SesComplaintRate', 'SES: complaint rate at 0.1% or more (AWS reviews the account at 0.5%)', complaintRate, 0.001);

    // The product's own figures, from the embedded metric format lines of the functions' logs.
    const product = (metricName: string, label: string) =>
      new cloudwatch.Metric({
        namespace: PRODUCT_METRICS_NAMESPACE,
        metricName,
        dimensionsMap: { Stage: props.settings.stage },
        period: FIVE_MINUTES,
        statistic: cloudwatch.Stats.SUM,
        label,
      });
    const importedRows = product('ImportedRows', 'rows imported');
    const rowsPerSecond = new cloudwatch.MathExpression({ expression: 'rows / PERIOD(rows)', usingMetrics: { rows: importedRows }, label: 'imports rows/s', period: FIVE_MINUTES });

    const width = 12;
    const graph = (title: string, left: cloudwatch.IMetric[], extra: Partial<cloudwatch.GraphWidgetProps> = {}) =>
      new cloudwatch.GraphWidget({ title, left, width, height: 6, ...extra });
    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `WattWise-${props.settings.stage}`,
      defaultInterval: Duration.hours(6),
    });
    this.dashboard.addWidgets(
      new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 4 }),
      graph('Imports: rows per second', [rowsPerSecond]),
      graph('Alerts evaluated, e-mails sent', [product('AlertsEvaluated', 'alerts evaluated'), product('EmailsSent', 'e-mails sent')]),
      graph('REST API: 5xx rate', [serverErrors.with({ label: '5xx rate' })], { leftYAxis: { min: 0, max: 1 } }),
      graph('REST API: latency p99 (ms)', [latency.with({ label: 'latency p99' })]),
      graph('Function errors', errorGraphs, { stacked: true }),
      graph('Function throttles', throttleGraphs, { stacked: true }),
      graph('DynamoDB throttled requests', tableGraphs),
      graph('Dead-letter queues (messages)', queueGraphs),
      graph('Schedules: target errors, dropped', [targetErrors.with({ label: 'target errors' }), dropped.with({ label: 'dropped' })]),
      graph('ReportPdf: max duration (ms)', [pdfDuration.with({ label: 'ReportPdf max duration' })], {
        leftAnnotations: [{ value: props.reportPdf.timeout.toMilliseconds(), label: 'timeout' }],
      }),
      graph('SES: bounce and complaint rates', [bounceRate.with({ label: 'bounce rate' }), complaintRate.with({ label: 'complaint rate' })]),
    );
  }
}
