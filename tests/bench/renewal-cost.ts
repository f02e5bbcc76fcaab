import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { ListSecretsCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { meteredUnits } from '../support/usage-units';

/**
 * What a session's renewal costs at a customer (issue 43): `auto_login` with the stamp of the tree
 * the client holds, called over HTTP as a browser does (time, bytes) and run by the users
 * function's own code in this process with the usage meter on (time, read units). Measured in
 * three ways:
 *
 * - `held`: the stamp settled, as after any quiet minute: the stamp says "unchanged", the locations
 *   are not read;
 * - `asBefore`: the stamp moved just now (within its settling time): the renewal reads the
 *   locations, builds the visible tree and its digest to compare with the client's — what every
 *   renewal did before the stamp (answering as little);
 * - `whole`: no stamp sent: the whole payload.
 */
export interface RenewalCall {
  /** Over HTTP, each call (after a first not counted). */
  httpMs: number[];
  /** The answer's size, uncompressed and as sent. */
  bytes: number;
  encodedBytes: number;
  /** In this process: the median time of the service and the read units of one call. */
  serviceMs: number;
  rcu: number;
}

export interface RenewalCost {
  held: RenewalCall;
  asBefore: RenewalCall;
  whole: RenewalCall;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const post = (url: string, body: unknown) =>
  new Promise<{ status: number; text: string; encodedBytes: number; ms: number }>((resolve, reject) => {
    const started = performance.now();
    const call = httpRequest(new URL(url), { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Encoding': 'gzip' } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const sent = Buffer.concat(chunks);
        const text = (answer.headers['content-encoding'] === 'gzip' ? gunzipSync(sent) : sent).toString('utf8');
        resolve({ status: answer.statusCode ?? 0, text, encodedBytes: sent.length, ms: performance.now() - started });
      });
      answer.on('error', reject);
    });
    call.on('error', reject);
    call.end(JSON.stringify(body));
  });

export const measureRenewalCost = async (options: { restBaseUrl: string; entitiesTable: string; seriesTable: string; customerId: string; token: string; calls: number }): Promise<RenewalCost> => {
  const secrets = await new SecretsManagerClient({}).send(new ListSecretsCommand({}));
  const jwtSecretArn = secrets.SecretList?.find((candidate) => candidate.Name?.includes('JwtSecret'))?.ARN;
  if (!jwtSecretArn) throw new Error('JWT secret not found');
  Object.assign(process.env, { ENTITIES_TABLE: options.entitiesTable, SERIES_TABLE: options.seriesTable, JWT_SECRET_ARN: jwtSecretArn });
  const { autoLogin } = await import('../../functions/src/services/session-service');
  const { keys } = await import('../../functions/src/data/keys');
  const { dynamo } = await import('../../functions/src/clients/dynamodb');
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { LOCATIONS_STAMP_SETTLE_MS } = await import('../../functions/src/services/login-locations');
  const stampMovedAt = (movedAt: number) =>
    dynamo.send(new UpdateCommand({ TableName: options.entitiesTable, Key: keys.locationsStamp(options.customerId), UpdateExpression: 'SET moved_at = :moved', ExpressionAttributeValues: { ':moved': movedAt } }));
  const url = `${options.restBaseUrl}/api/v1/users/auto_login`;

  const measure = async (locations_stamp: string | undefined, expectUnchanged: boolean): Promise<RenewalCall> => {
    const body = { token: options.token, ...(locations_stamp ? { locations_stamp } : {}) };
    const calls = [];
    for (let call = 0; call <= options.calls; call += 1) calls.push(await post(url, body));
    const last = calls.at(-1)!;
    if (last.status !== 200 || JSON.parse(last.text).data.locations_unchanged !== (expectUnchanged || undefined)) throw new Error(`auto_login answered ${last.status} ${last.text.slice(0, 200)}`);
    const serviceTimes: number[] = [];
    let rcu = 0;
    for (let run = 0; run < 3; run += 1) {
      const started = performance.now();
      const metered = await meteredUnits(() => autoLogin(body));
      serviceTimes.push(performance.now() - started);
      rcu = metered.rcu;
    }
    return { httpMs: calls.slice(1).map((call) => call.ms), bytes: Buffer.byteLength(last.text), encodedBytes: last.encodedBytes, serviceMs: median(serviceTimes), rcu };
  };
  const stampOfWhole = async () => JSON.parse((await post(url, { token: options.token })).text).data.locations_stamp as string;

  try {
    await stampMovedAt(Date.now() - LOCATIONS_STAMP_SETTLE_MS - 1_000);
    const held = await measure(await stampOfWhole(), true);
    const whole = await measure(undefined, false);
    // Moved "now" for as long as this lasts: every renewal reads the tree and compares its digest, as before the stamp.
    await stampMovedAt(Date.now() + 3_600_000);
    const asBefore = await measure(await stampOfWhole(), true);
    return { held, asBefore, whole };
  } finally {
    await stampMovedAt(Date.now() - LOCATIONS_STAMP_SETTLE_MS - 1_000);
  }
};

export const describeRenewal = (call: RenewalCall): string =>
  `p50 ${median(call.httpMs).toFixed(0)} ms over HTTP (${call.httpMs.map((ms) => ms.toFixed(0)).join(', ')}), ${call.serviceMs.toFixed(0)} ms in the service, ` +
  `${call.rcu.toFixed(1)} RCU, ${(call.bytes / 1024).toFixed(0)} KiB (${(call.encodedBytes / 1024).toFixed(0)} KiB as sent)`;

export const medianOf = median;
