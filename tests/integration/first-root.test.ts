import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { describe, expect, it } from 'vitest';
import type { LoginPayload } from '@shared/schemas/session';
import { signedJsonHeaders } from '../../functions/src/clients/aws-json-request';
import { api } from '../support/api';
import { entities } from '../support/aws';
import { testEnvironment } from '../support/environment';
import { eventually } from '../support/eventually';
import { mailsTo, passwordLinkTokenOf } from '../support/mail';

const credentials = { accessKeyId: 'test', secretAccessKey: 'test' };

/** Runs the first-root function as a re-deploy would (its custom resource) or an operator by hand: `{ email }`. */
const provision = async (email: string): Promise<{ outcome: string; email: string; userId: string }> => {
  const lambda = new LambdaClient({ endpoint: testEnvironment().endpoint, region: 'us-east-1', credentials });
  const answer = await lambda.send(
    new InvokeCommand({ FunctionName: testEnvironment().firstRootFunctionName, Payload: new TextEncoder().encode(JSON.stringify({ email })) }),
  );
  const text = new TextDecoder().decode(answer.Payload);
  if (answer.FunctionError) throw new Error(`First root provisioning failed: ${text}`);
  return JSON.parse(text) as { outcome: string; email: string; userId: string };
};

/** The super users' partition's users with that address (roots live there). */
const superUsersWith = async (email: string) =>
  (await entities.withPrefix('SU', 'USER#')).filter((user) => String(user.email).toLowerCase() === email.toLowerCase());

/** A parameter as the emulator's SSM holds it. */
const ssmParameter = async (name: string): Promise<string | undefined> => {
  const endpoint = testEnvironment().endpoint;
  const body = JSON.stringify({ Name: name });
  const headers = signedJsonHeaders({ endpoint, region: 'us-east-1', service: 'ssm', target: 'AmazonSSM.GetParameter', body, credentials, now: new Date() });
  const answer = await fetch(endpoint, { method: 'POST', headers, body });
  return ((await answer.json()) as { Parameter?: { Value?: string } }).Parameter?.Value;
};

/**
 * The set-password links e-mailed to an address. Root also receives the administrators' notices
 * (registrations waiting, …) that other test files cause, so only the links are counted.
 */
const linksMailedTo = async (email: string) => (await mailsTo(email)).filter((mail) => passwordLinkTokenOf(mail) !== null);

describe('the first root administrator made by the deployment', () => {
  it('is made from rootEmail and e-mailed one set-password link into the site, which sets a password that signs in as root', async () => {
    const email = testEnvironment().rootEmail!;
    const [user] = await superUsersWith(email);
    expect(user).toMatchObject({ is_root: true, internal_role: 'root_administrator', customer: null });
    const mails = await eventually(() => linksMailedTo(email), (sent) => sent.length > 0);
    expect(mails).toHaveLength(1);
    expect(mails[0].BodyText).toContain(`${testEnvironment().webUrl}/set-password/`);
    const token = passwordLinkTokenOf(mails[0])!;
    const password = 'First-Root-1';
    const set = await api<{ email: string }>('POST', '/api/v1/users/set-password', { body: { token, password, password_confirm: password } });
    expect(set.status).toBe(200);
    const signedIn = await api<LoginPayload>('POST', '/api/v1/users/authenticate', { body: { user: { email, password, remember: false } } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data!.user).toMatchObject({ email, is_root: true, type: 'root_administrator' });
    // Root sees every customer, the first one to be made included.
    expect((await api('GET', '/api/v1/customers', { token: signedIn.body.data!.user.jwt })).status).toBe(200);
  });

  it('makes no second user and sends no second e-mail when run again with the same address', async () => {
    const email = testEnvironment().rootEmail!;
    const [first, second] = [await provision(email), await provision(email.toUpperCase())];
    expect(first).toMatchObject({ outcome: 'exists', email });
    expect(second).toEqual(first);
    expect(await superUsersWith(email)).toHaveLength(1);
    expect(await linksMailedTo(email)).toHaveLength(1);
  });

  it('makes no second root for a changed address, and names the root there is', async () => {
    const other = `another-root-${Date.now()}@deploy.wattwise.example`;
    expect(await provision(other)).toMatchObject({ outcome: 'exists', email: testEnvironment().rootEmail });
    expect(await superUsersWith(other)).toEqual([]);
    expect(await mailsTo(other)).toEqual([]);
  });
});

describe("the app's address for the functions", () => {
  it("is written by the web stack in its parameter (the appUrl context here), and read by the functions' client", async () => {
    const name = '/wattwise/prod/app-url';
    expect(await ssmParameter(name)).toBe(testEnvironment().webUrl);
    // The functions' own reader, as a function without the appUrl context runs it (configuration is read at import).
    const runtime = { AWS_ENDPOINT_URL: testEnvironment().endpoint, AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', APP_URL_PARAMETER: name, APP_URL: undefined };
    const before = Object.fromEntries(Object.keys(runtime).map((key) => [key, process.env[key]]));
    const setEnvironment = (values: Record<string, string | undefined>) => {
      for (const [key, value] of Object.entries(values)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    };
    setEnvironment(runtime);
    try {
      const { appUrl } = await import('../../functions/src/clients/app-url');
      expect(await appUrl()).toBe(testEnvironment().webUrl);
    } finally {
      setEnvironment(before);
    }
  });
});
