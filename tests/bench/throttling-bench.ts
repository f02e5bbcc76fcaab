import { existsSync, readFileSync } from 'node:fs';
import { fromRoot } from '../../infra/lib/paths';
import { deployToEmulator, generateDemoPasswords, seedDemoData, type Deployment } from '../../infra/local/deploy';
import { startEmulator, type Emulator } from '../../infra/local/emulator';
import type { TestEnvironment } from '../support/environment';
import { argument, benchApi } from './bench-api';
import { measureThrottling, setOwnRateLimit, throttlingLine } from './throttling';

/**
 * `npm run bench:throttling [-- --stack dev | --environment <file>] [-- --seconds 20 --rate-b 0.5 --limit 30/30]`: the
 * demo's two customers call the same signed-in route, A (premium) at ten times B's (basic) rate;
 * both are given the same limit of their own (`--limit count/seconds`: the emulator on two cores
 * cannot send a licence's limit), which B's rate stays under and A's passes. Against a running
 * `npm start` (`--stack dev`), a test stack (`--environment .local/stack-4598/environment.json`,
 * infra/local/stack.ts), or its own emulator. The last line:
 * `throttling-bench: throttled_a=… throttled_b=… sent_a=… sent_b=… failed=… limit=…`.
 */
const STACK = argument('stack', '');
const ENVIRONMENT = argument('environment', '');
const SECONDS = Number(argument('seconds', '20'));
const RATE_B = Number(argument('rate-b', '0.5'));
const [COUNT, WINDOW] = argument('limit', '30/30').split('/').map(Number);
/** Calls of each customer before the run, a few at once, so that the run does not meet cold starts (they count in the window too). */
const WARM_UP = { rounds: 2, atOnce: 3 };
const PORT = Number(argument('port', '4598'));
const CUSTOMERS = { a: 'cust-energie-plus', b: 'cust-ville-montclair' };
/** How long a running function trusts what it read of a customer (access-service), and a second more. */
const CUSTOMER_FACTS_WAIT_MS = 16_000;

const signIn = async (restBaseUrl: string, email: string, password: string): Promise<string> => {
  const answer = await benchApi(restBaseUrl)('POST', '/api/v1/users/authenticate', null, { user: { email, password, remember: false } });
  if (!answer.res) throw new Error(`${email} not signed in: ${answer.msg}`);
  return answer.data.user.jwt as string;
};

const main = async () => {
  let emulator: Emulator | undefined;
  let deployment: Pick<Deployment, 'endpoint' | 'entitiesTable' | 'restBaseUrl'>;
  let accounts: { a: [string, string]; b: [string, string] };
  if (ENVIRONMENT) {
    const environment = JSON.parse(readFileSync(ENVIRONMENT, 'utf8')) as TestEnvironment;
    deployment = environment;
    const of = (account: { email: string; password: string }): [string, string] => [account.email, account.password];
    accounts = { a: of(environment.accounts.premiumAdministrator), b: of(environment.accounts.basicAdministrator) };
  } else if (STACK) {
    const file = fromRoot('.local', STACK, 'deployment.json');
    if (!existsSync(file)) throw new Error(`No running stack named ${STACK} (${file})`);
    deployment = JSON.parse(readFileSync(file, 'utf8')) as Deployment;
    const demo = JSON.parse(readFileSync(fromRoot('.local', STACK, 'demo-accounts.json'), 'utf8')) as { email: string; password: string }[];
    const of = (email: string): [string, string] => [email, demo.find((account) => account.email === email)!.password];
    accounts = { a: of('admin@energie-plus.example'), b: of('admin@montclair.example') };
  } else {
    emulator = await startEmulator(PORT, 'bench-throttling');
    const deployed = await deployToEmulator(emulator.endpoint, 'bench-throttling');
    deployment = deployed;
    const passwords = generateDemoPasswords();
    await seedDemoData(deployed, passwords);
    accounts = { a: ['admin@energie-plus.example', passwords.premiumAdministrator], b: ['admin@montclair.example', passwords.basicAdministrator] };
  }
  try {
    const limit = { count: COUNT, window_seconds: WINDOW };
    await setOwnRateLimit(deployment, CUSTOMERS.a, limit);
    await setOwnRateLimit(deployment, CUSTOMERS.b, limit);
    const [tokenA, tokenB] = [await signIn(deployment.restBaseUrl, ...accounts.a), await signIn(deployment.restBaseUrl, ...accounts.b)];
    // Warm instances may have read the customers before their limit was set.
    if (STACK || ENVIRONMENT) await new Promise((resolve) => setTimeout(resolve, CUSTOMER_FACTS_WAIT_MS));
    const api = benchApi(deployment.restBaseUrl);
    for (let round = 0; round < WARM_UP.rounds; round += 1) {
      await Promise.all([tokenA, tokenB].flatMap((token) => Array.from({ length: WARM_UP.atOnce }, () => api('GET', '/api/v1/tabs', token))));
    }
    console.log(`A calls ${RATE_B * 10}/s, B ${RATE_B}/s, for ${SECONDS} s; each may send ${COUNT} per ${WINDOW} s window`);
    const result = await measureThrottling({ restBaseUrl: deployment.restBaseUrl, tokenA, tokenB, rateB: RATE_B, seconds: SECONDS });
    console.log(`A's answers by status: ${result.statusesA}; B's: ${result.statusesB}`);
    console.log(
      `throttling-bench: ${throttlingLine(result)} sent_a=${result.sentA} sent_b=${result.sentB} failed=${result.failedA + result.failedB} limit=${COUNT}/${WINDOW}s`,
    );
  } finally {
    if (STACK || ENVIRONMENT) {
      await setOwnRateLimit(deployment, CUSTOMERS.a, null);
      await setOwnRateLimit(deployment, CUSTOMERS.b, null);
    }
    await emulator?.stop();
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
