import { createHash, createHmac } from 'node:crypto';
import { countCall } from '../usage/meter';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface AwsJsonRequest {
  endpoint: string;
  region: string;
  /** The signing name, e.g. `secretsmanager`. */
  service: string;
  /** The operation, e.g. `secretsmanager.GetSecretValue`. */
  target: string;
  body: string;
  credentials: AwsCredentials;
  now: Date;
  /** The JSON protocol's version: `application/x-amz-json-1.1` unless said (SQS speaks 1.0). */
  contentType?: string;
}

const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');
const hmac = (key: string | Buffer, text: string): Buffer => createHmac('sha256', key).update(text).digest();

/**
 * The headers of a `POST /` to an AWS JSON API, signed with Signature Version 4. Host is signed
 * as the endpoint's and left out of the answer: fetch sends that very value itself.
 */
export const signedJsonHeaders = (request: AwsJsonRequest): Record<string, string> => {
  const amzDate = request.now.toISOString().replace(/[-:]|\.\d+/g, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    'content-type': request.contentType ?? 'application/x-amz-json-1.1',
    'x-amz-date': amzDate,
    'x-amz-target': request.target,
  };
  if (request.credentials.sessionToken) headers['x-amz-security-token'] = request.credentials.sessionToken;
  const signed: Record<string, string> = { ...headers, host: new URL(request.endpoint).host };
  const names = Object.keys(signed).sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = ['POST', '/', '', ...names.map((name) => `${name}:${signed[name]}`), '', signedHeaders, sha256Hex(request.body)].join('\n');
  const scope = `${day}/${request.region}/${request.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = [day, request.region, request.service, 'aws4_request'].reduce(hmac, `AWS4${request.credentials.secretAccessKey}`);
  const signature = hmac(signingKey, stringToSign).toString('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${request.credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
};

/**
 * One call to an AWS JSON API (`POST /`) with the runtime's credentials, from the variables the SDK
 * would read: the answer's status and body, for the caller to judge.
 */
export const callAwsJson = async <T>(request: Omit<AwsJsonRequest, 'credentials' | 'now'>): Promise<{ ok: boolean; status: number; payload: T }> => {
  const headers = signedJsonHeaders({
    ...request,
    credentials: {
      accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? '',
      secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? '',
      sessionToken: process.env.AWS_SESSION_TOKEN,
    },
    now: new Date(),
  });
  countCall(`${request.service}:${request.target.split('.').pop()}`);
  const answer = await fetch(request.endpoint, { method: 'POST', headers, body: request.body });
  return { ok: answer.ok, status: answer.status, payload: (await answer.json()) as T };
};
