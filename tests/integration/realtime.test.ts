import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { api, login } from '../support/api';
import { testEnvironment } from '../support/environment';
import { connectionsOfUser } from '../support/aws';
import { eventually } from '../support/eventually';

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

const closed = (socket: WebSocket): Promise<void> =>
  new Promise((resolve) => {
    if (socket.readyState === WebSocket.CLOSED) return resolve();
    socket.once('close', () => resolve());
    socket.close();
  });

/**
 * Opens a browser elsewhere (another navigator id) and sends `storeUserId` until it is told
 * `alreadyConnected`: the positive control that the server has on record, and checked, what was
 * sent before it. Storing twice is harmless.
 */
const toldElsewhere = async (token: string, userId: string, navigatorId: string) => {
  const elsewhere = await open(token);
  const told = await eventually(
    async () => {
      storeUserId(elsewhere.socket, userId, navigatorId);
      return elsewhere.next('alreadyConnected', 1000);
    },
    (message) => message !== null,
    15_000,
  );
  await closed(elsewhere.socket);
  return told;
};

describe('realtime channel', () => {
  it('refuses a connection without a valid token', async () => {
    await expect(open()).rejects.toThrow();
    await expect(open('not.a.token')).rejects.toThrow();
  });

  it('tells a second browser of the same user that the user is already connected', async () => {
    const { user } = await login('premiumAdministrator');
    const first = await open(user.jwt);
    storeUserId(first.socket, user._id, 'navigator-one');
    const message = await toldElsewhere(user.jwt, user._id, 'navigator-two');
    expect(message).toMatchObject({ event: 'alreadyConnected', data: { countdown_seconds: 10 } });
    expect(first.messages.find((entry) => entry.event === 'alreadyConnected')).toBeUndefined();
    await closed(first.socket);
  });

  it('does not complain when the same browser reconnects', async () => {
    const { user } = await login('basicAdministrator');
    const first = await open(user.jwt);
    storeUserId(first.socket, user._id, 'navigator-same');
    const again = await open(user.jwt);
    storeUserId(again.socket, user._id, 'navigator-same');
    // A browser elsewhere, opened after both, is told: by then both were on record and checked.
    expect(await toldElsewhere(user.jwt, user._id, 'navigator-elsewhere')).not.toBeNull();
    expect(again.messages.find((entry) => entry.event === 'alreadyConnected')).toBeUndefined();
    await Promise.all([closed(first.socket), closed(again.socket)]);
  });

  it('forgets a closed browser, so signing in again elsewhere is not refused', async () => {
    const { user } = await login('basicMember');
    const first = await open(user.jwt);
    storeUserId(first.socket, user._id, 'navigator-closed');
    await eventually(() => connectionsOfUser(user._id), (connections) => connections.some((entry) => entry.navigator_id === 'navigator-closed'));
    await closed(first.socket);
    // The server has forgotten it: its record is gone.
    const remaining = await eventually(() => connectionsOfUser(user._id), (connections) => connections.every((entry) => entry.navigator_id !== 'navigator-closed'));
    expect(remaining.some((entry) => entry.navigator_id === 'navigator-closed')).toBe(false);
    const second = await open(user.jwt);
    storeUserId(second.socket, user._id, 'navigator-new');
    // A third browser is told about the second (live): by then the second was checked, and was not told about the closed one.
    expect(await toldElsewhere(user.jwt, user._id, 'navigator-third')).not.toBeNull();
    expect(second.messages.find((entry) => entry.event === 'alreadyConnected')).toBeUndefined();
    await closed(second.socket);
  });
});

describe('newData', () => {
  it('tells the customer\'s browsers once a batch of values is rolled up, naming its points once', async () => {
    const { user } = await login('premiumAdministrator');
    const browser = await open(user.jwt);
    storeUserId(browser.socket, user._id, 'navigator-new-data');
    const created = await api<{ _id: string }>('POST', '/api/v1/points', {
      token: user.jwt,
      body: { name: 'Compteur temps réel', technical_id: `RT-${Date.now()}`, resource: 'water', series_type: 'counter', unit: 'm³', location: ['loc-lyon-a'] },
    });
    const point = created.body.data!._id;
    const dates = ['2026-09-01T08:00:00Z', '2026-09-01T09:00:00Z', '2026-09-01T10:00:00Z'];
    await api('POST', '/api/v1/data', { token: user.jwt, body: { data: dates.map((date, index) => ({ point, date, value: index })) } });
    const message = await eventually(
      async () => browser.messages.find((entry) => entry.event === 'newData' && (entry.data as { points: string[] }).points.includes(point)) ?? null,
      (found) => found !== null,
      20_000,
    );
    expect((message?.data as { points: string[] }).points.filter((id) => id === point)).toHaveLength(1);
    await closed(browser.socket);
  });
});
