import { type CfnResource, CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { AppFunction } from '../constructs/app-function';
import { acknowledge, nagRefOf } from '../nag';
import type { DeploymentSettings } from '../settings';

export interface RealtimeStackProps extends StackProps {
  settings: DeploymentSettings;
  connections: dynamodb.ITable;
  /** Read by the socket functions: users and permission maps, for the connected users list. */
  entities: dynamodb.ITable;
  jwtSecret: secretsmanager.ISecret;
}

/** The WebSocket API: connect (token checked), disconnect, and browser messages. */
export class RealtimeStack extends Stack {
  readonly api: apigwv2.WebSocketApi;
  readonly stage: apigwv2.WebSocketStage;
  /** What functions pass to the management API client to push to browsers. */
  readonly managementEndpoint: string;
  /** Every function's log subscription delivers to it; it pushes lines to the live logs screen. */
  readonly logForwarder: AppFunction;
  /** The account's API Gateway logging role setting: stages that log depend on it (none when the account's own is kept). */
  readonly apiGatewayAccount?: apigateway.CfnAccount;
  private readonly connections: dynamodb.ITable;

  constructor(scope: Construct, id: string, props: RealtimeStackProps) {
    super(scope, id, props);
    this.connections = props.connections;
    const socketFunction = (name: string, entry: string, description: string) =>
      new AppFunction(this, name, { entry, description })
        .bindTable(props.connections, 'CONNECTIONS_TABLE', 'readWrite')
        .bindTable(props.entities, 'ENTITIES_TABLE', 'read')
        .bindSecret(props.jwtSecret, 'JWT_SECRET_ARN');

    const connect = socketFunction('Connect', 'realtime/connect.ts', 'WebSocket $connect');
    const disconnect = socketFunction('Disconnect', 'realtime/disconnect.ts', 'WebSocket $disconnect');
    const messages = socketFunction('Messages', 'realtime/default.ts', 'WebSocket messages');

    this.api = new apigwv2.WebSocketApi(this, 'Socket', {
      routeSelectionExpression: '$request.body.action',
      connectRouteOptions: { integration: new WebSocketLambdaIntegration('ConnectIntegration', connect.fn) },
      disconnectRouteOptions: { integration: new WebSocketLambdaIntegration('DisconnectIntegration', disconnect.fn) },
      defaultRouteOptions: { integration: new WebSocketLambdaIntegration('DefaultIntegration', messages.fn) },
    });
    acknowledge(
      this.api.node.findChild('$connect-Route'),
      'Browsers cannot send headers on a WebSocket: $connect checks the session token of `?token=` itself and refuses the connection (401) without a valid one',
      'AwsSolutions-APIG4',
    );
    for (const route of ['$default-Route', '$disconnect-Route']) {
      acknowledge(this.api.node.findChild(route), 'Runs only on a connection that $connect accepted with a valid session token', 'AwsSolutions-APIG4');
    }

    // API Gateway writes execution and access logs with the account's CloudWatch role: set here, the
    // first stack with an API, for this WebSocket API and the REST API alike — unless the account's
    // own setting is kept (`apiGatewayAccount=existing`: another stage or stack of the account owns it).
    if (props.settings.apiGatewayAccount === 'create') this.apiGatewayAccount = this.setApiGatewayAccount();

    const accessLogs = new logs.LogGroup(this, 'SocketAccessLogs', { retention: logs.RetentionDays.ONE_MONTH });
    this.stage = new apigwv2.WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: props.settings.stage,
      autoDeploy: true,
      accessLogSettings: { destination: new apigwv2.LogGroupLogDestination(accessLogs) },
    });
    if (this.apiGatewayAccount) this.stage.node.addDependency(this.apiGatewayAccount);

    this.managementEndpoint =
      props.settings.environment === 'emulator'
        ? `${props.settings.emulatorEndpoint}/_aws/execute-api/${this.api.apiId}/${this.stage.stageName}`
        : this.stage.callbackUrl;
    // Connect and disconnect push the connected users list to the browsers showing it.
    for (const fn of [connect, disconnect, messages]) {
      fn.setting('WS_MANAGEMENT_ENDPOINT', this.managementEndpoint);
      this.api.grantManageConnections(fn.fn);
      this.acknowledgeConnections(fn);
    }

    this.logForwarder = new AppFunction(this, 'LogForwarder', {
      entry: 'handlers/log-forwarder.ts',
      description: 'Pushes function log lines to the browsers showing the live logs',
    }).capConcurrency(props.settings.reservedConcurrency.logForwarder);
    this.allowPush(this.logForwarder);
    // The account setting is checked by API Gateway against the role (it assumes it): a role just made
    // is not yet usable everywhere, so the setting waits for the role and then for this stack's functions,
    // whose creation (Lambda assuming their own new roles) takes longer than IAM needs to settle.
    if (this.apiGatewayAccount) {
      for (const fn of [connect, disconnect, messages, this.logForwarder]) {
        this.apiGatewayAccount.addResourceDependency(fn.fn.node.defaultChild as CfnResource);
      }
    }

    new CfnOutput(this, 'SocketApiId', { value: this.api.apiId });
    new CfnOutput(this, 'SocketStage', { value: this.stage.stageName });
  }

  /** API Gateway's account-wide CloudWatch role setting, with its role: made once, kept if the stack goes. */
  private setApiGatewayAccount(): apigateway.CfnAccount {
    const apiLogsRole = new iam.Role(this, 'ApiGatewayLogsRole', {
      assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      description: "API Gateway's account-level role for writing the APIs' execution and access logs",
      managedPolicies: [iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs')],
    });
    acknowledge(
      apiLogsRole,
      "AWS's managed policy for API Gateway's log delivery, the exact permissions the service documents for it",
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
    );
    const account = new apigateway.CfnAccount(this, 'ApiGatewayAccount', { cloudWatchRoleArn: apiLogsRole.roleArn });
    // The setting belongs to the account: it stays if the stack goes (and so does its role, which it names).
    account.applyRemovalPolicy(RemovalPolicy.RETAIN);
    apiLogsRole.applyRemovalPolicy(RemovalPolicy.RETAIN);
    return account;
  }

  /** Lets another function push to browsers: it finds connections and drops gone ones. */
  allowPush(fn: AppFunction): void {
    fn.bindTable(this.connections, 'CONNECTIONS_TABLE', 'readWrite');
    this.api.grantManageConnections(fn.fn);
    fn.setting('WS_MANAGEMENT_ENDPOINT', this.managementEndpoint);
    this.acknowledgeConnections(fn);
  }

  /** PostToConnection and DeleteConnection name a connection id known only at run time; CDK's grant is on this API's connections. */
  private acknowledgeConnections(fn: AppFunction): void {
    fn.acknowledgeOnRole(
      "CDK's grantManageConnections: this WebSocket API's connections, whose ids exist only at run time",
      `Resource::arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:${nagRefOf(this.api)}/*/*/@connections/*`,
    );
  }
}
