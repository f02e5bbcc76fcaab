/**
 * Work per run of a customer's deletion in the test deployments (`npm test`, `infra/local/stack.ts`):
 * small, so that a test customer's deletion takes several runs, which tests/integration/customers.test.ts counts.
 */
export const TEST_CUSTOMER_DELETION_BATCH = 40;

/**
 * Alerts a job of a firing evaluates in the test deployments (25 in production, ALERT_CHUNK_SIZE): small, so that a
 * customer's 30 alerts are six turns and another customer's alert, due in the same tick, is taken after at most one chunk of
 * each worker rather than after half of them (tests/integration/fair-work.test.ts). At 25, whether a third worker started
 * cold before the first two ended a chunk of 15 decided that test.
 */
export const TEST_ALERT_CHUNK_SIZE = 5;

/**
 * How long a function instance of the test deployments trusts a customer's and a user's access facts
 * (15 s in production): a test of a deactivation, a changed permission map or a deleted user waits for
 * that time to pass in every instance, so the shorter it is the sooner those tests end. Still long
 * enough that the facts are read once for many calls of a test, as in production.
 */
export const TEST_ACCESS_FACTS_TTL_MS = 2_000;

/**
 * How long an FTP/SFTP file of the test deployments must keep its size and date before it is taken (10 s in
 * production): a retrieval that meets a new file looks again after that time, which the FTP tests wait for
 * about eight times. The growing-file test appends a row every 600 ms, well within it.
 */
export const TEST_REMOTE_FILE_SETTLE_MS = 3_000;

/**
 * What the unpaged call of a paged list may answer in the test deployments (6 MB in production, Lambda's limit): small, so
 * that the 1,250 points of tests/integration/list-paging.test.ts (~1 MB of JSON, ~60 KB gzip) meet, without gzip, the
 * 413 `list_too_large` a customer of 20,000 points meets at 6 MB, and still answer whole to a client that takes gzip.
 */
export const TEST_UNPAGED_LIST_LIMIT_BYTES = 512 * 1024;
