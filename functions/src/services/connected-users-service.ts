import { can, permissionSetFor } from '@shared/permissions/abilities';
import { isSuperUser, type Role } from '@shared/permissions/roles';
import type { ConnectedUser, LoginAnalyticsRow, MessageToUser } from '@shared/schemas/system-settings';
import { getConnection, listConnectionsOfCustomer, listConnectionsOfUser, watchConnectedUsers, type Connection } from '../data/connection-repository';
import { listSuperUsers, listUsersOfCustomer, type StoredUser } from '../data/user-repository';
import { AppError } from '../errors';
import { describeError, logger } from '../logger';
import { permissionsOfCustomer } from './access-service';
import { sendToConnection } from './realtime-service';
import { type Caller } from './caller';

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

interface Viewer {
  role: Role;
  isRoot: boolean;
  customerId: string;
}

/**
 * Who may see a customer's users (and so who is connected): super users and root in the customer
 * they work in, the customer's roles that hold the users screen; members never.
 */
const maySeeUsers = async ({ role, isRoot, customerId }: Viewer): Promise<boolean> => {
  if (isSuperUser({ role, isRoot })) return true;
  if (role === 'member') return false;
  return can(permissionSetFor(await permissionsOfCustomer(customerId), role), 'app.settings.users');
};

/** The people of a customer's list: its users, and the super users for a viewer who is one. */
const peopleOf = async (customerId: string, withSuperUsers: boolean): Promise<StoredUser[]> => {
  const [users, superUsers] = await Promise.all([listUsersOfCustomer(customerId), withSuperUsers ? listSuperUsers() : Promise.resolve([])]);
  return [...users, ...superUsers];
};

/** The users with at least one open browser in the customer (super users working in it included). */
export const connectedUsersOf = async (customerId: string, withSuperUsers = true): Promise<ConnectedUser[]> => {
  const connections = (await listConnectionsOfCustomer(customerId, nowSeconds())).filter((connection) => connection.user_id);
  const counts = new Map<string, number>();
  for (const connection of connections) counts.set(connection.user_id!, (counts.get(connection.user_id!) ?? 0) + 1);
  if (counts.size === 0) return [];
  const people = await peopleOf(customerId, withSuperUsers);
  return people
    .filter((user) => counts.has(user._id))
    .map(({ _id, first_name, last_name, email }) => ({ _id, first_name, last_name, email, connections: counts.get(_id) ?? 0 }))
    .sort((a, b) => `${a.last_name} ${a.first_name}`.localeCompare(`${b.last_name} ${b.first_name}`));
};

const viewerOf = (connection: Connection): Viewer | null =>
  connection.role && connection.customer_id && connection.customer_id !== 'none'
    ? { role: connection.role, isRoot: connection.is_root === true, customerId: connection.customer_id }
    : null;

const sendList = async (connection: Connection, viewer: Viewer): Promise<void> => {
  const users = await connectedUsersOf(viewer.customerId, isSuperUser(viewer));
  await sendToConnection(connection.connection_id, { event: 'connectedUsersListReturn', data: { users } });
};

/**
 * `connectedUsersList` from a browser: answered with `connectedUsersListReturn` when the signed-in
 * user may see the customer's users (otherwise ignored), and sent again on every change.
 */
export const answerConnectedUsers = async (connectionId: string): Promise<void> => {
  const connection = await getConnection(connectionId);
  const viewer = connection ? viewerOf(connection) : null;
  if (!connection || !viewer || !(await maySeeUsers(viewer))) {
    logger.info('connected users refused', { connectionId });
    return;
  }
  await watchConnectedUsers(connectionId);
  await sendList(connection, viewer);
};

/** Someone connected to or left a customer: the browsers showing its connected users get the new list. Best effort. */
export const announceConnectedUsers = async (customerId: string | null): Promise<void> => {
  if (!customerId || customerId === 'none') return;
  try {
    const watchers = (await listConnectionsOfCustomer(customerId, nowSeconds())).filter((connection) => connection.watches_users);
    await Promise.all(
      watchers.map(async (connection) => {
        const viewer = viewerOf(connection);
        if (viewer) await sendList(connection, viewer);
      }),
    );
  } catch (error) {
    logger.warn('connected users not announced', { customerId, ...describeError(error) });
  }
};

const assertSuperUser = (caller: Caller): string => {
  if (!isSuperUser(caller)) throw new AppError('forbidden');
  if (!caller.customerId) throw new AppError('customer_not_found');
  return caller.customerId;
};

/** The open browsers of a user in the caller's working customer; none answers 404 `user_not_connected`. */
const connectionsInCustomer = async (customerId: string, userId: string): Promise<Connection[]> => {
  const connections = (await listConnectionsOfUser(userId, nowSeconds())).filter((connection) => connection.customer_id === customerId);
  if (connections.length === 0) throw new AppError('user_not_connected');
  return connections;
};

/** Root and super users show a message in every open browser of a connected user (`messageToDisplay`). */
export const messageConnectedUser = async (caller: Caller, userId: string, message: MessageToUser): Promise<{ sent: number }> => {
  const connections = await connectionsInCustomer(assertSuperUser(caller), userId);
  const sent = await Promise.all(connections.map((connection) => sendToConnection(connection.connection_id, { event: 'messageToDisplay', data: message })));
  return { sent: sent.filter(Boolean).length };
};

/** Root and super users end a connected user's sessions: their browsers sign out (`logOutRequestedFromSocket`). */
export const logOutConnectedUser = async (caller: Caller, userId: string): Promise<{ sent: number }> => {
  const connections = await connectionsInCustomer(assertSuperUser(caller), userId);
  const sent = await Promise.all(connections.map((connection) => sendToConnection(connection.connection_id, { event: 'logOutRequestedFromSocket', data: {} })));
  return { sent: sent.filter(Boolean).length };
};

const numberOr = (value: unknown, fallback: number): number => (typeof value === 'number' ? value : fallback);

/** Login analytics: the customer's users (and, for super users, the super users) with their last sign-in. */
export const loginAnalytics = async (caller: Caller): Promise<LoginAnalyticsRow[]> => {
  if (!caller.customerId) throw new AppError('customer_not_found');
  const people = await peopleOf(caller.customerId, isSuperUser(caller));
  return people
    .map((user) => {
      const stored = user as StoredUser & { last_login_at?: unknown; login_count?: unknown };
      return {
        _id: user._id,
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email,
        type: user.type,
        last_login_at: typeof stored.last_login_at === 'string' ? stored.last_login_at : null,
        login_count: numberOr(stored.login_count, 0),
      };
    })
    .sort((a, b) => (b.last_login_at ?? '').localeCompare(a.last_login_at ?? '') || a.email.localeCompare(b.email));
};
