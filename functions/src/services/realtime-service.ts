import { GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { REALTIME_CATCH_UP_MAX_MS } from '@shared/constants';
import type { ServerEvent } from '@shared/realtime/events';
import { managementApi } from '../clients/management-api';
import type { Connection } from '../data/connection-repository';
import { deleteConnection, keepNewData, listConnectionsOfCustomer, listConnectionsOfUser, newDataBetween } from '../data/connection-repository';
import { describeError, logger } from '../logger';

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** Functions' clocks may differ by this much: the time a push was kept at is read with it. */
const CLOCK_MARGIN_MS = 2_000;

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
 * writes, so the widgets showing them refresh; and keeps it a while for the channels that open
 * after it (`catchUpNewData`). Best effort: a failed push never fails the write.
 */
export const announceNewData = async (customerId: string, points: Iterable<string>): Promise<void> => {
  const distinct = [...new Set(points)];
  if (distinct.length === 0) return;
  // Kept before the connections are listed: a channel the push does not find opened after that
  // listing began, so its `storeUserId` (which reads what was kept) comes after this too.
  try {
    await keepNewData(customerId, distinct, Date.now());
  } catch (error) {
    logger.warn('newData not kept', { customerId, ...describeError(error) });
  }
  try {
    await pushToCustomer(customerId, { event: 'newData', data: { points: distinct } });
  } catch (error) {
    logger.warn('newData not pushed', { customerId, ...describeError(error) });
  }
};

/**
 * A page's first channel hears the `newData` pushed since it began reading the data it shows
 * (`missedMs` ago, at most `REALTIME_CATCH_UP_MAX_MS`), which no channel of it could hear: one
 * `newData` naming them, or nothing when there were none. Best effort, like the push itself.
 */
export const catchUpNewData = async (connectionId: string, customerId: string, missedMs: number): Promise<void> => {
  const now = Date.now();
  try {
    const points = await newDataBetween(customerId, now - Math.min(missedMs, REALTIME_CATCH_UP_MAX_MS) - CLOCK_MARGIN_MS, now);
    if (points.length) await sendToConnection(connectionId, { event: 'newData', data: { points } });
  } catch (error) {
    logger.warn('newData not caught up', { connectionId, customerId, ...describeError(error) });
  }
};
