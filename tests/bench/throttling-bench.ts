import { existsSync, readFileSync } from 'node:fs';
import { fromRoot } from '../../infra/lib/paths';
import { deployToEmulator, generateDemoPasswords, seedDemoData, type Deployment } from '../../infra/local/deploy';
import { startEmulator, type Emulator } from '../../infra/local/emulator';
import { argument, benchApi } from './bench-api';
import { measureThrottling, setOwnRateLimit, throttlingLine } from './throttling';

/**
 * `npm run bench:throttling [-- --stack dev] [-- --seconds 20 --rate-b 1 --limit 60/30]`: the
 * demo's two customers call the same signed-in route, A (premium) at ten times B's (basic) rate;
 * both are given the same limit of their own (`--limit count/seconds`: the emulator on two cores
 * cannot send a licence's limit), which B's rate stays under and A's passes. Against a running
 * `npm start` (`--stack dev`), or its own emulator. The last line:
 * `throttling-bench: throttled_a=… throttled_b=… sent_a=… sent_b=… failed=… limit=…`.
 */
const STACK = argument('stack', '');
const SECONDS = Number(argument('seconds', '20'));
const RATE_B = Number(argument('rate-b', '1'));
const [COUNT, WINDOW] = argument('limit', '60/30').split('/').map(Number);
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
  let deployment: Deployment;
  let accounts: { a: [string, string]; b: [string, string] };
  if (STACK) {
    const file = fromRoot('.local', STACK, 'deployment.json');
    if (!existsSync(file)) throw new Error(`No running stack named ${STACK} (${file})`);
    deployment = JSON.parse(readFileSync(file, 'utf8')) as Deployment;
    const demo = JSON.parse(readFileSync(fromRoot('.local', STACK, 'demo-accounts.json'), 'utf8')) as { email: string; password: string }[];
    const of = (email: string): [string, string] => [email, demo.find((account) => account.email === email)!.password];
    accounts = { a: of('admin@energie-plus.example'), b: of('admin@montclair.example') };
  } else {
    emulator = await startEmulator(PORT, 'bench-throttling');
    deployment = await deployToEmulator(emulator.endpoint, 'bench-throttling');
    const passwords = generateDemoPasswords();
    await seedDemoData(deployment, passwords);
    accounts = { a: ['admin@energie-plus.example', passwords.premiumAdministrator], b: ['admin@montclair.example', passwords.basicAdministrator] };
  }
  try {
    const limit = { count: COUNT, window_seconds: WINDOW };
    await setOwnRateLimit(deployment, CUSTOMERS.a, limit);
    await setOwnRateLimit(deployment, CUSTOMERS.b, limit);
    const [tokenA, tokenB] = [await signIn(deployment.restBaseUrl, ...accounts.a), await signIn(deployment.restBaseUrl, ...accounts.b)];
    // Warm instances may have read the customers before their limit was set.
    if (STACK) await new Promise((resolve) => setTimeout(resolve, CUSTOMER_FACTS_WAIT_MS));
    console.log(`A calls ${RATE_B * 10}/s, B ${RATE_B}/s, for ${SECONDS} s; each may send ${COUNT} per ${WINDOW} s window`);
    const result = await measureThrottling({ restBaseUrl: deployment.restBaseUrl, tokenA, tokenB, rateB: RATE_B, seconds: SECONDS });
    console.log(
      `throttling-bench: ${throttlingLine(result)} sent_a=${result.sentA} sent_b=${result.sentB} failed=${result.failedA + result.failedB} limit=${COUNT}/${WINDOW}s`,
    );
  } finally {
    if (STACK) {
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
