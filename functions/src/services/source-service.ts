import { randomUUID } from 'node:crypto';
import { InvokeCommand } from '@aws-sdk/client-lambda';
import type * as z from 'zod';
import { PERIODICITIES, pointInputSchema } from '@shared/schemas/point';
import {
  EMPTY_HIERARCHY,
  FAMILY_OF_TYPE,
  isFetchedType,
  sourceConfigInputSchema,
  sourceNameAndFamilySchema,
  type ParsedSourceInput,
  type Source,
} from '@shared/schemas/source';
import { mailServerOf, missingSourceFields, sourceNameKey, weatherTechnicalId } from '@shared/sources/source-rules';
import { requireSetting } from '../config';
import { lambda } from '../clients/lambda';
import { assertDestinationAllowed } from '../clients/outbound-destination';
import { advanceLastDataDate, listPointsOfCustomer } from '../data/point-repository';
import {
  createSource as putNewSource,
  deleteMessagesOfSource,
  deleteSource as removeStoredSource,
  getSource,
  listSourcesOfCustomer,
  updateSource as saveSourceChanges,
  type StoredSource,
} from '../data/source-repository';
import { AppError } from '../errors';
import { customerOf, type Caller } from './caller';
import { newId } from './new-id';
import { createPoint } from './point-service';
import { removeSchedule, type ScheduledTarget } from './schedule-service';
import { syncSourceSchedules } from './source-schedule-service';
import { sealSecret } from './secret-box';
import { correlationFields } from '../logger';
import { fetchedDatesOfSource } from '../data/fetched-dates-repository';

/** A source as the browser sees it: secrets only say whether one is stored. */
export const toSourceAnswer = (stored: StoredSource): Source => {
  const { name_key: _nameKey, hierarchy, uuid, api_key_sealed, password_sealed, config, ...rest } = stored;
  return {
    ...rest,
    config: {
      custom: {
        ...config,
        api_key: null,
        has_api_key: api_key_sealed !== null,
        password: null,
        has_password: password_sealed !== null,
        hierarchy,
        uuid,
      },
    },
  };
};

export const requireSource = async (customerId: string, sourceId: string): Promise<StoredSource> => {
  const source = await getSource(customerId, sourceId);
  if (!source) throw new AppError('not_found');
  return source;
};

/** A source's own fetch (`fetchSourceNow`), and the name of the schedule of one source that versions before issue 41's cut made. */
const targetOf = (source: Pick<StoredSource, '_id' | 'customer'>): ScheduledTarget => ({ kind: 'source', id: source._id, customerId: source.customer });

/**
 * After a source is created, saved or deleted: the customer's fetch schedules set right (one per
 * interval of its active fetched sources, services/source-schedule-service), then the source's own
 * schedule of an older version removed if the deploy's migration has not yet (a fetch is never
 * left without a schedule between the two).
 */
const syncSchedules = async (source: Pick<StoredSource, '_id' | 'customer' | 'type'>): Promise<void> => {
  if (!isFetchedType(source.type)) return;
  await syncSourceSchedules(source.customer);
  await removeSchedule(targetOf(source));
};

/** A new value replaces the stored secret; none keeps it. */
const sealedOr = async (customerId: string, plain: string | null | undefined, stored: string | null): Promise<string | null> =>
  plain ? sealSecret(customerId, plain) : stored;

const checkComplete = (input: ParsedSourceInput, stored: StoredSource | null): void => {
  const missing = missingSourceFields(input, stored && { has_api_key: stored.api_key_sealed !== null, has_password: stored.password_sealed !== null });
  if (missing.length > 0) throw new AppError('source_incomplete', { data: { fields: missing } });
};

/**
 * The servers a source's configuration names (a provider's endpoint, a mailbox's server), judged by
 * the outbound-destination policy before anything is saved, whatever the type.
 */
const assertDestinationsAllowed = async (input: ParsedSourceInput): Promise<void> => {
  const { endpoint, host, tls } = input.config.custom;
  if (endpoint) {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch (error) {
      throw new AppError('validation_failed', { cause: error, details: 'endpoint_invalid' });
    }
    await assertDestinationAllowed(url.hostname, url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);
  }
  if (host) {
    const server = mailServerOf(host, tls);
    await assertDestinationAllowed(server.host, server.port);
  }
};

const configOf = (input: ParsedSourceInput) => {
  const { api_key: _apiKey, password: _password, ...config } = input.config.custom;
  return config;
};

/** The configuration of a source that needs none: the schema's defaults, so every source answers the same shape. */
const emptyConfig = (): StoredSource['config'] => {
  const { api_key: _apiKey, password: _password, ...config } = sourceConfigInputSchema.parse({});
  return config;
};

const nextOrder = (sources: readonly StoredSource[]): number => sources.reduce((highest, source) => Math.max(highest, source.order + 1), 0);

export const listSources = async (caller: Caller): Promise<Source[]> => (await listSourcesOfCustomer(customerOf(caller), { withFetchStatus: true })).map(toSourceAnswer);

export const getSourceOf = async (caller: Caller, sourceId: string): Promise<Source> => toSourceAnswer(await requireSource(customerOf(caller), sourceId));

const newSource = (customerId: string, fields: Omit<StoredSource, '_id' | 'customer' | 'hierarchy' | 'uuid' | 'last_fetch' | 'created_at' | 'updated_at'>): StoredSource => {
  const now = new Date().toISOString();
  return { ...fields, _id: newId('source'), customer: customerId, hierarchy: EMPTY_HIERARCHY, uuid: randomUUID(), last_fetch: null, created_at: now, updated_at: now };
};

