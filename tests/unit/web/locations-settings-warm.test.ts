import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppRouter } from '../../../web/src/routes/router';

/**
 * Issue 43, locations settings at 1,000 sites: at boot the screen's first calls (the tree, the
 * points' definitions, the selection's first page of points) are asked beside the session's
 * renewal, not once the first screen's code has arrived (a dynamic import used to hold them
 * ~150–300 ms behind the renewal: docs/benchmarks/large.md). The route's warm asks them at once.
 */
describe('the locations settings warmed at boot', () => {
  const windowBefore = (globalThis as { window?: unknown }).window;
  afterEach(() => {
    (globalThis as { window?: unknown }).window = windowBefore;
  });

  it('asks the tree, the definitions and the address bar’s selection’s first page at once, without waiting for any code', () => {
    (globalThis as { window?: unknown }).window = { location: { search: '?location=loc-lyon' } };
    const asked: unknown[] = [];
    const queryClient = new QueryClient();
    queryClient.prefetchQuery = (options) => {
      asked.push(options.queryKey);
      return Promise.resolve();
    };
    queryClient.prefetchInfiniteQuery = (options) => {
      asked.push(options.queryKey);
      return Promise.resolve();
    };
    const route = createAppRouter(queryClient).routesById['/_app/settings/locations_and_points'];
    route.options.staticData!.warm!(queryClient, {});
    // Synchronously: nothing awaited between the boot and these calls.
    expect(asked).toEqual([
      ['settings', 'locations', 'tree'],
      ['settings', 'points', 'definitions'],
      ['settings', 'points', 'loc-lyon', 'pages', ''],
    ]);
  });
});
