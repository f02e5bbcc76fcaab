// @runs-alone: rewrites the system's SMTP settings, which other files read back unchanged.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCompleteBucket } from '@shared/alerts/bucket';
import { latestOccurrence } from '@shared/alerts/cron';
import type { Alert } from '@shared/schemas/alert';
import type { SmtpSettings } from '@shared/schemas/smtp';
import type { AlertRunOutcome } from '../../functions/src/services/alert-evaluation-service';
import { api, login } from '../support/api';
import { hourAverage } from '../support/series';
import { entities } from '../support/aws';
import { testEnvironment } from '../support/environment';
import { eventually } from '../support/eventually';
import { runScheduledJob } from '../support/scheduled-job';
import { freeTestPort } from '../support/loopback-port';
import { startSmtpServer, type SmtpTestServer } from '../support/smtp-server';

/**
 * SMTP settings against the deployed stack and real SMTP servers on loopback (the functions run
 * as local processes, so they reach them): the connection test, the test e-mail, the stored
 * password never answered, and a customer's alert e-mail leaving through its own server.
 */

let admin: string;
let member: string;
let basicAdmin: string;
let root: string;
let server: SmtpTestServer;
let refusing: SmtpTestServer;
const premium = () => testEnvironment().customers.premium;
const basic = () => testEnvironment().customers.basic;
const unique = (prefix: string) => `${prefix}-${Date.now()}-${randomUUID().slice(0, 6)}`;

const PASSWORD = 'S3cret-smtp!';

const settingsFor = (target: SmtpTestServer, overrides: Record<string, unknown> = {}) => ({
  host: target.host,
  port: target.port,
  security: 'none',
  user: target.user,
  password: target.password,
  from_address: 'alertes@energie-plus.example',
  from_name: 'Énergie Plus',
  enabled: true,
  ...overrides,
});

/** A loopback port with nothing listening on it (one the deployment opens to the outbound policy: nobody answers there). */
const closedPort = freeTestPort;

const testConnection = (token: string, smtp: Record<string, unknown>, scope?: string) =>
  api('POST', '/api/v1/email/test/smtp', { token, body: { smtp, ...(scope ? { scope } : {}) } });

interface SentMail {
  Subject: string;
  To: string[];
}

const sesMails = async (about: string): Promise<SentMail[]> => {
  const answer = await fetch(`${testEnvironment().endpoint}/_ministack/ses/messages`);
  const { messages } = (await answer.json()) as { messages: Record<string, SentMail[]> };
  return Object.values(messages)
    .flat()
    .filter((mail) => mail.Subject.includes(about));
};

beforeAll(async () => {
  admin = (await login('premiumAdministrator')).user.jwt;
  member = (await login('premiumMember')).user.jwt;
  basicAdmin = (await login('basicAdministrator')).user.jwt;
  root = (await login('root')).user.jwt;
  server = await startSmtpServer({ user: 'energie-plus', password: PASSWORD });
  refusing = await startSmtpServer({ user: 'energie-plus', password: PASSWORD, refuseLogins: true });
});

afterAll(async () => {
  await entities.delete({ PK: `C#${premium()}`, SK: 'SMTP' });
  await entities.delete({ PK: `C#${basic()}`, SK: 'SMTP' });
  await entities.delete({ PK: 'SYSTEM', SK: 'SMTP' });
  await server?.close();
  await refusing?.close();
});

