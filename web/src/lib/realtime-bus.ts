import type { ClientMessage, ServerEvent } from '@shared/realtime/events';

type Send = (message: ClientMessage) => void;

let send: Send | null = null;
const eventListeners = new Set<(event: ServerEvent) => void>();
const openListeners = new Set<() => void>();

/**
 * The one realtime channel as screens see it: the shell's socket hook attaches its sender and
 * passes on what arrives; a screen sends a message and listens without opening a socket of its own.
 */
export const realtimeBus = {
  /** The socket (re)opened: screens that asked for something ask again. */
  attach(sender: Send): void {
    send = sender;
    for (const listener of openListeners) listener();
  },
  detach(sender: Send): void {
    if (send === sender) send = null;
  },
  dispatch(event: ServerEvent): void {
    for (const listener of eventListeners) listener(event);
  },
};

/** Sends a message on the open socket; false when none is open (it will be asked again on open). */
export const sendRealtime = (message: ClientMessage): boolean => {
  if (!send) return false;
  send(message);
  return true;
};

export const onRealtimeEvent = (listener: (event: ServerEvent) => void): (() => void) => {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
};

export const onRealtimeOpen = (listener: () => void): (() => void) => {
  openListeners.add(listener);
  return () => openListeners.delete(listener);
};
