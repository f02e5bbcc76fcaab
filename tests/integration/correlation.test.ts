import { beforeAll, describe, expect, it } from 'vitest';
import { signedJsonHeaders } from '../../functions/src/clients/aws-json-request';
import { api, login } from '../support/api';
import { testEnvironment } from '../support/environment';
import { eventually } from '../support/eventually';

/** One call to CloudWatch Logs in the emulator (the repo has no Logs SDK client; the functions' signer does). */
const logs = async <T>(action: string, request: Record<string, unknown>): Promise<T> => {
  const { endpoint } = testEnvironment();
  const body = JSON.stringify(request);
  const headers = signedJsonHeaders({
    endpoint,
    region: 'us-east-1',
    service: 'logs',
    target: `Logs_20140328.${action}`,
    body,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    now: new Date(),
  });
  const answer = await fetch(endpoint, { method: 'POST', headers, body });
  const payload = (await answer.json()) as T & { __type?: string; message?: string };
  if (!answer.ok) throw new Error(`${action}: ${payload.__type ?? answer.status} ${payload.message ?? ''}`);
  return payload;
};

/** The log group of a function of the app, by its construct id (`PointsEndpoints` → `…/PointsEndpointsLogs…`). */
const logGroupOf = async (functionId: string): Promise<string> => {
  const { logGroups } = await logs<{ logGroups: { logGroupName: string }[] }>('DescribeLogGroups', { logGroupNamePattern: `${functionId}Logs` });
  const names = logGroups.map((group) => group.logGroupName).filter((name) => name.includes(`${functionId}Logs`));
  expect(names).toHaveLength(1);
  return names[0];
};

/** Our structured JSON lines written to a log group since `startTime`. */
const linesOf = async (logGroupName: string, startTime: number): Promise<Record<string, unknown>[]> => {
  const { events } = await logs<{ events: { message: string }[] }>('FilterLogEvents', { logGroupName, startTime, limit: 10_000 });
  return events.flatMap(({ message }) => {
    const start = message.indexOf('{');
    try {
      return start >= 0 ? [JSON.parse(message.slice(start)) as Record<string, unknown>] : [];
    } catch {
      return [];
    }
  });
};

let admin: string;
beforeAll(async () => {
  admin = (await login('premiumAdministrator')).user.jwt;
});

describe('one request, one id', () => {
  it('writes the lines of a request and of the job it starts under the same correlation id, in both log groups', async () => {
    const startTime = Date.now() - 1000;
    const unique = `CORR-${Date.now()}-${Math.round(Math.random() * 1e6)}`;
    const created = await api<{ _id: string }>('POST', '/api/v1/points', {
      token: admin,
      body: { name: unique, technical_id: unique, resource: 'water', series_type: 'counter', unit: 'm³', location: ['loc-grenoble'] },
    });
    expect(created.status).toBe(200);
    const pointId = created.body.data!._id;
    // Removing a point starts the purge of its series in the series-jobs function (an asynchronous invoke).
    const removed = await api('DELETE', `/api/v1/points/${pointId}`, { token: admin });
    expect(removed.status).toBe(200);

    const [endpointsGroup, jobsGroup] = await Promise.all([logGroupOf('PointsEndpoints'), logGroupOf('SeriesJobs')]);
    const jobLines = await eventually(
      () => linesOf(jobsGroup, startTime),
      (lines) => lines.some((line) => line.message === 'series purged' && line.point === pointId),
      30_000,
    );
    const started = jobLines.find((line) => line.message === 'job started' && line.point === pointId)!;
    const purged = jobLines.find((line) => line.message === 'series purged' && line.point === pointId)!;
    const correlationId = started.correlationId as string;
    expect(correlationId).toEqual(expect.any(String));
    // The job's lines carry the request's id, not the job's own id.
    expect(correlationId).not.toBe(started.job);
    expect(purged.correlationId).toBe(correlationId);

    const requestLines = (await linesOf(endpointsGroup, startTime)).filter((line) => line.correlationId === correlationId);
    expect(requestLines.map((line) => [line.message, line.operation])).toContainEqual(['request', 'deletePoint']);
    // The creation was another request: another id.
    const creation = (await linesOf(endpointsGroup, startTime)).find((line) => line.message === 'request' && line.operation === 'createPoint' && line.correlationId !== correlationId);
    expect(creation?.correlationId).toEqual(expect.any(String));
  });
});
