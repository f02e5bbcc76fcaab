import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { DEFAULT_WEATHER_PROVIDER_URL } from '../lib/settings';
import type { Deployment } from './deploy';
import { startFakeOpenWeatherMap } from './fake-openweathermap';

/**
 * The weather provider a local deployment talks to: OpenWeatherMap itself when the operator gives
 * its key (`OPENWEATHERMAP_API_KEY`, and `OPENWEATHERMAP_URL` for another address), else the local
 * server speaking its API on a loopback port. Either way the functions get the URL as deploy-time
 * context and the key through the deployment's secret, as on AWS.
 */
export interface WeatherProvider {
  url: string;
  /** Whether it is the local stand-in (whose calls the tests can count). */
  fake: boolean;
  /** Once deployed: the real key goes into the secret, or the stand-in learns the generated one. */
  connect: (deployment: Deployment) => Promise<void>;
  close: () => Promise<void>;
}

const secretsOf = (deployment: Deployment) =>
  new SecretsManagerClient({ endpoint: deployment.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });

export const startWeatherProvider = async (): Promise<WeatherProvider> => {
  const operatorKey = process.env.OPENWEATHERMAP_API_KEY?.trim();
  if (operatorKey) {
    return {
      url: process.env.OPENWEATHERMAP_URL?.trim() || DEFAULT_WEATHER_PROVIDER_URL,
      fake: false,
      connect: async (deployment) => {
        await secretsOf(deployment).send(new PutSecretValueCommand({ SecretId: deployment.weatherKeySecretArn, SecretString: operatorKey }));
      },
      close: async () => undefined,
    };
  }
  const fake = await startFakeOpenWeatherMap();
  return {
    url: fake.url,
    fake: true,
    connect: async (deployment) => {
      const { SecretString } = await secretsOf(deployment).send(new GetSecretValueCommand({ SecretId: deployment.weatherKeySecretArn }));
      if (!SecretString) throw new Error('The weather provider key secret has no value');
      fake.acceptKey(SecretString);
    },
    close: fake.close,
  };
};
