import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

const secrets = new SecretsManagerClient({});
const cache = new Map<string, Promise<string>>();

/** A secret's value, read once per container. */
export const secretValue = (secretId: string): Promise<string> => {
  let value = cache.get(secretId);
  if (!value) {
    value = secrets.send(new GetSecretValueCommand({ SecretId: secretId })).then((answer) => {
      if (!answer.SecretString) throw new Error(`Secret ${secretId} has no string value`);
      return answer.SecretString;
    });
    value.catch(() => cache.delete(secretId));
    cache.set(secretId, value);
  }
  return value;
};
