import type { APIGatewayProxyResult, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { logger } from '../logger';
import { announceConnectedUsers } from '../services/connected-users-service';
import { closeConnection } from '../services/presence-service';

export const handler = async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResult> => {
  const customerId = await closeConnection(event.requestContext.connectionId);
  logger.info('socket disconnected', { connectionId: event.requestContext.connectionId });
  await announceConnectedUsers(customerId);
  return { statusCode: 200, body: 'disconnected' };
};
