import WebSocket from 'ws';
import { testEnvironment } from './environment';
import { eventually } from './eventually';

/** A channel opened as a browser opens it (`?token=`), with every event it was sent, in order. */
export interface Socket {
  socket: WebSocket;
  messages: { event: string; data: unknown }[];
  next: (event: string, timeoutMs?: number) => Promise<{ event: string; data: unknown } | null>;
}

export const open = (token?: string): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const url = `${testEnvironment().socketUrl}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
    const socket = new WebSocket(url);
    const messages: Socket['messages'] = [];
    const waiters: { event: string; resolve: (message: Socket['messages'][number]) => void }[] = [];
    socket.on('message', (raw) => {
      let message: Socket['messages'][number];
      try {
        message = JSON.parse(String(raw));
      } catch {
        throw new Error(`The server sent something that is not an event: ${String(raw)}`);
      }
      messages.push(message);
      for (const waiter of waiters.filter((candidate) => candidate.event === message.event)) waiter.resolve(message);
    });
    socket.on('open', () =>
      resolve({
        socket,
        messages,
        next: (event, timeoutMs = 5000) =>
          new Promise((done) => {
            const seen = messages.find((message) => message.event === event);
            if (seen) return done(seen);
            const timer = setTimeout(() => done(null), timeoutMs);
            waiters.push({ event, resolve: (message) => (clearTimeout(timer), done(message)) });
          }),
      }),
    );
    socket.on('error', reject);
    socket.on('unexpected-response', (_request, response) => reject(new Error(`refused: ${response.statusCode}`)));
  });


export const closed = (socket: WebSocket): Promise<void> =>
  new Promise((resolve) => {
    if (socket.readyState === WebSocket.CLOSED) return resolve();
    socket.once('close', () => resolve());
    socket.close();
  });

/** Matches a `newData` event that names the point. */
export const namesPoint = (point: string) => (entry: Socket['messages'][number]) => entry.event === 'newData' && (entry.data as { points: string[] }).points.includes(point);

/** Waits until the channel has been told of new values of the point (they were pushed); throws, with what the channel heard, if it never is. */
export const heardOfNewData = async (channel: Socket, point: string, timeoutMs = 20_000): Promise<Socket['messages'][number]> => {
  const heard = await eventually(async () => [...channel.messages], (messages) => messages.some(namesPoint(point)), timeoutMs);
  return heard.find(namesPoint(point))!;
};
