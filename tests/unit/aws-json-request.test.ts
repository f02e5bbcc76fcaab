import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import { signedJsonHeaders } from '../../functions/src/clients/aws-json-request';

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'session/token+=' };
const now = new Date('2015-08-30T12:36:00Z');
const body = JSON.stringify({ SecretId: 'arn:aws:secretsmanager:eu-west-3:123456789012:secret:jwt-AbCdEf' });

/** What the SDK's own signer (the one its clients use) answers for the same request. */
const signedBySdk = async (endpoint: string) => {
  const url = new URL(endpoint);
  const signer = new SignatureV4({ credentials, region: 'eu-west-3', service: 'secretsmanager', sha256: Sha256, applyChecksum: false });
  const request = await signer.sign(
    {
      method: 'POST',
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: '/',
      headers: { 'content-type': 'application/x-amz-json-1.1', host: url.host, 'x-amz-target': 'secretsmanager.GetSecretValue' },
      body,
    },
    { signingDate: now },
  );
  return request.headers.authorization;
};

describe('signed AWS JSON requests', () => {
  it.each(['https://secretsmanager.eu-west-3.amazonaws.com', 'http://127.0.0.1:4566'])('sign a call to %s as the SDK does', async (endpoint) => {
    const headers = signedJsonHeaders({
      endpoint,
      region: 'eu-west-3',
      service: 'secretsmanager',
      target: 'secretsmanager.GetSecretValue',
      body,
      credentials,
      now,
    });
    expect(headers.authorization).toBe(await signedBySdk(endpoint));
    expect(headers['x-amz-security-token']).toBe(credentials.sessionToken);
  });
});
