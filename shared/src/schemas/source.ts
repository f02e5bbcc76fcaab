import * as z from 'zod';
import { idSchema } from './common';
import { RESOURCES } from './point';

import { SOURCE_TYPES, type ProviderSourceType, type SourceType } from './source-types';

export * from './source-types';

/**
 * What kind of origin a source is. Configurable sources take their type's family; a source
 * created with a name and a family only (`POST /api/v1/sources`) names an origin that needs no
 * configuration (manual entry, an outside API client, files).
 */
export const SOURCE_FAMILIES = ['iot', 'weather', 'email', 'custom', 'manual', 'api', 'files'] as const;
export type SourceFamily = (typeof SOURCE_FAMILIES)[number];
export const FAMILY_OF_TYPE: Record<SourceType, SourceFamily> = {
  eveler: 'iot',
  objenious: 'iot',
  weather: 'weather',
  email: 'email',
  custom: 'custom',
};

/** Fetch intervals in minutes (spec 3 §9); 15 by default. */
export const SOURCE_FETCH_INTERVALS = [1, 2, 3, 4, 5, 10, 15, 30] as const;
export const DEFAULT_FETCH_INTERVAL = 15;

/** Versions of the provider APIs asked when the user leaves the field empty. */
export const DEFAULT_API_VERSION: Record<ProviderSourceType, string> = { eveler: 'v1', objenious: 'v2' };
/** Where a provider's public API answers, when it is known (Eveler's address is the customer's to give); the user may point a source elsewhere. */
export const DEFAULT_ENDPOINT: Partial<Record<ProviderSourceType, string>> = { objenious: 'https://api.objenious.com' };

/** The mailbox folder read when none is named. */
export const DEFAULT_MAIL_FOLDER = 'INBOX';

const text = (max: number) => z.string().trim().max(max);

export const sourceFieldSchema = z.object({
  key: z.string().trim().min(1).max(60).regex(/^[\w.-]+$/),
  label: text(120).default(''),
  value: text(500).default(''),
});
export type SourceField = z.infer<typeof sourceFieldSchema>;

/** A titled group of fields on the custom source's form. */
export const sourceSectionSchema = z.object({
  title: text(120).min(1),
  fields: z.array(z.string().max(60)).max(50).default([]),
});
export type SourceSection = z.infer<typeof sourceSectionSchema>;

/** A measured quantity of a provider device (a key of its values), as discovered. */
export const hierarchyPointSchema = z.object({
  key: z.string().max(120),
  name: z.string().max(160),
  unit: z.string().max(20).default(''),
});
export const hierarchyDeviceSchema = z.object({
  id: z.string().max(120),
  name: z.string().max(160),
  /** The device's own identifier on the network (DevEUI, serial number): prepended to technical ids on demand. */
  unique_id: z.string().max(120),
  /** Its profile (device type) at the provider, when it has one. */
  profile: z.string().max(160).nullable().default(null),
  points: z.array(hierarchyPointSchema).max(200),
});
export const hierarchyGroupSchema = z.object({
  id: z.string().max(120),
  name: z.string().max(160),
  devices: z.array(hierarchyDeviceSchema).max(2000),
});
/** What the last discovery found at the provider: groups of devices, each with its points. */
export const sourceHierarchySchema = z.object({
  groups: z.array(hierarchyGroupSchema).max(500),
  discovered_at: z.string().nullable(),
});
export type SourceHierarchy = z.infer<typeof sourceHierarchySchema>;
export type HierarchyDevice = z.infer<typeof hierarchyDeviceSchema>;
export type HierarchyPoint = z.infer<typeof hierarchyPointSchema>;

export const EMPTY_HIERARCHY: SourceHierarchy = { groups: [], discovered_at: null };

const endpointSchema = z
  .string()
  .trim()
  .max(300)
  .refine((value) => /^https?:\/\/[^\s/]+/i.test(value), 'endpoint_invalid');

/**
 * `config.custom` as a client sends it. Secrets (the provider's api key, the mailbox password)
 * are write-only: a value replaces the stored one, an absent or null value keeps it; they are
 * stored encrypted and never answered.
 */
