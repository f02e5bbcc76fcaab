import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../functions/src/data/keys';

/**
 * The API rate limit between neighbours: customer A calls at `ratio` times customer B's rate, both
 * open-loop (a call leaves on time whether the previous one answered or not), for `seconds`. How
 * many of each were refused with 429 says whether A's burst is held at A's limit (`throttled_a` >
 * 0) without B being refused (`throttled_b` = 0). Reused by `bench:neighbours`.
 */
export interface ThrottlingRun {
  restBaseUrl: string;
  tokenA: string;
  tokenB: string;
  /** B's calls per second; A's are `ratio` times as many. */
  rateB: number;
  ratio?: number;
  seconds: number;
  /** A cheap signed-in GET both may call. */
  path?: string;
}

export interface Throttling {
  sentA: number;
  sentB: number;
  throttledA: number;
  throttledB: number;
  /** Answers that were neither 200 nor 429 (they would hide a refusal); 0 for no answer at all. */
  failedA: number;
  failedB: number;
  /** How many answers of each status, `status:count` (`200:40 429:160`), for each side. */
  statusesA: string;
  statusesB: string;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Calls at a steady rate for the run's length, each answer's status counted. */
const callAtRate = async (url: string, token: string, perSecond: number, seconds: number): Promise<number[]> => {
  const started = Date.now();
  const calls: Promise<number>[] = [];
  const total = Math.round(perSecond * seconds);
  for (let index = 0; index < total; index += 1) {
    await wait(started + (index * 1000) / perSecond - Date.now());
    calls.push(
      fetch(url, { headers: { Authorization: `Bearer ${token}` } }).then(
        async (answer) => {
          await answer.arrayBuffer();
          return answer.status;
        },
        () => 0,
      ),
    );
  }
  return Promise.all(calls);
};

export const measureThrottling = async (run: ThrottlingRun): Promise<Throttling> => {
  const url = `${run.restBaseUrl}${run.path ?? '/api/v1/tabs'}`;
  const [a, b] = await Promise.all([
    callAtRate(url, run.tokenA, run.rateB * (run.ratio ?? 10), run.seconds),
    callAtRate(url, run.tokenB, run.rateB, run.seconds),
  ]);
  const count = (statuses: number[], wanted: (status: number) => boolean) => statuses.filter(wanted).length;
  const histogram = (statuses: number[]) =>
    [...new Set(statuses)].sort().map((status) => `${status}:${count(statuses, (other) => other === status)}`).join(' ');
  return {
    sentA: a.length,
    sentB: b.length,
    throttledA: count(a, (status) => status === 429),
    throttledB: count(b, (status) => status === 429),
    failedA: count(a, (status) => status !== 200 && status !== 429),
    failedB: count(b, (status) => status !== 200 && status !== 429),
    statusesA: histogram(a),
    statusesB: histogram(b),
  };
};

export const throttlingLine = (result: Throttling): string => `throttled_a=${result.throttledA} throttled_b=${result.throttledB}`;

/**
 * Gives a customer its own API rate limit (`api_rate_limit` on its item, the operator's setting),
 * or takes it back (null). A running function trusts what it read of a customer for 15 s
 * (functions/src/services/access-service.ts): wait that long before counting on the change.
 */
export const setOwnRateLimit = async (
  deployment: { endpoint: string; entitiesTable: string },
  customerId: string,
  limit: { count: number; window_seconds: number } | null,
): Promise<void> => {
  const dynamo = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: deployment.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } }),
  );
  const Key = keys.customer(customerId);
  await dynamo.send(
    limit
      ? new UpdateCommand({ TableName: deployment.entitiesTable, Key, UpdateExpression: 'SET api_rate_limit = :limit', ExpressionAttributeValues: { ':limit': limit }, ConditionExpression: 'attribute_exists(PK)' })
      : new UpdateCommand({ TableName: deployment.entitiesTable, Key, UpdateExpression: 'REMOVE api_rate_limit', ConditionExpression: 'attribute_exists(PK)' }),
  );
};
