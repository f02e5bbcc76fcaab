import { config } from '../config';
import { callAwsJson } from './aws-json-request';

/**
 * One signed call to SSM's GetParameter (as secrets.ts does for Secrets Manager: the SDK's client
 * would weigh more than the read it makes). Null when the parameter does not exist (yet).
 */
const getParameter = async (name: string): Promise<string | null> => {
  const { ok, status, payload } = await callAwsJson<{ Parameter?: { Value?: string }; __type?: string; message?: string }>({
    endpoint: config.AWS_ENDPOINT_URL ?? `https://ssm.${config.AWS_REGION}.amazonaws.com`,
    region: config.AWS_REGION,
    service: 'ssm',
    target: 'AmazonSSM.GetParameter',
    body: JSON.stringify({ Name: name }),
  });
  if (ok) return payload.Parameter?.Value ?? null;
  if (String(payload.__type ?? '').endsWith('ParameterNotFound')) return null;
  throw new Error(`GetParameter of ${name} failed: ${payload.__type ?? status} ${payload.message ?? ''}`);
};

const cache = new Map<string, Promise<string | null>>();

/**
 * A parameter's value, read once per container. A failed read, or a parameter not written yet
 * (the functions' stack is deployed before the web stack that writes it), is asked again next time.
 */
export const parameterValue = (name: string): Promise<string | null> => {
  let value = cache.get(name);
  if (!value) {
    value = getParameter(name);
    value.then((found) => found === null && cache.delete(name), () => cache.delete(name));
    cache.set(name, value);
  }
  return value;
};