export const sourceConfigInputSchema = z.object({
  fields: z.array(sourceFieldSchema).max(100).default([]),
  sections: z.array(sourceSectionSchema).max(30).default([]),
  price: z.number().nonnegative().nullable().default(null),
  technical_id: text(120).nullable().default(null),
  endpoint: endpointSchema.nullable().default(null),
  api_version: text(20).regex(/^[\w.-]*$/).nullable().default(null),
  api_key: z.string().max(500).nullable().optional(),
  auto_discover_devices: z.boolean().default(false),
  fetch_interval: z.union(SOURCE_FETCH_INTERVALS.map((minutes) => z.literal(minutes))).default(DEFAULT_FETCH_INTERVAL),
  prepend_unique_id: z.boolean().default(true),
  city: text(160).nullable().default(null),
  city_id: z.union([z.number().int(), text(40)]).nullable().default(null),
  /** Where the city is (from the city search): what the weather provider is asked for. */
  lat: z.number().min(-90).max(90).nullable().default(null),
  lon: z.number().min(-180).max(180).nullable().default(null),
  host: text(255).nullable().default(null),
  email: text(255).nullable().default(null),
  password: z.string().max(500).nullable().optional(),
  tls: z.boolean().default(true),
  folder: text(255).default(DEFAULT_MAIL_FOLDER),
});
export type SourceConfigInput = z.input<typeof sourceConfigInputSchema>;

/** `config.custom` as answered: secrets only say whether one is stored. */
export const sourceConfigSchema = sourceConfigInputSchema.omit({ api_key: true, password: true }).extend({
  api_key: z.null(),
  has_api_key: z.boolean(),
  password: z.null(),
  has_password: z.boolean(),
  hierarchy: sourceHierarchySchema,
  /** Server-made: names this source's mailbox state and anything handed to outside parties. */
  uuid: z.string(),
});
export type SourceConfig = z.infer<typeof sourceConfigSchema>;

/** `POST /api/v1/sources/custom` and `PUT /api/v1/sources/{id}`: a whole source. */
export const sourceInputSchema = z.object({
  name: text(120).min(1),
  type: z.enum(SOURCE_TYPES),
  family: z.enum(SOURCE_FAMILIES).optional(),
  active: z.boolean().default(true),
  order: z.number().int().nonnegative().optional(),
  data_type: z.literal('Number').default('Number'),
  definitions: z.array(hierarchyPointSchema).max(200).default([]),
  resource: z.enum(RESOURCES).nullable().default(null),
  config: z.object({ custom: sourceConfigInputSchema.prefault({}) }).prefault({}),
});
export type SourceInput = z.input<typeof sourceInputSchema>;
export type ParsedSourceInput = z.output<typeof sourceInputSchema>;

/** `POST /api/v1/sources`: an origin that needs no configuration, by name and family. */
export const sourceNameAndFamilySchema = z.object({
  name: text(120).min(1),
  family: z.enum(SOURCE_FAMILIES),
});

/** How the last scheduled fetch went, shown in the list. */
export const sourceFetchStatusSchema = z.object({
  at: z.string(),
  ok: z.boolean(),
  /** Values written (new or changed), values found equal to what was stored, files handed to the import. */
  written: z.number().int(),
  unchanged: z.number().int(),
  files: z.number().int(),
  /** A stable code the web translates (`source_provider_refused` …), and the outside server's own words. */
  error: z.string().nullable(),
  detail: z.string().nullable(),
});
export type SourceFetchStatus = z.infer<typeof sourceFetchStatusSchema>;

export const sourceSchema = z.object({
  _id: idSchema,
  name: z.string(),
  customer: idSchema,
  type: z.enum(SOURCE_TYPES),
  family: z.enum(SOURCE_FAMILIES),
  is_configurable: z.boolean(),
  active: z.boolean(),
  order: z.number().int(),
  data_type: z.literal('Number'),
  definitions: z.array(hierarchyPointSchema),
  resource: z.enum(RESOURCES).nullable(),
  config: z.object({ custom: sourceConfigSchema }),
  last_fetch: sourceFetchStatusSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Source = z.infer<typeof sourceSchema>;

/** A point a discovery proposes: where it comes from, the technical id it would carry, the point that already does. */
export const proposedPointSchema = z.object({
  /** `<device id>/<point key>`: what `POST /api/v1/sources/{id}/points` takes. */
  key: z.string(),
  group: z.string(),
  device: z.string(),
  device_name: z.string(),
  name: z.string(),
  unit: z.string(),
  technical_id: z.string(),
  /** The customer's point with that technical id, if one exists. */
  point: idSchema.nullable(),
});
export type ProposedPoint = z.infer<typeof proposedPointSchema>;

export const sourceDiscoverySchema = z.object({
  hierarchy: sourceHierarchySchema,
  proposals: z.array(proposedPointSchema),
});
export type SourceDiscovery = z.infer<typeof sourceDiscoverySchema>;

/** `POST /api/v1/sources/{id}/points`: creates the chosen proposals as points of the source. */
export const sourcePointsRequestSchema = z.object({
  keys: z.array(z.string().max(250)).min(1).max(500),
  location: idSchema.nullable().default(null),
  resource: z.enum(RESOURCES).nullable().default(null),
});

export const sourceDeletionResponseSchema = z.object({ deleted: idSchema });
export const sourceFetchStartedSchema = z.object({ started: z.boolean() });
