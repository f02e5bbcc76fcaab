import { GetSecretValueCommand, ListSecretsCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { FakeProviderCall } from '../../infra/local/fake-openweathermap';
import { testEnvironment } from './environment';

/** Whether the functions talk to the local OpenWeatherMap stand-in, whose calls can be counted. */
export const hasFakeWeatherProvider = (): boolean => Boolean(testEnvironment().weatherProvider?.fake);

const providerUrl = (path: string): string => {
  const provider = testEnvironment().weatherProvider;
  if (!provider?.fake) throw new Error('No local weather provider in this test environment');
  return `${provider.url}${path}`;
};

/** The calls the stand-in accepted (a valid key), filtered by endpoint, place or search text. */
export const providerCalls = async (filter: { endpoint?: FakeProviderCall['endpoint']; lat?: number; lon?: number; q?: string } = {}): Promise<FakeProviderCall[]> => {
  const query = new URLSearchParams(Object.entries(filter).map(([name, value]) => [name, String(value)]));
  const answer = await fetch(providerUrl(`/_fake/calls?${query}`));
  return ((await answer.json()) as { calls: FakeProviderCall[] }).calls;
};

/** While on, the stand-in answers every data call with 503. */
export const setProviderOutage = async (on: boolean): Promise<void> => {
  await fetch(providerUrl(`/_fake/outage?on=${on}`), { method: 'PUT' });
};

/** The provider key the deployment generated (in the emulator's Secrets Manager). */
export const weatherProviderKey = async (): Promise<string> => {
  const secrets = new SecretsManagerClient({
    endpoint: testEnvironment().endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  const list = await secrets.send(new ListSecretsCommand({}));
  const secret = list.SecretList?.find((candidate) => candidate.Name?.includes('WeatherProviderKey'));
  if (!secret?.ARN) throw new Error('Weather provider key secret not found');
  return (await secrets.send(new GetSecretValueCommand({ SecretId: secret.ARN }))).SecretString ?? '';
};

/**
 * A place of its own for one test (two decimals of a degree), different at every run for about
 * three hours, so that a long-lived stack's cache from an earlier run never answers for it.
 */
export const placeOfItsOwn = (slot: number): { lat: number; lon: number } => {
  const index = (Math.floor(Date.now() / 1000) + slot * 997) % 10_000;
  return { lat: 20 + Math.floor(index / 100) / 100 + slot, lon: 30 + (index % 100) / 100 };
};
