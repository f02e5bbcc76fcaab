import type { APIGatewayProxyResult, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { logger } from '../logger';
import { closeConnection } from '../services/presence-service';

export const handler = async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResult> => {
  await closeConnection(event.requestContext.connectionId);
  logger.info('socket disconnected', { connectionId: event.requestContext.connectionId });
  return { statusCode: 200, body: 'disconnected' };
};
