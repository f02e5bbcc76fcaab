import { isDeepStrictEqual } from 'node:util';
import type * as z from 'zod';
import { pointInputSchema, type Point } from '@shared/schemas/point';
import {
  DEFAULT_API_VERSION,
  isProviderType,
  type ProposedPoint,
  type SourceDiscovery,
  type SourceHierarchy,
  type sourcePointsRequestSchema,
} from '@shared/schemas/source';
import { guessResource, proposalKey, technicalIdOf } from '@shared/sources/source-rules';
import { evelerClient } from '../clients/eveler-client';
import { objeniousClient } from '../clients/objenious-client';
import { ProviderError, type ProviderClient } from '../clients/provider-client';
import { listPointsOfCustomer } from '../data/point-repository';
import { saveHierarchy, type StoredSource } from '../data/source-repository';
import { AppError } from '../errors';
import { customerOf, type Caller } from './caller';
import { createPoint } from './point-service';
import { openSecret } from './secret-box';
import { pointsForFetch } from './fetched-points';
import { requireSource } from './source-service';

/** The client of a provider source, with its api key opened (it never leaves the server). */
export const providerClientOf = async (source: StoredSource): Promise<ProviderClient> => {
  if (!isProviderType(source.type) || !source.config.endpoint || !source.api_key_sealed) throw new AppError('source_not_discoverable');
  const settings = {
    endpoint: source.config.endpoint,
    apiVersion: source.config.api_version || DEFAULT_API_VERSION[source.type],
    apiKey: await openSecret(source.customer, source.api_key_sealed),
  };
  return source.type === 'objenious' ? objeniousClient(settings) : evelerClient(settings);
};

/** A provider's failure as the API answers it: refused (a wrong key) or unreachable, with the provider's words. */
export const asAppError = (error: unknown): unknown =>
  error instanceof ProviderError
    ? new AppError(error.code === 'provider_refused' ? 'source_provider_refused' : 'source_provider_unreachable', { cause: error, data: { detail: error.detail } })
    : error;

/** Every point the hierarchy holds, with the technical id it carries under the source's prepend rule. */
export const proposalsOf = (source: Pick<StoredSource, 'config'>, hierarchy: SourceHierarchy, points: readonly Pick<Point, '_id' | 'technical_id'>[]): ProposedPoint[] => {
  const byTechnicalId = new Map(points.map((point) => [point.technical_id, point._id]));
  return hierarchy.groups.flatMap((group) =>
    group.devices.flatMap((device) =>
      device.points.map((point) => {
        const technicalId = technicalIdOf(device, point.key, source.config.prepend_unique_id);
        return {
          key: proposalKey(device.id, point.key),
          group: group.name,
          device: device.id,
          device_name: device.name,
          name: point.name,
          unit: point.unit,
          technical_id: technicalId,
          point: byTechnicalId.get(technicalId) ?? null,
        };
      }),
    ),
  );
};

/** Asks the provider for its groups, devices and points, keeps them on the source, and proposes the points not yet created. */
export const discoverHierarchy = async (source: StoredSource): Promise<SourceHierarchy> => {
  const client = await providerClientOf(source);
  const hierarchy: SourceHierarchy = { groups: await client.discover(), discovered_at: new Date().toISOString() };
  await saveHierarchy(source.customer, source._id, hierarchy);
  return hierarchy;
};

export const discoverSource = async (caller: Caller, sourceId: string): Promise<SourceDiscovery> => {
  const customerId = customerOf(caller);
  const source = await requireSource(customerId, sourceId);
  if (!isProviderType(source.type)) throw new AppError('source_not_discoverable');
  let hierarchy: SourceHierarchy;
  try {
    hierarchy = await discoverHierarchy(source);
  } catch (error) {
    throw asAppError(error);
  }
  return { hierarchy, proposals: proposalsOf(source, hierarchy, await listPointsOfCustomer(customerId)) };
};

/** The point a proposal becomes: named after its device, fed by the source, its unit as the provider names it. */
const pointInputOf = (source: StoredSource, proposal: ProposedPoint, location: string | null, resource: Point['resource'] | null) =>
  pointInputSchema.parse({
    name: `${proposal.device_name} ${proposal.name}`.slice(0, 160),
    technical_id: proposal.technical_id,
    resource: resource ?? source.resource ?? guessResource(proposal.name, proposal.unit),
    unit: proposal.unit.slice(0, 20),
    series_type: 'measure',
    source: source._id,
    location: location ? [location] : [],
  });

/**
 * Creates the chosen proposals of the last discovery as points of the source. Proposals whose
 * technical id a point already carries, and keys the discovery does not know, are skipped.
 */
export const createPointsOfSource = async (caller: Caller, sourceId: string, request: z.output<typeof sourcePointsRequestSchema>) => {
  const customerId = customerOf(caller);
  const source = await requireSource(customerId, sourceId);
  const proposals = new Map(proposalsOf(source, source.hierarchy, await listPointsOfCustomer(customerId)).map((proposal) => [proposal.key, proposal]));
  const created: Point[] = [];
  const skipped: string[] = [];
  for (const key of new Set(request.keys)) {
    const proposal = proposals.get(key);
    if (!proposal || proposal.point) {
      skipped.push(key);
      continue;
    }
    created.push((await createPoint(caller, pointInputOf(source, proposal, request.location, request.resource))).point);
  }
  return { created, skipped };
};

/**
 * With `auto_discover_devices`, a fetch first asks the provider again and creates the points of
 * devices that appeared (without location, for the user to place): new devices need no visit to the screen.
 */
/**
 * The hierarchy a fetch's discovery found, stored only when its groups changed: an unchanged one keeps
 * its date (when it was last found different) and costs the source no write — every 15-minute
 * fetch rewrote the source and its list entry for nothing (issue 41).
 */
const rediscoverHierarchy = async (source: StoredSource): Promise<SourceHierarchy> => {
  const client = await providerClientOf(source);
  const groups = await client.discover();
  if (source.hierarchy.discovered_at !== null && isDeepStrictEqual(groups, source.hierarchy.groups)) return source.hierarchy;
  const hierarchy: SourceHierarchy = { groups, discovered_at: new Date().toISOString() };
  await saveHierarchy(source.customer, source._id, hierarchy);
  return hierarchy;
};

export const discoverNewPoints = async (source: StoredSource): Promise<{ hierarchy: SourceHierarchy; created: number }> => {
  const hierarchy = await rediscoverHierarchy(source);
  // The fetch's own list (kept while no point is written): a fetch that creates none reads it once.
  const fresh = proposalsOf(source, hierarchy, await pointsForFetch(source.customer)).filter((proposal) => proposal.point === null);
  const caller = systemCallerOf(source.customer);
  let created = 0;
  for (const proposal of fresh) {
    try {
      await createPoint(caller, pointInputOf(source, proposal, null, null));
      created += 1;
    } catch (error) {
      // Another writer took the technical id meanwhile: that point is the proposal's now.
      if (!(error instanceof AppError && error.code === 'technical_id_exists')) throw error;
    }
  }
  return { hierarchy, created };
};

/** Who creates points a schedule discovered: the customer's own administration, not a person. */
const systemCallerOf = (customerId: string): Caller => ({
  userId: 'system',
  customerId,
  homeCustomerId: customerId,
  role: 'administrator',
  isRoot: false,
  remember: false,
});
