import { describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { api, login } from '../support/api';
import { connectionsOfUser } from '../support/aws';
import { eventually } from '../support/eventually';
import { closed, heardOfNewData, namesPoint, open, type Socket } from '../support/realtime';

/** The browser's first message on a channel; `missedMs` as a page's first channel sends it. */
const hello = (user: { _id: string }, navigatorId: string, missedMs?: number) =>
  JSON.stringify({ action: 'storeUserId', user_id: user._id, navigator_id: navigatorId, ...(missedMs === undefined ? {} : { missed_ms: missedMs }) });

const storeUserId = (socket: WebSocket, userId: string, navigatorId: string) => socket.send(hello({ _id: userId }, navigatorId));

/**
 * A channel of the user (another browser of theirs is open) that has been told `alreadyConnected`:
 * the same message's handling sends what the channel missed before that, so by then it would have
 * been sent. Tried again until the other browser is on record.
 */
const toldAfterHello = async (user: { _id: string; jwt: string }, navigatorId: string, missedMs?: number): Promise<Socket> => {
  const told = await eventually(
    async () => {
      const channel = await open(user.jwt);
      channel.socket.send(hello(user, navigatorId, missedMs));
      if (await channel.next('alreadyConnected', 2_000)) return channel;
      await closed(channel.socket);
      return null;
    },
    (channel) => channel !== null,
    15_000,
  );
  return told!;
};

/** Opens a browser elsewhere (another navigator id) until it is told `alreadyConnected`: the positive control that the server has on record, and checked, what was sent before it. */
const toldElsewhere = async (token: string, userId: string, navigatorId: string) => {
  const elsewhere = await toldAfterHello({ _id: userId, jwt: token }, navigatorId);
  await closed(elsewhere.socket);
  return elsewhere.messages.find((message) => message.event === 'alreadyConnected') ?? null;
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

/**
 * A new water counter of the caller's customer (at the premium customer's building A by default)
 * with three values, once `listening` (a channel of the customer) has been told of them:
 * by then their `newData` was pushed (rollups follow writes through the table's stream), so a
 * channel opened after it could not hear it.
 */
const pointWithValues = async (token: string, name: string, listening: Socket, location = ['loc-lyon-a']) => {
  const created = await api<{ _id: string }>('POST', '/api/v1/points', {
    token,
    body: { name, technical_id: `RT-${Date.now()}-${Math.round(Math.random() * 1e4)}`, resource: 'water', series_type: 'counter', unit: 'm³', location },
  });
  if (created.status !== 200) throw new Error(`Point not created: ${JSON.stringify(created.body)}`);
  const point = created.body.data!._id;
  const dates = ['2026-09-01T08:00:00Z', '2026-09-01T09:00:00Z', '2026-09-01T10:00:00Z'];
  await api('POST', '/api/v1/data', { token, body: { data: dates.map((date, index) => ({ point, date, value: index })) } });
  return { point, heard: await heardOfNewData(listening, point) };
};

describe('newData', () => {
  it('tells the customer\'s browsers once a batch of values is rolled up, naming its points once', async () => {
    const { user } = await login('premiumAdministrator');
    const browser = await open(user.jwt);
    storeUserId(browser.socket, user._id, 'navigator-new-data');
    const { point, heard } = await pointWithValues(user.jwt, 'Compteur temps réel', browser);
    expect((heard.data as { points: string[] }).points.filter((id) => id === point)).toHaveLength(1);
    await closed(browser.socket);
  });

  it('tells a page\'s first channel the newData pushed before it was open, since the page began reading', async () => {
    const { user } = await login('premiumAdministrator');
    const listening = await open(user.jwt);
    const { point } = await pointWithValues(user.jwt, 'Compteur lu avant le canal', listening);
    const late = await open(user.jwt);
    late.socket.send(hello(user, 'navigator-late', 60_000));
    const caughtUp = await heardOfNewData(late, point, 15_000);
    expect((caughtUp.data as { points: string[] }).points.filter((id) => id === point)).toHaveLength(1);
    await Promise.all([closed(listening.socket), closed(late.socket)]);
  });

  it('tells them only to the customer\'s channels, and only to a page\'s first channel', async () => {
    const premium = (await login('premiumAdministrator')).user;
    const basic = (await login('basicAdministrator')).user;
    const basicFirst = await open(basic.jwt);
    basicFirst.socket.send(hello(basic, 'navigator-basic-first'));
    const premiumFirst = await open(premium.jwt);
    premiumFirst.socket.send(hello(premium, 'navigator-premium-first'));
    const { point } = await pointWithValues(premium.jwt, 'Compteur d\'un autre client', premiumFirst);
    // The other customer's live channel is then told of a point of its own: a channel hears its
    // events in the order they were sent, so anything sent to it about the premium point, pushed
    // before, would have come first.
    await pointWithValues(basic.jwt, 'Compteur du client', basicFirst, []);
    expect(basicFirst.messages.filter(namesPoint(point))).toEqual([]);
    const otherCustomer = await toldAfterHello(basic, 'navigator-basic-late', 60_000);
    const reconnected = await toldAfterHello(premium, 'navigator-premium-again');
    expect(otherCustomer.messages.some(namesPoint(point))).toBe(false);
    expect(reconnected.messages.some(namesPoint(point))).toBe(false);
    await Promise.all([basicFirst, premiumFirst, otherCustomer, reconnected].map((channel) => closed(channel.socket)));
  });
});
