import type { APIGatewayProxyResult, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { CONNECTION_TTL_SECONDS } from '@shared/constants';
import { putConnection } from '../data/connection-repository';
import { describeError, logger } from '../logger';
import { verifyToken } from '../services/token-service';

type ConnectEvent = APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string | undefined> };

/** Browsers cannot set headers on a WebSocket, so the session token comes as `?token=`. */
export const handler = async (event: ConnectEvent): Promise<APIGatewayProxyResult> => {
  const connectionId = event.requestContext.connectionId;
  try {
    const claims = await verifyToken(event.queryStringParameters?.token ?? '');
    await putConnection({
      connection_id: connectionId,
      user_id: claims.sub,
      customer_id: claims.cid ?? 'none',
      navigator_id: null,
      expires_at: Math.floor(Date.now() / 1000) + CONNECTION_TTL_SECONDS,
    });
    logger.info('socket connected', { connectionId, user: claims.sub });
    return { statusCode: 200, body: 'connected' };
  } catch (error) {
    logger.info('socket refused', { connectionId, ...describeError(error) });
    return { statusCode: 401, body: 'Unauthorized' };
  }
};