describe('testing SMTP settings', () => {
  it('answers "SMTP connection successful" when the server takes the login', async () => {
    const answer = await testConnection(admin, settingsFor(server));
    expect(answer).toMatchObject({ status: 200, body: { res: true, msg: 'smtp_connection_successful', data: { ok: true } } });
  });

  it('answers "Unable to connect to SMTP server" on a refused login, a wrong password, or nothing listening', async () => {
    const refusedBefore = refusing.refusedLogins();
    const refused = await testConnection(admin, settingsFor(refusing));
    expect(refused).toMatchObject({ status: 502, body: { res: false, msg: 'smtp_unreachable' } });
    expect(refusing.refusedLogins()).toBe(refusedBefore + 1);

    const wrongPassword = await testConnection(admin, settingsFor(server, { password: 'not-it' }));
    expect(wrongPassword).toMatchObject({ status: 502, body: { msg: 'smtp_unreachable' } });

    const nobody = await testConnection(admin, settingsFor(server, { port: await closedPort() }));
    expect(nobody).toMatchObject({ status: 502, body: { msg: 'smtp_unreachable' } });
  });

  it('sends a test e-mail that arrives at the server ("Email sent"), and says "Unable to sent the email" when refused', async () => {
    const to = `${unique('test')}@energie-plus.example`;
    const sent = await api('POST', '/api/v1/email/test', { token: admin, body: { smtp: settingsFor(server), to }, headers: { Language: 'en' } });
    expect(sent).toMatchObject({ status: 200, body: { msg: 'email_sent', data: { sent: true, to } } });
    const mail = server.received().find((received) => received.to.includes(to));
    expect(mail).toMatchObject({ from: 'alertes@energie-plus.example', subject: '[WattWise] Test e-mail' });
    expect(mail!.raw).toMatch(/^From: .+ <alertes@energie-plus\.example>\r?$/m);

    const refused = await api('POST', '/api/v1/email/test', { token: admin, body: { smtp: settingsFor(refusing), to } });
    expect(refused).toMatchObject({ status: 502, body: { msg: 'smtp_send_failed' } });
  });

  it('refuses incomplete settings before trying anything', async () => {
    const answer = await testConnection(admin, { host: '', from_address: 'not an address' });
    expect(answer.status).toBe(400);
  });
});

describe('saving SMTP settings', () => {
  it('stores the password sealed, never answers it, keeps it on an empty password, and uses it for tests', async () => {
    const saved = await api<SmtpSettings>('POST', '/api/v1/email', { token: admin, body: { smtp: settingsFor(server, { enabled: false }) } });
    expect(saved).toMatchObject({ status: 200, body: { msg: 'smtp_settings_saved', data: { host: server.host, port: server.port, has_password: true, enabled: false } } });
    expect(saved.body.data).not.toHaveProperty('password');
    expect(JSON.stringify(saved.body)).not.toContain(PASSWORD);

    const read = await api<SmtpSettings>('GET', '/api/v1/email', { token: admin });
    expect(read.body.data).toMatchObject({ user: 'energie-plus', from_name: 'Énergie Plus', has_password: true });
    expect(JSON.stringify(read.body)).not.toContain(PASSWORD);
    const item = await entities.get({ PK: `C#${premium()}`, SK: 'SMTP' });
    expect(typeof item?.password_sealed).toBe('string');
    expect(JSON.stringify(item)).not.toContain(PASSWORD);

    // Saved again without a password: the stored one stays, and a test without one uses it.
    const again = await api<SmtpSettings>('POST', '/api/v1/email', { token: admin, body: { smtp: settingsFor(server, { password: '', enabled: false }) } });
    expect(again.body.data?.has_password).toBe(true);
    expect((await testConnection(admin, settingsFor(server, { password: '' }))).status).toBe(200);
  });

  it('keeps customers apart: another customer reads none of it, and its empty-password test does not use it', async () => {
    await api('POST', '/api/v1/email', { token: admin, body: { smtp: settingsFor(server, { enabled: false }) } });
    const other = await api<SmtpSettings | null>('GET', '/api/v1/email', { token: basicAdmin });
    expect(other.status).toBe(200);
    expect(other.body.data ?? null).toBeNull();
    expect((await testConnection(basicAdmin, settingsFor(server, { password: '' }))).status).toBe(502);
  });

  it('lets super users and root keep the system settings, and no customer role', async () => {
    const saved = await api<SmtpSettings>('POST', '/api/v1/system/email', { token: root, body: { smtp: settingsFor(server, { enabled: false, from_address: 'noreply@wattwise.example' }) } });
    expect(saved).toMatchObject({ status: 200, body: { msg: 'smtp_settings_saved', data: { from_address: 'noreply@wattwise.example', has_password: true } } });
    const read = await api<SmtpSettings>('GET', '/api/v1/system/email', { token: root });
    expect(read.body.data?.from_address).toBe('noreply@wattwise.example');
    expect(JSON.stringify(read.body)).not.toContain(PASSWORD);
    // The system's stored password is the root's to test with, never an administrator's.
    expect((await testConnection(root, settingsFor(server, { password: '' }), 'system')).status).toBe(200);
    expect((await testConnection(admin, settingsFor(server, { password: '' }), 'system')).status).toBe(403);
    expect((await api('GET', '/api/v1/system/email', { token: admin })).status).toBe(403);
    expect((await api('POST', '/api/v1/system/email', { token: admin, body: { smtp: settingsFor(server) } })).status).toBe(403);
  });

  it('refuses members every SMTP route (403), writing nothing', async () => {
    const before = await entities.get({ PK: `C#${premium()}`, SK: 'SMTP' });
    expect((await api('GET', '/api/v1/email', { token: member })).status).toBe(403);
    expect((await api('POST', '/api/v1/email', { token: member, body: { smtp: settingsFor(server, { from_address: 'member@energie-plus.example' }) } })).status).toBe(403);
    expect((await testConnection(member, settingsFor(server))).status).toBe(403);
    expect((await api('POST', '/api/v1/email/test', { token: member, body: { smtp: settingsFor(server), to: 'x@energie-plus.example' } })).status).toBe(403);
    expect(await entities.get({ PK: `C#${premium()}`, SK: 'SMTP' })).toEqual(before);
  });
});

