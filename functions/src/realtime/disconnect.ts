import type { APIGatewayProxyResult, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { deleteConnection } from '../data/connection-repository';
import { logger } from '../logger';

export const handler = async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResult> => {
  await deleteConnection(event.requestContext.connectionId);
  logger.info('socket disconnected', { connectionId: event.requestContext.connectionId });
  return { statusCode: 200, body: 'disconnected' };
};
