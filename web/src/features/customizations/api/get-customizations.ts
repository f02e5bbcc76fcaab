import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Customizations } from '@shared/schemas/session';
import { API } from '@shared/api/routes';
import { callApi } from '../../../lib/http';

export const getCustomizations = (): Promise<Customizations> => callApi(API.getCustomizations, {});

export const customizationsQueryOptions = () =>
  queryOptions({ queryKey: ['customizations'], queryFn: getCustomizations, staleTime: 5 * 60_000 });

export const useCustomizations = () => useSuspenseQuery(customizationsQueryOptions());
