import { GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { ServerEvent } from '@shared/realtime/events';
import { managementApi } from '../clients/management-api';
import type { Connection } from '../data/connection-repository';
import { deleteConnection, listConnectionsOfCustomer, listConnectionsOfUser } from '../data/connection-repository';
import { describeError, logger } from '../logger';

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** Sends one event to one connection; a gone connection is dropped and reported as not sent. */
export const sendToConnection = async (connectionId: string, event: ServerEvent): Promise<boolean> => {
  try {
    await managementApi().send(
      new PostToConnectionCommand({ ConnectionId: connectionId, Data: new TextEncoder().encode(JSON.stringify(event)) }),
    );
    return true;
  } catch (error) {
    const gone = error instanceof GoneException || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 410;
    if (!gone) logger.warn('push failed', { connectionId, ...describeError(error) });
    await deleteConnection(connectionId);
    return false;
  }
};

const sendToAll = async (connections: Connection[], event: ServerEvent): Promise<number> => {
  const sent = await Promise.all(connections.map((connection) => sendToConnection(connection.connection_id, event)));
  return sent.filter(Boolean).length;
};

export const pushToUser = async (userId: string, event: ServerEvent): Promise<number> =>
  sendToAll(await listConnectionsOfUser(userId, nowSeconds()), event);

export const pushToCustomer = async (customerId: string, event: ServerEvent): Promise<number> =>
  sendToAll(await listConnectionsOfCustomer(customerId, nowSeconds()), event);

/**
 * Tells the customer's open browsers which points have new values (`newData`), once per batch of
 * writes, so the widgets showing them refresh. Best effort: a failed push never fails the write.
 */
export const announceNewData = async (customerId: string, points: Iterable<string>): Promise<void> => {
  const distinct = [...new Set(points)];
  if (distinct.length === 0) return;
  try {
    await pushToCustomer(customerId, { event: 'newData', data: { points: distinct } });
  } catch (error) {
    logger.warn('newData not pushed', { customerId, ...describeError(error) });
  }
};
