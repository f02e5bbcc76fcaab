import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { WEATHER_REFRESH_MIN_MS } from '@shared/constants';
import type { CurrentWeather, ForecastDay } from '@shared/schemas/weather';
import { dynamo } from '../clients/dynamodb';
import { keys } from './keys';
import { entitiesTable } from './table';

/** The weather cache of a place (spec 1 §3.1: current, forecast, units, last_call). */
export interface WeatherCacheKey {
  place: string;
  units: string;
  lang: string;
}

export interface CachedWeather {
  name: string;
  country: string | null;
  current: CurrentWeather | null;
  /** When the provider was last asked for the current weather (ISO). */
  current_call: string | null;
  forecast: ForecastDay[] | null;
  forecast_call: string | null;
}

/** A place nobody asked about for a day leaves the table (DynamoDB's TTL, in epoch seconds). */
const CACHE_LIFETIME_SECONDS = 24 * 3600;

const keyOf = ({ place, units, lang }: WeatherCacheKey) => keys.weather(place, units, lang);

const expiresAt = (now: Date) => Math.floor(now.getTime() / 1000) + CACHE_LIFETIME_SECONDS;

export const getCachedWeather = async (key: WeatherCacheKey): Promise<CachedWeather | null> => {
  const { Item } = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keyOf(key), ConsistentRead: true }));
  if (!Item) return null;
  return {
    name: String(Item.name ?? ''),
    country: (Item.country as string | undefined) ?? null,
    current: (Item.current as CurrentWeather | undefined) ?? null,
    current_call: (Item.current_call as string | undefined) ?? null,
    forecast: (Item.forecast as ForecastDay[] | undefined) ?? null,
    forecast_call: (Item.forecast_call as string | undefined) ?? null,
  };
};

/**
 * Takes the right to ask the provider for a place: granted to one request only, and only when
 * nobody took it within the last 5 minutes — so concurrent requests never call twice.
 */
export const claimWeatherRefresh = async (key: WeatherCacheKey, now: Date): Promise<boolean> => {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: entitiesTable(),
        Key: keyOf(key),
        UpdateExpression: 'SET claimed_at = :now, expires_at = :expires, kind = :kind',
        ConditionExpression: 'attribute_not_exists(claimed_at) OR claimed_at <= :limit',
        ExpressionAttributeValues: {
          ':now': now.getTime(),
          ':limit': now.getTime() - WEATHER_REFRESH_MIN_MS,
          ':expires': expiresAt(now),
          ':kind': 'weather',
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
};

/** Gives the claim back after a failed call, so that the next request may try again. */
export const releaseWeatherClaim = async (key: WeatherCacheKey, claimedAt: Date): Promise<void> => {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: entitiesTable(),
        Key: keyOf(key),
        UpdateExpression: 'REMOVE claimed_at',
        ConditionExpression: 'claimed_at = :mine',
        ExpressionAttributeValues: { ':mine': claimedAt.getTime() },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
};

/** Stores what the provider answered (the forecast only when it was asked too). */
export const storeWeather = async (key: WeatherCacheKey, fresh: Partial<CachedWeather>, now: Date): Promise<void> => {
  const values: Record<string, unknown> = { ...fresh, expires_at: expiresAt(now) };
  const names = Object.keys(values);
  await dynamo.send(
    new UpdateCommand({
      TableName: entitiesTable(),
      Key: keyOf(key),
      UpdateExpression: `SET ${names.map((_, index) => `#n${index} = :v${index}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#n${index}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name, index) => [`:v${index}`, values[name]])),
    }),
  );
};
