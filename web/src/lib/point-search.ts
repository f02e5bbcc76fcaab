import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import type { PickerPoint } from '@shared/api/responses';
import { MAX_POINTS_BY_IDS } from '@shared/schemas/point-requests';
import { callApi, callApiForPage } from './http';

/** A point as pickers show it (the fields a picker's page carries): with the names of its locations. */
export type SearchedPoint = PickerPoint;

/** Enough rows to fill a picker's list twice; the next page comes as the list is scrolled. */
export const POINT_SEARCH_PAGE_SIZE = 50;
/** Typing pauses shorter than this send one search, not one per key. */
export const POINT_SEARCH_DEBOUNCE_MS = 150;

const SEARCH_STALE_MS = 30_000;

export const POINT_SEARCH_KEY = ['points', 'search'] as const;

/** The points whose name, technical id or location names hold a text (accents and case ignored), page by page, searched by the server. */
export const pointSearchQueryOptions = (text: string) =>
  infiniteQueryOptions({
    queryKey: [...POINT_SEARCH_KEY, text] as const,
    queryFn: ({ pageParam, signal }) =>
      callApiForPage(API.listPointsWithLocationNames, {
        query: { ...(text ? { q: text } : {}), limit: String(POINT_SEARCH_PAGE_SIZE), fields: 'picker', ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    staleTime: SEARCH_STALE_MS,
  });

/** How long a picker waits before asking for `next` after `previous`: a key waits for the next one, a whole text (pasted) does not. */
export const searchDelayMs = (previous: string, next: string): number => (Math.abs(next.length - previous.length) > 1 ? 0 : POINT_SEARCH_DEBOUNCE_MS);

/**
 * The server's answer to what is typed, once typing pauses: the first page at once, the next ones
 * on `loadMore`. A search typed past is cancelled; the previous answer stays shown until the new one
 * comes, so the list does not flash empty between keys. Nothing is asked before the picker is
 * `active` (opened once), and then only once typing pauses: a user who opens the list and types at
 * once does not wait for the unsearched first page (at 20,000 points the slowest page, read in list
 * order) before their search. A text that comes whole (pasted, or several characters at once) is
 * asked for at once: no key follows it to wait for.
 */
export const usePointSearch = (text: string, active = true) => {
  const wanted = active ? text.trim() : null;
  const [debounced, setDebounced] = useState<string | null>(null);
  const previous = useRef('');
  useEffect(() => {
    if (wanted === null) return;
    const delay = searchDelayMs(previous.current, wanted);
    previous.current = wanted;
    const timer = window.setTimeout(() => setDebounced(wanted), delay);
    return () => window.clearTimeout(timer);
  }, [wanted]);
  const query = useInfiniteQuery({ ...pointSearchQueryOptions(debounced ?? ''), enabled: debounced !== null, placeholderData: keepPreviousData });
  const points = useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  return {
    points,
    /** The answer shown is for what is typed now (not an earlier text's, kept while the new one comes). */
    settled: debounced === text.trim() && !query.isPlaceholderData && !query.isPending,
    loading: query.isFetching && !query.isFetchingNextPage,
    failed: query.isError,
    hasMore: query.hasNextPage,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
  };
};

const BY_IDS_KEY = ['points', 'by-ids'] as const;

/** The points named by these ids (those the user may see; deleted ones are absent), asked for by id, a bounded batch a call. */
export const pointsByIdsQueryOptions = (ids: readonly string[]) => {
  const sorted = [...new Set(ids)].sort();
  return queryOptions({
    queryKey: [...BY_IDS_KEY, sorted] as const,
    queryFn: async ({ signal }) => {
      const batches: string[][] = [];
      for (let offset = 0; offset < sorted.length; offset += MAX_POINTS_BY_IDS) batches.push(sorted.slice(offset, offset + MAX_POINTS_BY_IDS));
      return (await Promise.all(batches.map((batch) => callApi(API.getPointsByIds, { body: { ids: batch }, signal })))).flat();
    },
    staleTime: SEARCH_STALE_MS,
  });
};

/**
 * What a screen knows of the points it names by id (a widget's points, an alert's): those picked
 * in it, kept as they were found; any other (a saved choice opened again) asked for by its id,
 * never with the whole list.
 */
export const useKnownPoints = (ids: readonly string[]) => {
  const [picked, setPicked] = useState<ReadonlyMap<string, SearchedPoint>>(new Map());
  const missingIds = useMemo(() => ids.filter((id) => !picked.has(id)), [ids, picked]);
  const missing = missingIds.length > 0;
  const asked = useQuery({ ...pointsByIdsQueryOptions(missingIds), enabled: missing, placeholderData: keepPreviousData });
  const byId = useMemo(() => {
    const known = new Map(picked);
    for (const point of asked.data ?? []) if (!known.has(point._id)) known.set(point._id, point);
    return known;
  }, [picked, asked.data]);
  const remember = useCallback((point: SearchedPoint) => setPicked((current) => new Map(current).set(point._id, point)), []);
  return { byId, remember, loading: missing && asked.isPending, failed: missing && asked.isError };
};

export type KnownPoints = ReturnType<typeof useKnownPoints>;
