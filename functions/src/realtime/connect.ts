import type { APIGatewayProxyResult, APIGatewayProxyWebsocketEventV2, Context } from 'aws-lambda';
import { describeError, logger, correlated } from '../logger';
import { announceConnectedUsers } from '../services/connected-users-service';
import { openConnection } from '../services/presence-service';

type ConnectEvent = APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string | undefined> };

/** Browsers cannot set headers on a WebSocket, so the session token comes as `?token=`. */
export const handler = correlated(
  (event: ConnectEvent) => event.requestContext?.requestId,
  async (event: ConnectEvent, _context: Context | undefined): Promise<APIGatewayProxyResult> => {
    const connectionId = event.requestContext.connectionId;
    try {
      const { user, customerId } = await openConnection(connectionId, event.queryStringParameters?.token ?? '');
      logger.info('socket connected', { connectionId, user });
      await announceConnectedUsers(customerId);
      return { statusCode: 200, body: 'connected' };
    } catch (error) {
      logger.info('socket refused', { connectionId, ...describeError(error) });
      return { statusCode: 401, body: 'Unauthorized' };
    }
  },
);