describe('a customer\'s e-mail', () => {
  const FIRST_JANUARY = '0 0 1 1 *';
  let point: string;


  const createAlert = async () => {
    const answer = await api<Alert>('POST', '/api/v1/alerts', {
      token: admin,
      body: {
        alert: {
          name: unique('Surconsommation SMTP'),
          points: [{ point }],
          sampling: 'hour',
          cron_time: FIRST_JANUARY,
          conditions: [[{ from_calculation: 'avg', operation: 'gt', to_value: 40 }]],
          email: { to: ['exploitation@energie-plus.example'], cc: [], bcc: [] },
        },
      },
    });
    if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
    return answer.body.data!;
  };

  const runAlert = (alertId: string) => runScheduledJob<AlertRunOutcome>({ kind: 'alert', id: alertId, customerId: premium() });

  beforeAll(async () => {
    const created = await api<{ _id: string }>('POST', '/api/v1/points', {
      token: admin,
      body: { name: unique('SMTP point'), technical_id: unique('SMTP'), resource: 'electricity', series_type: 'measure', unit: 'kW', location: [] },
    });
    point = created.body.data!._id;
    const bucket = lastCompleteBucket(latestOccurrence(FIRST_JANUARY, 'Europe/Paris', Date.now()), 'hour', 'Europe/Paris');
    const values = [45, 55];
    const step = (bucket.to - bucket.from) / (values.length + 1);
    const written = await api('POST', '/api/v1/data', {
      token: admin,
      body: { data: values.map((value, index) => ({ point, date: new Date(bucket.from + step * (index + 1)).toISOString(), value })) },
    });
    expect(written.status).toBe(200);
    expect(await eventually(() => hourAverage(admin, point, bucket), (value) => value === 50)).toBe(50);
  }, 90_000);

  it('leaves through the customer\'s own SMTP server when its settings are enabled, not through SES', async () => {
    expect((await api('POST', '/api/v1/email', { token: admin, body: { smtp: settingsFor(server) } })).status).toBe(200);
    const alert = await createAlert();
    expect(await runAlert(alert._id)).toMatchObject({ outcome: 'fired', notified: 1 });
    const mail = server.received().find((received) => received.subject.includes(alert.name));
    expect(mail).toBeDefined();
    expect(mail).toMatchObject({ from: 'alertes@energie-plus.example', to: ['exploitation@energie-plus.example'] });
    expect(await sesMails(alert.name)).toHaveLength(0);
  });

  it('surfaces a refusal of the customer\'s server as the job\'s error instead of falling back to SES', async () => {
    expect((await api('POST', '/api/v1/email', { token: admin, body: { smtp: settingsFor(refusing) } })).status).toBe(200);
    const alert = await createAlert();
    await expect(runAlert(alert._id)).rejects.toThrow(/smtp_send_failed/);
    expect(await sesMails(alert.name)).toHaveLength(0);
  });

  it('still leaves through SES once the customer\'s settings are disabled', async () => {
    expect((await api('POST', '/api/v1/email', { token: admin, body: { smtp: settingsFor(server, { enabled: false }) } })).status).toBe(200);
    const alert = await createAlert();
    expect(await runAlert(alert._id)).toMatchObject({ outcome: 'fired', notified: 1 });
    expect(await sesMails(alert.name)).toHaveLength(1);
    expect(server.received().some((received) => received.subject.includes(alert.name))).toBe(false);
  });
});
