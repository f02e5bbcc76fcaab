import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import { DEFAULT_TIMEZONE } from '@shared/constants';
import type { TimezoneEntry } from '@shared/schemas/customer';
import { callApi } from './http';

/** The server's one list of IANA zones (with their countries): the customer form and the location panel offer the same. */
export const timezonesQueryOptions = () =>
  queryOptions({ queryKey: ['timezones'] as const, queryFn: () => callApi(API.listCustomerTimezones, {}), staleTime: Infinity });

/** The distinct zone names, the default first while the list loads; `current` is always offered. */
export const zoneNamesOf = (entries: readonly TimezoneEntry[] | undefined, current?: string): string[] => {
  const names = [...new Set((entries ?? []).map((entry) => entry.name))].sort((a, b) => a.localeCompare(b));
  for (const wanted of [current, DEFAULT_TIMEZONE]) if (wanted && !names.includes(wanted)) names.unshift(wanted);
  return names;
};

export const useTimezones = () => useQuery(timezonesQueryOptions());
