import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeAwsLogs, sourceOfLogGroup, toLogLine } from '../../functions/src/services/live-logs-service';

const envelope = (payload: unknown) => ({ awslogs: { data: gzipSync(Buffer.from(JSON.stringify(payload))).toString('base64') } });

describe('live log lines', () => {
  it('opens the awslogs envelope (base64 of gzip of JSON)', () => {
    const payload = { messageType: 'DATA_MESSAGE', logGroup: 'g', logStream: 's', logEvents: [{ id: '1', timestamp: 0, message: 'x' }] };
    expect(decodeAwsLogs(envelope(payload))).toEqual(payload);
  });

  it('names the function of a log group without its stack and generated suffixes', () => {
    expect(sourceOfLogGroup('WattWiseApi-ApplicationEndpointsLogs1A2B3C4D-aBcDeFgH')).toBe('ApplicationEndpoints');
    expect(sourceOfLogGroup('/aws/lambda/WattWiseRealtime-MessagesFunction0F1E2D3C-XyZ123')).toBe('Messages');
    expect(sourceOfLogGroup('/aws/cloudformation/WattWiseApi/WeatherEndpointsLogs9A8B7C6D')).toBe('WeatherEndpoints');
    expect(sourceOfLogGroup('/aws/cloudformation/WattWiseApi/WeatherEndpoints')).toBe('WeatherEndpoints');
  });

  it('reads our structured lines: level, time, message and the other fields', () => {
    const line = toLogLine('UsersEndpoints', {
      id: '7',
      timestamp: Date.UTC(2026, 0, 1),
      message: JSON.stringify({ level: 'warn', message: 'push failed', time: '2026-01-01T10:00:00.000Z', connectionId: 'c1' }),
    });
    expect(line).toEqual({ id: '7', time: '2026-01-01T10:00:00.000Z', level: 'warn', source: 'UsersEndpoints', message: 'push failed', fields: '{"connectionId":"c1"}' });
  });

  it("gives a line's correlation id apart, for the screen's request filter", () => {
    const line = toLogLine('PointsEndpoints', {
      id: '8',
      timestamp: 0,
      message: JSON.stringify({ level: 'info', message: 'request', time: '2026-01-01T10:00:00.000Z', correlationId: 'req-42', operation: 'deletePoint' }),
    });
    expect(line).toMatchObject({ correlationId: 'req-42', fields: '{"operation":"deletePoint"}' });
  });

  it('keeps other text as it is and leaves out the runtime START, END and REPORT lines', () => {
    expect(toLogLine('X', { id: '1', timestamp: 0, message: 'START RequestId: abc Version: $LATEST' })).toBeNull();
    expect(toLogLine('X', { id: '2', timestamp: 0, message: 'REPORT RequestId: abc Duration: 2 ms' })).toBeNull();
    expect(toLogLine('X', { id: '3', timestamp: 0, message: '2026-01-01T00:00:00Z\tabc\tERROR\tboom' })).toMatchObject({ level: 'error', message: '2026-01-01T00:00:00Z\tabc\tERROR\tboom', fields: '' });
  });
});
