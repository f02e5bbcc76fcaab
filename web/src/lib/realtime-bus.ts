import type { ClientMessage, ServerEvent } from '@shared/realtime/events';

type EventName = ServerEvent['event'];
type Listener<Name extends EventName> = (data: Extract<ServerEvent, { event: Name }>['data']) => void;

type AnyListener = (data: unknown) => void;
const listeners = new Map<EventName, Set<AnyListener>>();
let sender: ((message: ClientMessage) => boolean) | null = null;
const openListeners = new Set<() => void>();

/**
 * The one realtime channel, seen by the screens that need more than the shell does (live logs):
 * the channel's hook publishes every event here and lends its socket to send messages.
 */
export const realtimeBus = {
  publish: (event: ServerEvent): void => {
    for (const listener of listeners.get(event.event) ?? []) listener(event.data);
  },
  subscribe: <Name extends EventName>(name: Name, listener: Listener<Name>): (() => void) => {
    const set = listeners.get(name) ?? new Set();
    const general = listener as AnyListener;
    set.add(general);
    listeners.set(name, set);
    return () => set.delete(general);
  },
  /** Sends when the socket is open; answers whether it was. */
  send: (message: ClientMessage): boolean => sender?.(message) ?? false,
  /** Called on every (re)opening of the socket, so that a screen can say again what it wants. */
  onOpen: (listener: () => void): (() => void) => {
    openListeners.add(listener);
    return () => openListeners.delete(listener);
  },
  attach: (send: ((message: ClientMessage) => boolean) | null): void => {
    sender = send;
    if (send) for (const listener of openListeners) listener();
  },
};
