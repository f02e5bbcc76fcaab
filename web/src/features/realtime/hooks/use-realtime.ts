import { useEffect, useRef, useState } from 'react';
import { SOCKET_LOGIN_COUNTDOWN_SECONDS, TOAST_COLORS } from '@shared/constants';
import type { ClientMessage, CustomersChanged, FilesChanged, JobProgress, ServerEvent } from '@shared/realtime/events';
import { config } from '../../../config';
import { notify } from '../../../lib/notify';
import { realtimeBus } from '../../../lib/realtime-bus';
import { readStored, STORAGE_KEYS, writeStored } from '../../../lib/storage';

const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/** Identifies this browser across reloads, so the server can tell "another browser" from "this one again". */
const navigatorId = (): string => {
  const stored = readStored(STORAGE_KEYS.navigatorId);
  if (typeof stored === 'string' && stored) return stored;
  const created = crypto.randomUUID();
  writeStored(STORAGE_KEYS.navigatorId, created);
  return created;
};

const socketUrl = (token: string): string => {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${config().socketPath}?token=${encodeURIComponent(token)}`;
};

const parseEvent = (raw: unknown): ServerEvent | null => {
  if (typeof raw !== 'string') return null;
  try {
    const value = JSON.parse(raw) as Partial<ServerEvent>;
    return typeof value.event === 'string' ? (value as ServerEvent) : null;
  } catch {
    return null;
  }
};

export interface RealtimeIdentity {
  token: string;
  userId: string;
  role: string;
  customerId: string | null;
}

export interface RealtimeHandlers {
  /** `logOutRequestedFromSocket`: the server ends this session. */
  onLogoutRequested: () => void;
  /** `newNotifications` and `newData` let the screens reload what changed. */
  onNewNotifications?: () => void;
  onNewData?: (points: string[]) => void;
  /** `jobProgress`: long work this user started (calculation, merge, purge) moved on. */
  onJobProgress?: (progress: JobProgress) => void;
  /** `filesChanged`: a meter file came in, progressed or finished its import. */
  onFilesChanged?: (change: FilesChanged) => void;
  /** `customersChanged`: a customer was removed (super users' lists reload). */
  onCustomersChanged?: (change: CustomersChanged) => void;
  /**
   * The channel is back after a drop: what the server sent meanwhile is lost, so the screens
   * reload what those events would have had them reload.
   */
  onReconnected?: () => void;
}

/**
 * The realtime channel (spec 1 §7): opened after login, `storeUserId` first, reconnected with a
 * growing delay while the user stays signed in. Answers the countdown of `alreadyConnected`.
 * No identity, no channel: a provisional session opens it once its renewal confirmed it.
 */
export const useRealtime = (identity: RealtimeIdentity | null, handlers: RealtimeHandlers) => {
  const [alreadyConnected, setAlreadyConnected] = useState<number | null>(null);
  const latest = useRef({ identity, handlers });
  latest.current = { identity, handlers };

  const userId = identity?.userId ?? null;
  const customerId = identity?.customerId;
  useEffect(() => {
    if (userId === null) return;
    let socket: WebSocket | null = null;
    let attempt = 0;
    let retryTimer: number | undefined;
    let stopped = false;
    let updateStarted = false;

    const handle = (message: ServerEvent) => {
      const { handlers: current } = latest.current;
      realtimeBus.publish(message);
      switch (message.event) {
        case 'alreadyConnected':
          return setAlreadyConnected(message.data?.countdown_seconds ?? SOCKET_LOGIN_COUNTDOWN_SECONDS);
        case 'logOutRequestedFromSocket':
          return current.onLogoutRequested();
        case 'messageToDisplay':
          return notify({
            kind: message.data.type in TOAST_COLORS ? message.data.type : 'info',
            title: message.data.title,
            message: message.data.message,
          });
        case 'newNotifications':
          return current.onNewNotifications?.();
        case 'newData':
          return current.onNewData?.(message.data.points);
        case 'jobProgress':
          return current.onJobProgress?.(message.data);
        case 'filesChanged':
          return current.onFilesChanged?.(message.data);
        case 'customersChanged':
          return current.onCustomersChanged?.(message.data);
        case 'applicationUpdateStart':
          // The new version is served once the update is done: reconnecting reloads the app.
          updateStarted = true;
          return socket?.close();
        case 'applicationRestart':
          // Functions restarted: a fresh connection, made through a fresh instance.
          return socket?.close();
        default:
          return;
      }
    };

    const connect = () => {
      const current = latest.current.identity;
      if (!current) return;
      const { token, role } = current;
      socket = new WebSocket(socketUrl(token));
      socket.onopen = () => {
        // The application was updated while we were away: load the new version.
        if (updateStarted && attempt > 0) return window.location.reload();
        const reconnected = attempt > 0;
        attempt = 0;
        const hello: ClientMessage = {
          action: 'storeUserId',
          user_id: userId,
          user_role: role,
          navigator_id: navigatorId(),
          customer_id: customerId,
          // The page's data was read since it started, before this channel could hear what changed:
          // the server tells it the newData of that time. After a drop, `onReconnected` reloads instead.
          ...(reconnected ? {} : { missed_ms: Math.round(performance.now()) }),
        };
        socket?.send(JSON.stringify(hello));
        const open = socket;
        realtimeBus.attach((message) => {
          if (open?.readyState !== WebSocket.OPEN) return false;
          open.send(JSON.stringify(message));
          return true;
        });
        if (reconnected) latest.current.handlers.onReconnected?.();
      };
      socket.onmessage = (event) => {
        const message = parseEvent(event.data);
        if (message) handle(message);
      };
      socket.onclose = () => {
        realtimeBus.attach(null);
        if (stopped) return;
        const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
        attempt += 1;
        retryTimer = window.setTimeout(connect, delay);
      };
    };

    connect();
    return () => {
      stopped = true;
      realtimeBus.attach(null);
      window.clearTimeout(retryTimer);
      socket?.close();
    };
    // A renewed token does not need a new connection; another user or customer does.
  }, [userId, customerId]);

  return { alreadyConnectedCountdown: alreadyConnected };
};
