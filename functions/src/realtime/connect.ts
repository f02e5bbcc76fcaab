import type { APIGatewayProxyResult, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { describeError, logger } from '../logger';
import { announceConnectedUsers } from '../services/connected-users-service';
import { openConnection } from '../services/presence-service';

type ConnectEvent = APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string | undefined> };

/** Browsers cannot set headers on a WebSocket, so the session token comes as `?token=`. */
export const handler = async (event: ConnectEvent): Promise<APIGatewayProxyResult> => {
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
};
