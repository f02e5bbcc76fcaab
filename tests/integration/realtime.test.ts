import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { login } from '../support/api';
import { testEnvironment } from '../support/environment';

interface Socket {
  socket: WebSocket;
  messages: { event: string; data: unknown }[];
  next: (event: string, timeoutMs?: number) => Promise<{ event: string; data: unknown } | null>;
}

const open = (token?: string): Promise<Socket> =>
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

const storeUserId = (socket: WebSocket, userId: string, navigatorId: string) =>
  socket.send(JSON.stringify({ action: 'storeUserId', user_id: userId, navigator_id: navigatorId, user_role: 'member' }));

describe('realtime channel', () => {
  it('refuses a connection without a valid token', async () => {
    await expect(open()).rejects.toThrow();
    await expect(open('not.a.token')).rejects.toThrow();
  });

  it('tells a second browser of the same user that the user is already connected', async () => {
    const { user } = await login('premiumAdministrator');
    const first = await open(user.jwt);
    storeUserId(first.socket, user._id, 'navigator-one');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const second = await open(user.jwt);
    storeUserId(second.socket, user._id, 'navigator-two');
    const message = await second.next('alreadyConnected');
    expect(message).toMatchObject({ event: 'alreadyConnected', data: { countdown_seconds: 10 } });
    expect(first.messages.find((entry) => entry.event === 'alreadyConnected')).toBeUndefined();
    first.socket.close();
    second.socket.close();
  });

  it('does not complain when the same browser reconnects', async () => {
    const { user } = await login('basicAdministrator');
    const first = await open(user.jwt);
    storeUserId(first.socket, user._id, 'navigator-same');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const again = await open(user.jwt);
    storeUserId(again.socket, user._id, 'navigator-same');
    expect(await again.next('alreadyConnected', 2500)).toBeNull();
    first.socket.close();
    again.socket.close();
  });

  it('forgets a closed browser, so signing in again elsewhere is not refused', async () => {
    const { user } = await login('basicMember');
    const first = await open(user.jwt);
    storeUserId(first.socket, user._id, 'navigator-closed');
    await new Promise((resolve) => setTimeout(resolve, 500));
    first.socket.close();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const second = await open(user.jwt);
    storeUserId(second.socket, user._id, 'navigator-new');
    expect(await second.next('alreadyConnected', 2500)).toBeNull();
    second.socket.close();
  });
});
