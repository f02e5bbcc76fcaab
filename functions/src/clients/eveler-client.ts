import * as z from 'zod';
import type { SourceHierarchy } from '@shared/schemas/source';
import { getJson, inBatches, type ProviderClient, type ProviderSettings, type ProviderValue } from './provider-client';

/**
 * Eveler. Its API is not published where we could read it; this module is the one place that
 * knows it, written for the concepts the product relies on (groups of devices, device profiles
 * listing their points, values of a point over a window) with the `apikey` header. Should the
 * real paths differ, only this module changes.
 * - `GET /groups`: `{ groups: [{ id, name }] }`;
 * - `GET /profiles`: `{ profiles: [{ id, name, points: [{ key, name, unit }] }] }`;
 * - `GET /devices`: `{ devices: [{ id, name, unique_id, group_id, profile_id }] }`;
 * - `GET /devices/{id}/points/{key}/values?since=&until=&cursor=`: `{ values: [{ date, value }], next }`
 *   (ISO 8601 bounds, `since` included; `next` is the cursor of the following page, null at the end).
 */
const id = z.union([z.number(), z.string()]).transform(String);
const groupsSchema = z.object({ groups: z.array(z.object({ id, name: z.string() })) });
const profilesSchema = z.object({
  profiles: z.array(
    z.object({ id, name: z.string(), points: z.array(z.object({ key: z.string(), name: z.string().nullish(), unit: z.string().nullish() })).default([]) }),
  ),
});
const devicesSchema = z.object({
  devices: z.array(z.object({ id, name: z.string(), unique_id: z.string(), group_id: id.nullish(), profile_id: id.nullish() })),
});
const valuesSchema = z.object({
  values: z.array(z.object({ date: z.string(), value: z.number().nullable() })),
  next: z.string().nullish(),
});

const MAX_PAGES = 400;

export const evelerClient = (settings: ProviderSettings): ProviderClient => ({
  async discover() {
    const [{ groups }, { profiles }, { devices }] = await Promise.all([
      getJson(settings, '/groups', groupsSchema),
      getJson(settings, '/profiles', profilesSchema),
      getJson(settings, '/devices', devicesSchema),
    ]);
    const profileById = new Map(profiles.map((profile) => [profile.id, profile]));
    const hierarchy: SourceHierarchy['groups'] = groups.map((group) => ({ id: group.id, name: group.name, devices: [] }));
    const byId = new Map(hierarchy.map((group) => [group.id, group]));
    for (const device of devices) {
      const groupId = device.group_id ?? '';
      let group = byId.get(groupId);
      if (!group) {
        group = { id: groupId, name: groupId, devices: [] };
        byId.set(groupId, group);
        hierarchy.push(group);
      }
      const profile = device.profile_id ? profileById.get(device.profile_id) : undefined;
      group.devices.push({
        id: device.id,
        name: device.name,
        unique_id: device.unique_id,
        profile: profile?.name ?? null,
        points: (profile?.points ?? []).map((point) => ({ key: point.key, name: point.name ?? point.key, unit: point.unit ?? '' })),
      });
    }
    return hierarchy;
  },

  async values(device, pointKeys, since, until) {
    const perPoint = await inBatches(pointKeys, 4, async (key) => {
      const found: ProviderValue[] = [];
      let cursor: string | null | undefined;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const answer = await getJson(settings, `/devices/${encodeURIComponent(device.id)}/points/${encodeURIComponent(key)}/values`, valuesSchema, {
          since: new Date(since).toISOString(),
          until: new Date(until).toISOString(),
          ...(cursor ? { cursor } : {}),
        });
        for (const entry of answer.values) {
          const at = Date.parse(entry.date);
          if (Number.isFinite(at) && entry.value !== null) found.push({ key, at, value: entry.value });
        }
        cursor = answer.next;
        if (!cursor) break;
      }
      return found;
    });
    return perPoint.flat();
  },
});
