import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testEnvironment, type TestEnvironment } from '../support/environment';

const account = (email: string, customer: string | null) => ({ email, password: 'pw-12345678', customer });
const accounts = (suffix: string): TestEnvironment['accounts'] => ({
  root: account(`root${suffix}@demo.wattwise.example`, null),
  super: account(`super${suffix}@demo.wattwise.example`, null),
  premiumAdministrator: account(`admin${suffix}@energie-plus.example`, 'cust-energie-plus'),
  premiumMember: account(`membre${suffix}@energie-plus.example`, 'cust-energie-plus'),
  basicAdministrator: account(`admin${suffix}@montclair.example`, 'cust-ville-montclair'),
  basicMember: account(`membre${suffix}@montclair.example`, 'cust-ville-montclair'),
});

let folder: string;
let file: string;

beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'ww-environment-'));
  file = path.join(folder, 'environment.json');
  writeFileSync(file, JSON.stringify({ webUrl: 'http://127.0.0.1:8181', accounts: accounts(''), workerAccounts: { 2: accounts('+w2') } }));
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the test environment’s demo accounts', () => {
  it('gives each browser lane accounts of its own: the demo ones to the first, their copies to the second', () => {
    vi.stubEnv('WATTWISE_TEST_ENVIRONMENT', file);
    vi.stubEnv('WATTWISE_ACCOUNTS_WORKER', '1');
    expect(testEnvironment().accounts.premiumAdministrator.email).toBe('admin@energie-plus.example');
    vi.stubEnv('WATTWISE_ACCOUNTS_WORKER', '2');
    expect(testEnvironment().accounts.premiumAdministrator.email).toBe('admin+w2@energie-plus.example');
    expect(testEnvironment().accounts.basicMember).toEqual(account('membre+w2@montclair.example', 'cust-ville-montclair'));
  });

  it('gives the demo accounts where no lane is named (the integration files, a single browser file)', () => {
    vi.stubEnv('WATTWISE_TEST_ENVIRONMENT', file);
    vi.stubEnv('WATTWISE_ACCOUNTS_WORKER', '');
    expect(testEnvironment().accounts.root.email).toBe('root@demo.wattwise.example');
  });

  it('says so when a worker has no accounts seeded, rather than signing in as another worker’s', () => {
    vi.stubEnv('WATTWISE_TEST_ENVIRONMENT', file);
    vi.stubEnv('WATTWISE_ACCOUNTS_WORKER', '3');
    expect(() => testEnvironment()).toThrow(/No demo accounts for test worker 3/);
  });
});
