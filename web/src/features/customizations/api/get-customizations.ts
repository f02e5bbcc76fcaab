import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Customizations } from '@shared/schemas/session';
import { apiGet } from '../../../lib/http';

export const getCustomizations = (): Promise<Customizations> => apiGet<Customizations>('/v1/system/customizations');

export const customizationsQueryOptions = () =>
  queryOptions({ queryKey: ['customizations'], queryFn: getCustomizations, staleTime: 5 * 60_000 });

export const useCustomizations = () => useSuspenseQuery(customizationsQueryOptions());
