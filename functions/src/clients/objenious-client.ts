import * as z from 'zod';
import type { HierarchyDevice, SourceHierarchy } from '@shared/schemas/source';
import { getJson, inBatches, type ProviderClient, type ProviderSettings, type ProviderValue } from './provider-client';

/**
 * Objenious (Bouygues Telecom's LoRa network), SPOT API v2 (https://api.objenious.com/doc/):
 * every call carries the `apikey` header.
 * - `GET /groups`: `[{ id, name, parent }]`; `GET /profiles`: `[{ id, name }]` (device types);
 * - `GET /devices`: `[{ id, label, group: { id }, profile: { id }, properties: { deveui, … }, status }]`;
 * - `GET /devices/{id}/state`: the device's current state, `data` holding its last decoded values by name;
 * - `GET /devices/{id}/values?since=&until=&limit=&cursor=`: `{ values: [{ timestamp, data }], cursor }`,
 *   RFC 3339 bounds, the next page asked with the answer's cursor while pages come full.
 */
const ref = z.object({ id: z.union([z.number(), z.string()]) }).nullish();
const groupSchema = z.object({ id: z.union([z.number(), z.string()]), name: z.string().nullish(), parent: ref });
const profileSchema = z.object({ id: z.union([z.number(), z.string()]), name: z.string().nullish() });
const deviceSchema = z.object({
  id: z.union([z.number(), z.string()]),
  label: z.string().nullish(),
  group: ref,
  profile: ref,
  properties: z.record(z.string(), z.unknown()).nullish(),
});
const stateSchema = z.object({ data: z.record(z.string(), z.unknown()).nullish() });
const valuesSchema = z.object({
  values: z.array(z.object({ timestamp: z.string(), data: z.record(z.string(), z.unknown()).nullish() })),
  cursor: z.string().nullish(),
});

const PAGE_SIZE = 500;
/** A runaway pagination stops here (500 × 400 values per device and fetch). */
const MAX_PAGES = 400;

/** Measured values are numbers; on/off ones come as booleans (1 and 0). */
const numberOf = (value: unknown): number | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return null;
};

export const objeniousClient = (settings: ProviderSettings): ProviderClient => ({
  async discover() {
    const [groups, profiles, devices] = await Promise.all([
      getJson(settings, '/groups', z.array(groupSchema)),
      getJson(settings, '/profiles', z.array(profileSchema)),
      getJson(settings, '/devices', z.array(deviceSchema)),
    ]);
    const profileNames = new Map(profiles.map((profile) => [String(profile.id), profile.name ?? String(profile.id)]));
    const described = await inBatches(devices, 4, async (device): Promise<HierarchyDevice & { group: string }> => {
      const state = await getJson(settings, `/devices/${encodeURIComponent(String(device.id))}/state`, stateSchema);
      const deveui = device.properties?.deveui;
      return {
        id: String(device.id),
        name: device.label ?? String(device.id),
        unique_id: typeof deveui === 'string' && deveui ? deveui : String(device.id),
        profile: device.profile ? (profileNames.get(String(device.profile.id)) ?? null) : null,
        points: Object.entries(state.data ?? {})
          .filter(([, value]) => numberOf(value) !== null)
          .map(([key]) => ({ key, name: key, unit: '' })),
        group: device.group ? String(device.group.id) : '',
      };
    });
    const known: SourceHierarchy['groups'] = groups.map((group) => ({ id: String(group.id), name: group.name ?? String(group.id), devices: [] }));
    const byId = new Map(known.map((group) => [group.id, group]));
    for (const { group, ...device } of described) {
      let target = byId.get(group);
      if (!target) {
        target = { id: group, name: group, devices: [] };
        byId.set(group, target);
        known.push(target);
      }
      target.devices.push(device);
    }
    return known;
  },

  async values(device, pointKeys, since, until) {
    const wanted = new Set(pointKeys);
    const found: ProviderValue[] = [];
    let cursor: string | null | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const answer = await getJson(settings, `/devices/${encodeURIComponent(device.id)}/values`, valuesSchema, {
        since: new Date(since).toISOString(),
        until: new Date(until).toISOString(),
        limit: String(PAGE_SIZE),
        ...(cursor ? { cursor } : {}),
      });
      for (const entry of answer.values) {
        const at = Date.parse(entry.timestamp);
        if (!Number.isFinite(at)) continue;
        for (const [key, raw] of Object.entries(entry.data ?? {})) {
          const value = numberOf(raw);
          if (wanted.has(key) && value !== null) found.push({ key, at, value });
        }
      }
      cursor = answer.cursor;
      if (answer.values.length < PAGE_SIZE || !cursor) break;
    }
    return found;
  },
});
