/**
 * Lists kept per customer in a warm instance, each with the version of the stamp read before it
 * (`keys.pointsStamp`: every writer of the listed items moves it in its own transaction). A list is
 * given back only while the stamp read now is still that version, and for `maxAgeMs` at most (what
 * a writer that does not move the stamp — an older function during a deploy — may leave stale).
 * Bounded: `mostCustomers` lists and `mostEntries` entries in all, the least recently used
 * dropped first; a list longer than `mostEntries` is not kept.
 */
export interface StampedListCacheLimits {
  mostCustomers: number;
  mostEntries: number;
  maxAgeMs: number;
}

interface Kept<T> {
  stamp: string | null;
  entries: T[];
  keptAt: number;
}

export interface StampedListCache<T> {
  /** The list kept for the customer if the stamp is the one it was read with and it is young enough; else null. */
  get(customerId: string, stamp: string | null, now: number): T[] | null;
  /** Keeps the list read after the stamp `stamp`, replacing the customer's previous one. */
  keep(customerId: string, stamp: string | null, entries: readonly T[], now: number): void;
  /** Changes the kept entries of a customer in place (what the keeper itself wrote), if it has a list. */
  update(customerId: string, change: (entry: T) => T): void;
  /** Entries kept in all, and customers. */
  size(): { customers: number; entries: number };
}

export const stampedListCache = <T>(limits: StampedListCacheLimits): StampedListCache<T> => {
  const kept = new Map<string, Kept<T>>();
  let entries = 0;
  const drop = (customerId: string) => {
    const known = kept.get(customerId);
    if (!known) return;
    entries -= known.entries.length;
    kept.delete(customerId);
  };
  return {
    get(customerId, stamp, now) {
      const known = kept.get(customerId);
      if (!known) return null;
      if (known.stamp !== stamp || now - known.keptAt >= limits.maxAgeMs) {
        drop(customerId);
        return null;
      }
      // Most recently used last: the first one is dropped first.
      kept.delete(customerId);
      kept.set(customerId, known);
      return known.entries;
    },
    keep(customerId, stamp, list, now) {
      drop(customerId);
      if (list.length > limits.mostEntries) return;
      kept.set(customerId, { stamp, entries: [...list], keptAt: now });
      entries += list.length;
      while (kept.size > limits.mostCustomers || entries > limits.mostEntries) drop(kept.keys().next().value!);
    },
    update(customerId, change) {
      const known = kept.get(customerId);
      if (known) known.entries = known.entries.map(change);
    },
    size: () => ({ customers: kept.size, entries }),
  };
};
