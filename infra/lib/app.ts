import { App, Stack } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import { LambdaDestination } from 'aws-cdk-lib/aws-logs-destinations';
import { AppFunction } from './constructs/app-function';
import { paceDeployment } from './deploy-pace';
import type { RouteDefinition } from '../../shared/src/api/routes';
import { ApiStack } from './stacks/api-stack';
import { DataStack } from './stacks/data-stack';
import { FirstRootStack } from './stacks/first-root-stack';
import { EdgeFirewallStack } from './stacks/edge-firewall-stack';
import { OperationsStack } from './stacks/operations-stack';
import { RealtimeStack } from './stacks/realtime-stack';
import { WebStack } from './stacks/web-stack';
import { readSettings } from './settings';

export interface AppOptions {
  /** The REST routes; the shared route table unless a test passes another. */
  routes?: readonly RouteDefinition[];
}

/** Builds the whole app; also used by the CDK unit tests. */
export const buildApp = (app: App = new App(), options: AppOptions = {}) => {
  const settings = readSettings(app.node);
  const data = new DataStack(app, 'WattWiseData');
  const realtime = new RealtimeStack(app, 'WattWiseRealtime', {
    settings,
    connections: data.connections,
    entities: data.entities,
    jwtSecret: data.jwtSecret,
  });
  const api = new ApiStack(app, 'WattWiseApi', {
    settings,
    entities: data.entities,
    series: data.series,
    jwtSecret: data.jwtSecret,
    weatherKey: data.weatherKey,
    originSecret: data.originSecret,
    documents: data.documents,
    uploads: data.uploads,
    secretsKey: data.secretsKey,
    allowPush: (fn) => realtime.allowPush(fn),
    routes: options.routes,
    otherStacksWithFunctions: [realtime.stackName],
  });
  // The REST stage logs with the account's API Gateway role, which the realtime stack sets.
  api.addStackDependency(realtime);
  // Live logs: every function's log group delivers to the forwarder — but its own, which would
  // feed its lines back into itself.
  const destination = new LambdaDestination(realtime.logForwarder.fn);
  const functions = app.node.findAll().filter((node): node is AppFunction => node instanceof AppFunction);
  for (const appFunction of functions) {
    // The dimension of the product's own metrics (embedded metric format in the logs): one dashboard per environment.
    appFunction.setting('METRICS_STAGE', settings.stage);
    // One `usage` line for this share of invocations (functions/src/usage/meter.ts); none at 0.
    if (settings.usageSampleRate > 0) appFunction.setting('USAGE_SAMPLE_RATE', String(settings.usageSampleRate));
    // How long an instance trusts a customer's and a user's access facts (functions/src/services/access-service.ts).
    if (settings.accessFactsTtlMs) appFunction.setting('ACCESS_FACTS_TTL_MS', String(settings.accessFactsTtlMs));
    // How long an FTP/SFTP file must stay the same before a retrieval takes it (functions/src/services/remote-file-selection.ts).
    if (settings.remoteFileSettleMs) appFunction.setting('REMOTE_FILE_SETTLE_MS', String(settings.remoteFileSettleMs));
    if (appFunction === realtime.logForwarder) continue;
    appFunction.logGroup.addSubscriptionFilter('LiveLogs', { destination, filterPattern: logs.FilterPattern.allEvents() });
  }
  // CloudFront's web ACL lives in us-east-1 whatever the app's region: a stack of its own there.
  const firewall = settings.edgeFirewall ? new EdgeFirewallStack(app, 'WattWiseEdgeFirewall', { settings }) : undefined;
  const web = new WebStack(app, 'WattWiseWeb', {
    settings,
    restApi: api.api,
    socketApi: realtime.api,
    originSecret: data.originSecret,
    firewall,
  });
  const operations = new OperationsStack(app, 'WattWiseOperations', {
    settings,
    functions,
    restApi: api.api,
    tables: { Entities: data.entities, Series: data.series, Connections: data.connections },
    deadLetters: {
      ...Object.fromEntries(functions.filter((fn) => fn.deadLetters).map((fn) => [fn.node.id, fn.deadLetters!])),
      Schedules: api.scheduleDeadLetters,
      ScheduledWork: api.scheduledWorkDeadLetters,
    },
    reportPdf: api.reportPdf,
  });
  // After the web stack: the e-mailed link carries the site's address.
  const firstRoot = settings.rootEmail
    ? new FirstRootStack(app, 'WattWiseFirstRoot', { email: settings.rootEmail, language: settings.rootLanguage, provisioner: api.firstRoot.fn })
    : undefined;
  firstRoot?.addStackDependency(web);
  // Last, once every stack holds all it will: the groups that fan out are created a few at a time (docs/operations/aws-limits.md).
  for (const stack of app.node.findAll().filter((node): node is Stack => Stack.isStack(node))) paceDeployment(stack);
  return { app, data, realtime, api, web, operations, firstRoot, firewall };
};
