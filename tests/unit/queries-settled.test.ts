import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { whenQueriesSettled } from '../../web/src/lib/query-client';

/** A query answered when the test says so. */
const heldQuery = (queryClient: QueryClient, key: string) => {
  let answer: (value: string) => void = () => undefined;
  void queryClient.prefetchQuery({ queryKey: [key], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) });
  return (value: string) => answer(value);
};

describe('waiting for the queries a screen asked', () => {
  it('settles at once when nothing is being fetched', async () => {
    await expect(whenQueriesSettled(new QueryClient())).resolves.toBeUndefined();
  });

  it('settles once every query has answered, not when the first one has', async () => {
    const queryClient = new QueryClient();
    const answerTabs = heldQuery(queryClient, 'tabs');
    const answerWidgets = heldQuery(queryClient, 'widgets');
    let settled = false;
    const waiting = whenQueriesSettled(queryClient).then(() => (settled = true));

    answerTabs('tabs');
    await queryClient.getQueryCache().find({ queryKey: ['tabs'] })!.promise;
    expect(settled).toBe(false);

    answerWidgets('widgets');
    await waiting;
    expect(settled).toBe(true);
    expect(queryClient.getQueryData(['widgets'])).toBe('widgets');
  });
});
