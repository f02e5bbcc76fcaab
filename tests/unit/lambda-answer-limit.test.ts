import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { gunzipSync } from 'node:zlib';
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

const withHeaders = (headers: Record<string, string>) => ({ ...listLanguages, headers }) as APIGatewayProxyEvent;
const GZIP_CLIENT = { Accept: 'application/json', 'Accept-Encoding': 'gzip, deflate, br' };

describe('a JSON answer to a client that takes gzip', () => {
  it('leaves the function gzip-compressed, base64 for API Gateway, and reads back as the same JSON', async () => {
    const answer = await systemHandler(() => items(50))(withHeaders(GZIP_CLIENT), context);
    expect(answer.isBase64Encoded).toBe(true);
    expect(answer.headers).toMatchObject({ 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding', 'Content-Type': 'application/json; charset=utf-8' });
    expect(JSON.parse(gunzipSync(Buffer.from(answer.body, 'base64')).toString('utf8'))).toEqual({ res: true, data: items(50) });
  });

  it('is held to 6 MB as Lambda returns it: compressed, a list of 7 MB passes', async () => {
    const answer = await systemHandler(() => items(7_000))(withHeaders(GZIP_CLIENT), context);
    expect(answer.statusCode).toBe(200);
    expect(gunzipSync(Buffer.from(answer.body, 'base64')).byteLength).toBeGreaterThan(LAMBDA_ANSWER_LIMIT_BYTES);
    expect(Buffer.byteLength(JSON.stringify(answer))).toBeLessThan(LAMBDA_ANSWER_LIMIT_BYTES);
  });

  it('stays plain when small, when gzip is refused, or when the request names no Accept (API Gateway would then send base64 text)', async () => {
    const small = await systemHandler(() => items(0))(withHeaders(GZIP_CLIENT), context);
    const refused = await systemHandler(() => items(50))(withHeaders({ Accept: '*/*', 'Accept-Encoding': 'gzip;q=0, deflate' }), context);
    const noAccept = await systemHandler(() => items(50))(withHeaders({ 'Accept-Encoding': 'gzip' }), context);
    for (const answer of [small, refused, noAccept]) {
      expect(answer.isBase64Encoded ?? false).toBe(false);
      expect(answer.headers?.['Content-Encoding']).toBeUndefined();
      expect(JSON.parse(answer.body).res).toBe(true);
    }
  });
});
