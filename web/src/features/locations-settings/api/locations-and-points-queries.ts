import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { LocationTreeNode } from '@shared/schemas/location';
import { API } from '@shared/api/routes';
import { callApi, callApiForPage } from '../../../lib/http';

/**
 * What the locations settings read first — the tree, the points' definitions and a selection's
 * first page of points — apart from the screen's other calls: the route imports it with the shell
 * and starts these queries at boot beside the session's renewal, without waiting for the frame's
 * and the page's code (a dynamic import resolved only once the first screen's 400 KiB chunk had
 * arrived and run: ~150–300 ms later). Only the route table, the HTTP client and React Query, all
 * in the shell already.
 */

/** The two special selections of the screen (spec 3 §2), or a location id. */
export const ALL_LOCATIONS = 'all';
export const WITHOUT_LOCATION = 'alone';
export type Selection = string;

const KEYS = {
  tree: ['settings', 'locations', 'tree'] as const,
  definitions: ['settings', 'points', 'definitions'] as const,
  points: (selection: Selection) => ['settings', 'points', selection] as const,
  allPoints: ['settings', 'points'] as const,
  openPoint: (id: string) => ['settings', 'points', 'open', id] as const,
  addresses: (text: string) => ['settings', 'locations', 'addresses', text] as const,
};
export const SETTINGS_KEYS = KEYS;

/** Every location of the customer (hidden ones flagged) for administrators. */
export const locationTreeQueryOptions = () =>
  queryOptions({ queryKey: KEYS.tree, queryFn: async (): Promise<LocationTreeNode[]> => callApi(API.listLocations, {}) });

export const pointDefinitionsQueryOptions = () =>
  queryOptions({
    queryKey: KEYS.definitions,
    queryFn: () => callApi(API.pointDefinitions, {}),
    staleTime: Infinity,
  });

/** A screenful several times over: the table asks for the next page as it is scrolled near the end of those it has. */
export const POINTS_PAGE_SIZE = 200;

/**
 * Points of a selection page by page, those whose name or technical id hold a text when one is
 * given (searched by the server): a large customer's 20,000 points are never asked for at once.
 */
export const pointPagesOfSelectionQueryOptions = (selection: Selection, search: string) =>
  infiniteQueryOptions({
    queryKey: [...KEYS.points(selection), 'pages', search] as const,
    queryFn: ({ pageParam, signal }) =>
      callApiForPage(API.listPointsOfSelection, {
        params: { locationId: selection },
        query: { ...(search ? { q: search } : {}), limit: String(POINTS_PAGE_SIZE), ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
