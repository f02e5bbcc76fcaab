import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import { LANGUAGE_LIST, offeredLanguages, type Language } from '@shared/languages';
import { callApi } from './http';
import { useFirstScreenAnswered } from './first-screen-calls';

/** The languages come from the server (spec 1 §3.1); the built-in list stands in until it answers. */
export const languagesQueryOptions = () =>
  queryOptions({
    queryKey: ['languages'] as const,
    queryFn: () => callApi(API.listLanguages, {}),
    staleTime: Infinity,
    placeholderData: [...LANGUAGE_LIST],
  });

/** Asked once the first screen's calls have answered (first-screen-calls.ts): the built-in list meanwhile. */
export const useLanguages = (): Language[] => useQuery({ ...languagesQueryOptions(), enabled: useFirstScreenAnswered() }).data ?? [...LANGUAGE_LIST];

/** The languages a selector offers: a disabled one is not. */
export const useOfferedLanguages = (): Language[] => offeredLanguages(useLanguages());
