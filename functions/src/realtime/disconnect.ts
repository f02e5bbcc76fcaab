import type { APIGatewayProxyResult, APIGatewayProxyWebsocketEventV2, Context } from 'aws-lambda';
import { logger, correlated } from '../logger';
import { announceConnectedUsers } from '../services/connected-users-service';
import { closeConnection } from '../services/presence-service';

export const handler = correlated(
  (event: APIGatewayProxyWebsocketEventV2) => event.requestContext?.requestId,
  async (event: APIGatewayProxyWebsocketEventV2, _context: Context | undefined): Promise<APIGatewayProxyResult> => {
    const customerId = await closeConnection(event.requestContext.connectionId);
    logger.info('socket disconnected', { connectionId: event.requestContext.connectionId });
    await announceConnectedUsers(customerId);
    return { statusCode: 200, body: 'disconnected' };
  },
);
