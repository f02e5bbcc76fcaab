import { createHash } from 'node:crypto';
import { awsEnvironment } from '../../infra/local/emulator';
import type { LargeSize } from '../../functions/src/services/large-customer';
import type { LargeSeedOutcome } from '../../functions/src/services/large-customer-seed';
import { testEnvironment } from './environment';

/**
 * The large customer of issue 43 in the test deployment, at a scale a test can pay for (0.05: 50
 * sites, 1,000 points, 100 of them with 7 days of values, ~10 s), written in this process through
 * the same repositories and bulk path as the seed function, without the alerts' schedules. The full
 * size is the bench's (`npm run bench:large`), never CI's. Seeding again at the same scale writes
 * nothing new (the series compare equal), so several files may call it; its administrator is
 * `admin@hexagone-commerces.example` with the password answered (the same for the whole deployment).
 */
export const seedLargeCustomerForTests = async (
  options: { scale?: number; size?: Partial<LargeSize> } = {},
): Promise<LargeSeedOutcome & { administrator: { email: string; password: string } }> => {
  const environment = testEnvironment();
  Object.assign(process.env, awsEnvironment(environment.endpoint), { ENTITIES_TABLE: environment.entitiesTable, SERIES_TABLE: environment.seriesTable });
  const { seedLargeCustomer } = await import('../../functions/src/services/large-customer-seed');
  // The same for every file of one test deployment (its own table's name in it), so files seeding at once agree.
  const password = createHash('sha256').update(`large-customer:${environment.entitiesTable}:${environment.restBaseUrl}`).digest('base64url').slice(0, 16);
  const outcome = await seedLargeCustomer({ scale: options.scale ?? 0.05, size: { seriesDays: 7, ...options.size }, password, schedules: false });
  return { ...outcome, administrator: { email: 'admin@hexagone-commerces.example', password } };
};
