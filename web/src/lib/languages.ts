import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import { LANGUAGE_LIST, offeredLanguages, type Language } from '@shared/languages';
import { callApi } from './http';

/** The languages come from the server (spec 1 §3.1); the built-in list stands in until it answers. */
export const languagesQueryOptions = () =>
  queryOptions({
    queryKey: ['languages'] as const,
    queryFn: () => callApi(API.listLanguages, {}),
    staleTime: Infinity,
    placeholderData: [...LANGUAGE_LIST],
  });

export const useLanguages = (): Language[] => useQuery(languagesQueryOptions()).data ?? [...LANGUAGE_LIST];

/** The languages a selector offers: a disabled one is not. */
export const useOfferedLanguages = (): Language[] => offeredLanguages(useLanguages());
