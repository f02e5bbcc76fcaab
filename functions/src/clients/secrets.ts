import { config } from '../config';
import { callAwsJson } from './aws-json-request';

/**
 * One signed call instead of the SDK's Secrets Manager client: that client and the credential
 * chain it carries made most of the authorizer's bundle, for one read per container. The
 * credentials are the runtime's, from the variables the SDK would read.
 */
const getSecretValue = async (secretId: string): Promise<string> => {
  const { ok, status, payload } = await callAwsJson<{ SecretString?: string; __type?: string; message?: string }>({
    endpoint: config.AWS_ENDPOINT_URL ?? `https://secretsmanager.${config.AWS_REGION}.amazonaws.com`,
    region: config.AWS_REGION,
    service: 'secretsmanager',
    target: 'secretsmanager.GetSecretValue',
    body: JSON.stringify({ SecretId: secretId }),
  });
  if (!ok) throw new Error(`GetSecretValue of ${secretId} failed: ${payload.__type ?? status} ${payload.message ?? ''}`);
  if (!payload.SecretString) throw new Error(`Secret ${secretId} has no string value`);
  return payload.SecretString;
};

const cache = new Map<string, Promise<string>>();

/** A secret's value, read once per container. */
export const secretValue = (secretId: string): Promise<string> => {
  let value = cache.get(secretId);
  if (!value) {
    value = getSecretValue(secretId);
    value.catch(() => cache.delete(secretId));
    cache.set(secretId, value);
  }
  return value;
};

/** Drops what was read of a secret (a refused key may have been replaced since): the next use reads it again. */
export const forgetSecretValue = (secretId: string): void => {
  cache.delete(secretId);
};
