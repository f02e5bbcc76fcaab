import * as z from 'zod';

/**
 * The query of a list route that can grow without bound (a large customer's 20,000 points):
 * optional `q` (a search on the server), `limit` and `cursor` (paging).
 *
 * - Neither `limit` nor `cursor`: the spec's unpaged answer, every item (`q` alone filters it).
 * - `limit` or `cursor`: one page, in the order of the unpaged answer, and the envelope carries
 *   `next_cursor` beside `data` (`null` on the last page). A `cursor` without `limit` pages by
 *   `DEFAULT_PAGE_LIMIT`. The cursor is opaque: only a position; the customer is the caller's.
 */
export const MAX_PAGE_LIMIT = 500;
export const DEFAULT_PAGE_LIMIT = 100;
export const MAX_SEARCH_LENGTH = 100;

/** A cursor as the server writes it: base64url, short. Any other text answers 400 `validation_failed`. */
export const cursorSchema = z.string().min(1).max(1024).regex(/^[A-Za-z0-9_-]+$/);

export const listQuerySchema = z.object({
  /**
   * Case- and accent-insensitive; each word of it begins a word of the point's name, technical id
   * (or location names where the route answers them): see `matchesSearch`.
   */
  q: z
    .string()
    .trim()
    .max(MAX_SEARCH_LENGTH)
    .optional()
    .transform((value) => (value ? value : undefined)),
  /** Query strings are strings: `"50"` reads as 50. */
  limit: z
    .string()
    .regex(/^\d{1,4}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(MAX_PAGE_LIMIT))
    .optional(),
  cursor: cursorSchema.optional(),
});
export type ListQuery = z.output<typeof listQuerySchema>;
export type ListQueryInput = z.input<typeof listQuerySchema>;

/** Whether a list request asks for a page (then its answer carries `next_cursor`), rather than the whole list. */
export const isPageRequest = (query: Pick<ListQuery, 'limit' | 'cursor'>): boolean => query.limit !== undefined || query.cursor !== undefined;

/** The size of the page a page request asks for. */
export const pageLimitOf = (query: Pick<ListQuery, 'limit'>): number => query.limit ?? DEFAULT_PAGE_LIMIT;

/** What a paged answer carries beside the envelope's `res` and `data`. */
export const pageEnvelopeSchema = z.object({ next_cursor: z.string().nullable() });

/** A page of items as the web reads it: the items, and the cursor of the next page (null on the last). */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

/**
 * Folds a text for search and ordering: accents and case ignored (`Électricité` → `electricite`).
 * The server matches `q` with it; the web may use it to highlight what matched.
 */
export const foldText = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();

/** The query of a list whose items a picker may ask for trimmed: `fields=picker` answers the fields a picker shows only. */
export const trimmableListQuerySchema = listQuerySchema.extend({ fields: z.enum(['picker']).optional() });

/**
 * The words of a text for search: its folded runs of letters and digits
 * (`LG-0123-04 Magasin Lyon` → `lg`, `0123`, `04`, `magasin`, `lyon`).
 */
export const searchWordsOf = (text: string): string[] => foldText(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * Whether texts answer a search: every word of the search begins one of their words, in any order
 * (`lyon compt` finds `Compteur général` of `Magasin Lyon 03`; `0123-04` finds `LG-0123-04`).
 * A word inside another (`pteur`) does not match: the server looks words up by their beginning.
 */
export const matchesSearch = (searchWords: readonly string[], texts: readonly string[]): boolean => {
  const words = texts.flatMap(searchWordsOf);
  return searchWords.every((wanted) => words.some((word) => word.startsWith(wanted)));
};
