import type { APIGatewayProxyResult, APIGatewayProxyWebsocketEventV2, Context } from 'aws-lambda';
import { clientMessageSchema } from '@shared/realtime/events';
import { describeError, logger, correlated } from '../logger';
import { handleLogsMessage } from '../services/live-logs-service';
import { answerConnectedUsers } from '../services/connected-users-service';
import { storeUserId } from '../services/presence-service';

/**
 * Messages sent by browsers on the open socket, routed by their `action`. Answers carry no body:
 * replies go out as events through the management API, never as route responses.
 */
export const handler = correlated(
  (event: APIGatewayProxyWebsocketEventV2) => event.requestContext?.requestId,
  async (event: APIGatewayProxyWebsocketEventV2, _context: Context | undefined): Promise<APIGatewayProxyResult> => {
    const connectionId = event.requestContext.connectionId;
    let body: unknown;
    try {
      body = JSON.parse(event.body ?? '');
    } catch {
      body = null;
    }
    const message = clientMessageSchema.safeParse(body);
    if (!message.success) {
      logger.info('socket message ignored', { connectionId });
      return { statusCode: 400 } as APIGatewayProxyResult;
    }
    try {
      const { data } = message;
      if (data.action === 'storeUserId') await storeUserId(connectionId, data);
      else if (data.action === 'connectedUsersList' || data.action === 'connectedUsersListReturn') await answerConnectedUsers(connectionId);
      else if ((await handleLogsMessage(connectionId, data)) === 'refused') return { statusCode: 403 } as APIGatewayProxyResult;
      logger.info('socket message', { connectionId, action: message.data.action });
      return { statusCode: 200 } as APIGatewayProxyResult;
    } catch (error) {
      logger.error('socket message failed', { connectionId, ...describeError(error) });
      return { statusCode: 500 } as APIGatewayProxyResult;
    }
  },
);
