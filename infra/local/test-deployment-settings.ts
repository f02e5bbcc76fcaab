/**
 * Work per run of a customer's deletion in the test deployments (`npm test`, `infra/local/stack.ts`):
 * small, so that a test customer's deletion takes several runs, which tests/integration/customers.test.ts counts.
 */
export const TEST_CUSTOMER_DELETION_BATCH = 40;
