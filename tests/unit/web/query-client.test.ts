import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { WriteAfterReadQueryClient } from '../../../web/src/lib/query-client';

/**
 * A list on a server, read by a query whose answers can be held: the read takes the list as it is
 * when it is asked, and its answer comes when the test lets it go.
 */
const heldList = () => {
  const items = ['tab-a'];
  const held: (() => void)[] = [];
  let hold = false;
  const read = () => {
    const snapshot = [...items];
    if (!hold) return Promise.resolve(snapshot);
    return new Promise<string[]>((resolve) => held.push(() => resolve(snapshot)));
  };
  return {
    read,
    add: (item: string) => items.push(item),
    holdNext: () => (hold = true),
    release: () => {
      hold = false;
      for (const answer of held.splice(0)) answer();
    },
  };
};

/** A screen showing the list, its first read still out, on which an item is created and the list read again. */
const createdDuringFirstRead = async (client: QueryClient): Promise<string[] | undefined> => {
  const server = heldList();
  server.holdNext();
  const observer = new QueryObserver(client, { queryKey: ['tabs'], queryFn: server.read, retry: false });
  const unsubscribe = observer.subscribe(() => undefined);
  try {
    await Promise.resolve();
    server.add('tab-new');
    // The create's answer has come: the screen reads the list again, while its first read is still out.
    const refreshed = client.invalidateQueries({ queryKey: ['tabs'] });
    server.release();
    await refreshed;
    return client.getQueryData<string[]>(['tabs']);
  } finally {
    unsubscribe();
    client.clear();
  }
};

describe("the app's query client", () => {
  it('reads a list again after a write even when its first read, asked before the write, answers after it', async () => {
    expect(await createdDuringFirstRead(new WriteAfterReadQueryClient())).toEqual(['tab-a', 'tab-new']);
  });

  it("is needed: TanStack Query's own client joins the first read and keeps the list without the new item", async () => {
    expect(await createdDuringFirstRead(new QueryClient())).toEqual(['tab-a']);
  });

  it('reads once when no first read is out, and not at all when told not to refetch', async () => {
    const client = new WriteAfterReadQueryClient();
    let reads = 0;
    const observer = new QueryObserver(client, { queryKey: ['list'], queryFn: () => Promise.resolve(++reads) });
    const unsubscribe = observer.subscribe(() => undefined);
    try {
      await client.refetchQueries({ queryKey: ['list'] });
      const before = reads;
      await client.invalidateQueries({ queryKey: ['list'] });
      expect(reads).toBe(before + 1);
      await client.invalidateQueries({ queryKey: ['list'], refetchType: 'none' });
      expect(reads).toBe(before + 1);
    } finally {
      unsubscribe();
      client.clear();
    }
  });
});
