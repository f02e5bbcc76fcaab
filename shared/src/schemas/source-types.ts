// Without zod, so that a route's guard (the web's first screen) can read the types without every schema.

/**
 * Data sources (spec 3 §3 "Source"): where a customer's values come from. Five types can be
 * created from the screens (spec 3 §2); provider types are fetched on a schedule.
 */
export const SOURCE_TYPES = ['eveler', 'objenious', 'weather', 'email', 'custom'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

/** Provider APIs reached at the endpoint the user supplies, with an `apikey` header: discovered, then fetched. */
export const PROVIDER_SOURCE_TYPES = ['eveler', 'objenious'] as const satisfies readonly SourceType[];
export type ProviderSourceType = (typeof PROVIDER_SOURCE_TYPES)[number];

/** Types whose values (or files) are fetched by a schedule at the source's `fetch_interval`. */
export const FETCHED_SOURCE_TYPES = ['eveler', 'objenious', 'weather', 'email'] as const satisfies readonly SourceType[];

export const isProviderType = (type: SourceType): type is ProviderSourceType => (PROVIDER_SOURCE_TYPES as readonly string[]).includes(type);
export const isFetchedType = (type: SourceType): boolean => (FETCHED_SOURCE_TYPES as readonly string[]).includes(type);
