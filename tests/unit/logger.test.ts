import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonLinesWrittenDuring } from '../support/stdout-lines';
import { correlated, correlationFields, currentCorrelationId, logger, metric } from '../../functions/src/logger';

const linesOf = (work: () => unknown) => jsonLinesWrittenDuring<Record<string, unknown>>(work);

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the logger', () => {
  it('puts the correlation id of the invocation on every line, and in what it starts, across awaits', async () => {
    const handler = correlated(
      (event: { requestContext: { requestId: string } }) => event.requestContext.requestId,
      async (_event, _context: { awsRequestId: string }) => {
        logger.info('first');
        await new Promise((resolve) => setTimeout(resolve, 1));
        logger.info('second', { seen: currentCorrelationId() });
        return correlationFields();
      },
    );
    let started: unknown;
    const lines = await linesOf(async () => {
      started = await handler({ requestContext: { requestId: 'req-123' } }, { awsRequestId: 'lambda-1' });
    });
    expect(lines.map((line) => [line.message, line.correlationId])).toEqual([
      ['first', 'req-123'],
      ['second', 'req-123'],
    ]);
    expect(started).toEqual({ correlationId: 'req-123' });
    expect(currentCorrelationId()).toBeUndefined();
    expect(correlationFields()).toEqual({});
  });

  it("falls back to the invocation's own id when the event names none, or an unfilled schedule template", async () => {
    const handler = correlated((event: { correlationId?: string }) => event.correlationId, async () => logger.info('job'));
    const lines = await linesOf(async () => {
      await handler({}, { awsRequestId: 'lambda-2' });
      await handler({ correlationId: '<aws.scheduler.execution-id>' }, { awsRequestId: 'lambda-3' });
      await handler({ correlationId: 'exec-9' }, { awsRequestId: 'lambda-4' });
    });
    expect(lines.map((line) => line.correlationId)).toEqual(['lambda-2', 'lambda-3', 'exec-9']);
  });

  it('writes product metrics in the embedded metric format, with the stage as dimension', async () => {
    vi.stubEnv('METRICS_STAGE', 'prod');
    const [line] = await linesOf(() => correlated(() => 'req-7', async () => metric('ImportedRows', 1200))({}, { awsRequestId: 'x' }));
    expect(line).toMatchObject({
      level: 'info',
      message: 'metric',
      correlationId: 'req-7',
      Stage: 'prod',
      ImportedRows: 1200,
      _aws: { CloudWatchMetrics: [{ Namespace: 'WattWise', Dimensions: [['Stage']], Metrics: [{ Name: 'ImportedRows', Unit: 'Count' }] }] },
    });
    expect(typeof (line._aws as { Timestamp: unknown }).Timestamp).toBe('number');
  });
});
