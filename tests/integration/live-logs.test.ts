import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { LogLine } from '@shared/schemas/application';
import { api, login } from '../support/api';
import { connectionsOfUser } from '../support/aws';
import { testEnvironment } from '../support/environment';
import { eventually } from '../support/eventually';

interface Listener {
  socket: WebSocket;
  lines: LogLine[];
}

const listen = async (token: string): Promise<Listener> => {
  const socket = new WebSocket(`${testEnvironment().socketUrl}?token=${encodeURIComponent(token)}`);
  const lines: LogLine[] = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as { event: string; data: { lines?: LogLine[] } };
    if (message.event === 'newLogLine') lines.push(...(message.data.lines ?? []));
  });
  await new Promise((resolve, reject) => (socket.once('open', resolve), socket.once('error', reject)));
  return { socket, lines };
};

const opened: WebSocket[] = [];
afterAll(() => opened.forEach((socket) => socket.close()));

describe('live logs', () => {
  it("sends the functions' log lines to a super user who asked, not to a member, and stops on leaving", async () => {
    const superUser = await login('super');
    const member = await login('premiumMember');
    const watcher = await listen(superUser.user.jwt);
    const intruder = await listen(member.user.jwt);
    opened.push(watcher.socket, intruder.socket);

    intruder.socket.send(JSON.stringify({ action: 'logsWanted', max_lines: 50 }));
    watcher.socket.send(JSON.stringify({ action: 'logsWanted', max_lines: 50 }));
    const marked = await eventually(() => connectionsOfUser(superUser.user._id), (connections) => connections.some((connection) => connection.logs === 'wanted'), 15_000);
    expect(marked.some((connection) => connection.logs === 'wanted')).toBe(true);

    // A recognisable request: its function logs `request` with the operation and the caller.
    const call = await api('GET', '/api/v1/application/information', { token: superUser.user.jwt });
    expect(call.status).toBe(200);
    const seen = await eventually(
      async () => watcher.lines,
      (lines) => lines.some((line) => line.message === 'request' && line.fields.includes('getApplicationInformation') && line.fields.includes(superUser.user._id)),
      30_000,
    );
    const line = seen.find((candidate) => candidate.message === 'request' && candidate.fields.includes(superUser.user._id))!;
    expect(line).toMatchObject({ level: 'info', source: expect.stringContaining('ApplicationEndpoints') });
    expect(Date.parse(line.time)).not.toBeNaN();
    // The member asked first, yet the line the super user got never reached them.
    expect(intruder.lines).toEqual([]);
    expect((await connectionsOfUser(member.user._id)).some((connection) => connection.logs === 'wanted')).toBe(false);

    watcher.socket.send(JSON.stringify({ action: 'leavingLogPage', user_id: superUser.user._id }));
    const left = await eventually(() => connectionsOfUser(superUser.user._id), (connections) => connections.every((connection) => connection.logs === undefined), 15_000);
    expect(left.every((connection) => connection.logs === undefined)).toBe(true);
  });
});
