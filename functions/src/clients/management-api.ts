import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { requireSetting } from '../config';
import { meterCalls } from '../usage/client-meter';

let client: ApiGatewayManagementApiClient | undefined;

/**
 * The endpoint is configured explicitly (the stage callback URL on AWS, the emulator's
 * execute-api URL here), never derived from the request context.
 */
export const managementApi = (): ApiGatewayManagementApiClient => {
  client ??= meterCalls(new ApiGatewayManagementApiClient({ endpoint: requireSetting('WS_MANAGEMENT_ENDPOINT') }), 'apigateway');
  return client;
};
