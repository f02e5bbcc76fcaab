import { GetConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { CONNECTION_TTL_SECONDS, SOCKET_LOGIN_COUNTDOWN_SECONDS } from '@shared/constants';
import type { ClientMessage } from '@shared/realtime/events';
import { managementApi } from '../clients/management-api';
import { deleteConnection, getConnection, identifyConnection, listConnectionsOfUser } from '../data/connection-repository';
import { sendToConnection } from './realtime-service';

type StoreUserId = Extract<ClientMessage, { action: 'storeUserId' }>;

const isLive = async (connectionId: string): Promise<boolean> => {
  try {
    await managementApi().send(new GetConnectionCommand({ ConnectionId: connectionId }));
    return true;
  } catch {
    await deleteConnection(connectionId);
    return false;
  }
};

/**
 * Records who is behind a connection. When the same user is already live in another browser
 * (another navigator id), this connection is told `alreadyConnected`: the browser counts down
 * and logs out.
 */
export const storeUserId = async (connectionId: string, message: StoreUserId): Promise<void> => {
  const connection = await getConnection(connectionId);
  // The user was authenticated on $connect; a message naming someone else is ignored.
  if (!connection || connection.user_id !== message.user_id) return;
  const now = Math.floor(Date.now() / 1000);
  await identifyConnection(connectionId, {
    user_id: message.user_id,
    customer_id: connection.customer_id,
    navigator_id: message.navigator_id,
    expires_at: now + CONNECTION_TTL_SECONDS,
  });
  const others = (await listConnectionsOfUser(message.user_id, now)).filter(
    (other) =>
      other.connection_id !== connectionId && other.navigator_id !== null && other.navigator_id !== message.navigator_id,
  );
  const live = await Promise.all(others.map((other) => isLive(other.connection_id)));
  if (live.some(Boolean)) {
    await sendToConnection(connectionId, {
      event: 'alreadyConnected',
      data: { countdown_seconds: SOCKET_LOGIN_COUNTDOWN_SECONDS },
    });
  }
};
