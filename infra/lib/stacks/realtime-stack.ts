import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { AppFunction } from '../constructs/app-function';
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
    this.stage = new apigwv2.WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: props.settings.stage,
      autoDeploy: true,
    });

    this.managementEndpoint =
      props.settings.environment === 'emulator'
        ? `${props.settings.emulatorEndpoint}/_aws/execute-api/${this.api.apiId}/${this.stage.stageName}`
        : this.stage.callbackUrl;
    // Connect and disconnect push the connected users list to the browsers showing it.
    for (const fn of [connect, disconnect, messages]) {
      fn.setting('WS_MANAGEMENT_ENDPOINT', this.managementEndpoint);
      this.api.grantManageConnections(fn.fn);
    }

    this.logForwarder = new AppFunction(this, 'LogForwarder', {
      entry: 'handlers/log-forwarder.ts',
      description: 'Pushes function log lines to the browsers showing the live logs',
    });
    this.allowPush(this.logForwarder);

    new CfnOutput(this, 'SocketApiId', { value: this.api.apiId });
    new CfnOutput(this, 'SocketStage', { value: this.stage.stageName });
  }

  /** Lets another function push to browsers: it finds connections and drops gone ones. */
  allowPush(fn: AppFunction): void {
    fn.bindTable(this.connections, 'CONNECTIONS_TABLE', 'readWrite');
    this.api.grantManageConnections(fn.fn);
    fn.setting('WS_MANAGEMENT_ENDPOINT', this.managementEndpoint);
  }
}
