import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { routesOfGroup } from '@shared/api/routes';
import { createHttpHandler, LAMBDA_ANSWER_LIMIT_BYTES } from '../../functions/src/middleware/http-handler';

/** The `system` group's handler, its public list of languages answering `languages`, every other operation unused. */
const systemHandler = (languages: () => unknown) =>
  createHttpHandler(
    'system',
    Object.fromEntries(routesOfGroup('system').map((route) => [route.operation, route.operation === 'listLanguages' ? languages : () => null])) as never,
  );

const listLanguages = { httpMethod: 'GET', resource: '/api/v1/languages', headers: {}, requestContext: { requestId: 'limit-test' } } as unknown as APIGatewayProxyEvent;
const context = { awsRequestId: 'limit-test', getRemainingTimeInMillis: () => 30_000 } as unknown as Context;

/** Items of about a kilobyte each in the answer. */
const items = (count: number) => Array.from({ length: count }, (_, index) => ({ key: `l${index}`, text: 'x'.repeat(1_000) }));

describe('the answer a function may return', () => {
  it('is sent whole up to what AWS Lambda allows', async () => {
    const answer = await systemHandler(() => items(5_000))(listLanguages, context);
    expect(answer.statusCode).toBe(200);
    expect(Buffer.byteLength(JSON.stringify(answer))).toBeGreaterThan(5_000_000);
    expect(Buffer.byteLength(JSON.stringify(answer))).toBeLessThanOrEqual(LAMBDA_ANSWER_LIMIT_BYTES);
  });

  it('past 6 MB is refused with a named error, as AWS would refuse it, and not sent', async () => {
    const answer = await systemHandler(() => items(6_500))(listLanguages, context);
    expect(answer.statusCode).toBe(502);
    expect(JSON.parse(answer.body)).toEqual({ res: false, msg: 'answer_too_large' });
    expect(answer.body.length).toBeLessThan(100);
  });
});