/** `POST /api/v1/sources/custom`: a configurable source of any type, complete for its type. */
export const createConfigurableSource = async (caller: Caller, input: ParsedSourceInput): Promise<Source> => {
  const customerId = customerOf(caller);
  checkComplete(input, null);
  await assertDestinationsAllowed(input);
  const existing = await listSourcesOfCustomer(customerId);
  const source = newSource(customerId, {
    name: input.name,
    name_key: sourceNameKey(input.name),
    type: input.type,
    family: input.family ?? FAMILY_OF_TYPE[input.type],
    is_configurable: true,
    active: input.active,
    order: input.order ?? nextOrder(existing),
    data_type: input.data_type,
    definitions: input.definitions,
    resource: input.resource,
    config: configOf(input),
    api_key_sealed: await sealedOr(customerId, input.config.custom.api_key, null),
    password_sealed: await sealedOr(customerId, input.config.custom.password, null),
  });
  await putNewSource(source);
  await syncSchedules(source);
  if (source.type === 'weather') await ensureWeatherPoint(caller, source);
  return toSourceAnswer(source);
};

/** `POST /api/v1/sources`: an origin without configuration (manual entry, an API client, files), by name and family. */
export const createNamedSource = async (caller: Caller, input: z.output<typeof sourceNameAndFamilySchema>): Promise<Source> => {
  const customerId = customerOf(caller);
  const existing = await listSourcesOfCustomer(customerId);
  const source = newSource(customerId, {
    name: input.name,
    name_key: sourceNameKey(input.name),
    type: 'custom',
    family: input.family,
    is_configurable: false,
    active: true,
    order: nextOrder(existing),
    data_type: 'Number',
    definitions: [],
    resource: null,
    config: emptyConfig(),
    api_key_sealed: null,
    password_sealed: null,
  });
  await putNewSource(source);
  return toSourceAnswer(source);
};

/** `PUT /api/v1/sources/{id}`: the whole source again; its type never changes, secrets are kept unless replaced. */
export const updateSourceOf = async (caller: Caller, sourceId: string, input: ParsedSourceInput): Promise<Source> => {
  const customerId = customerOf(caller);
  const stored = await requireSource(customerId, sourceId);
  if (input.type !== stored.type) throw new AppError('validation_failed', { details: 'a source keeps its type' });
  if (stored.is_configurable) {
    checkComplete(input, stored);
    await assertDestinationsAllowed(input);
  }
  const changes = {
    name: input.name,
    name_key: sourceNameKey(input.name),
    family: input.family ?? stored.family,
    active: input.active,
    order: input.order ?? stored.order,
    data_type: input.data_type,
    definitions: input.definitions,
    resource: input.resource,
    config: stored.is_configurable ? configOf(input) : stored.config,
    api_key_sealed: await sealedOr(customerId, input.config.custom.api_key, stored.api_key_sealed),
    password_sealed: await sealedOr(customerId, input.config.custom.password, stored.password_sealed),
    updated_at: new Date().toISOString(),
  };
  await saveSourceChanges(customerId, sourceId, stored.name_key, changes);
  const saved: StoredSource = { ...stored, ...changes };
  await syncSchedules(saved);
  if (saved.type === 'weather') await ensureWeatherPoint(caller, saved);
  return toSourceAnswer(saved);
};

/** Refused while points name the source ('Source used by N point(s)'); its interval's schedule (when it was the last) and mailbox notes go with it. */
export const deleteSourceOf = async (caller: Caller, sourceId: string) => {
  const customerId = customerOf(caller);
  const source = await requireSource(customerId, sourceId);
  const users = (await listPointsOfCustomer(customerId)).filter((point) => point.source === sourceId);
  if (users.length > 0) throw new AppError('source_used', { data: { count: users.length } });
  // The dates its fetches recorded go into their points' own items first (points moved to another source keep them; issue 41).
  const fetched = await fetchedDatesOfSource(customerId, sourceId);
  await Promise.all([...fetched].map(([pointId, at]) => advanceLastDataDate(customerId, pointId, new Date(at).toISOString())));
  await removeStoredSource(source);
  await syncSchedules(source);
  await deleteMessagesOfSource(customerId, sourceId);
  return { deleted: sourceId };
};

/** Starts a fetch now, without waiting for it (the list shows its outcome when it ends). */
export const fetchSourceNow = async (caller: Caller, sourceId: string) => {
  const source = await requireSource(customerOf(caller), sourceId);
  if (!source.is_configurable || !isFetchedType(source.type)) return { started: false };
  await lambda.send(
    new InvokeCommand({
      FunctionName: requireSetting('SCHEDULED_JOBS_FUNCTION_ARN'),
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify({ ...targetOf(source), ...correlationFields() })),
    }),
  );
  return { started: true };
};

/**
 * A weather source gives its city's temperature as a point (a measure in °C, usable by degree-day
 * formulas): created with the source unless the customer has it already (another source of the
 * same city), and again when the city changes (the old city's point keeps its history).
 */
const ensureWeatherPoint = async (caller: Caller, source: StoredSource): Promise<void> => {
  if (source.config.city_id === null) return;
  const technicalId = weatherTechnicalId(source.config.city_id);
  const points = await listPointsOfCustomer(source.customer);
  if (points.some((point) => point.technical_id === technicalId)) return;
  await createPoint(
    caller,
    pointInputSchema.parse({
      name: source.config.city ?? source.name,
      technical_id: technicalId,
      resource: 'temperature',
      unit: '°C',
      unit_object: { category: 'temperature', s: '°C' },
      series_type: 'measure',
      source: source._id,
      periodicity: PERIODICITIES.find((seconds) => seconds >= source.config.fetch_interval * 60) ?? 3600,
    }),
  );
};
