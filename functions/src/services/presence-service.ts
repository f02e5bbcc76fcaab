import { GetConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { CONNECTION_TTL_SECONDS, SOCKET_LOGIN_COUNTDOWN_SECONDS } from '@shared/constants';
import type { ClientMessage } from '@shared/realtime/events';
import { managementApi } from '../clients/management-api';
import { deleteConnection, getConnection, identifyConnection, listConnectionsOfUser, putConnection } from '../data/connection-repository';
import { verifyToken } from './token-service';
import { catchUpNewData, sendToConnection } from './realtime-service';

type StoreUserId = Extract<ClientMessage, { action: 'storeUserId' }>;

/** Records a new connection of a signed-in browser (the token must be valid); throws when it is not. */
export const openConnection = async (connectionId: string, token: string): Promise<{ user: string; customerId: string | null }> => {
  const claims = await verifyToken(token);
  await putConnection({
    connection_id: connectionId,
    user_id: claims.sub,
    customer_id: claims.cid ?? 'none',
    navigator_id: null,
    expires_at: Math.floor(Date.now() / 1000) + CONNECTION_TTL_SECONDS,
    role: claims.role,
    is_root: claims.root,
  });
  return { user: claims.sub, customerId: claims.cid };
};

/** Forgets a closed connection; answers the customer it was open in, if any. */
export const closeConnection = async (connectionId: string): Promise<string | null> => {
  const connection = await getConnection(connectionId);
  await deleteConnection(connectionId);
  return connection?.customer_id && connection.customer_id !== 'none' ? connection.customer_id : null;
};

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
 * Records who is behind a connection, and tells a page's first channel the `newData` it missed
 * (`missed_ms`). When the same user is already live in another browser (another navigator id),
 * this connection is told `alreadyConnected`: the browser counts down and logs out.
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
  if (message.missed_ms !== undefined && connection.customer_id && connection.customer_id !== 'none') {
    await catchUpNewData(connectionId, connection.customer_id, message.missed_ms);
  }
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
