import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRON_PRESETS, latestOccurrence } from '@shared/alerts/cron';
import type { Report } from '@shared/schemas/report';
import type { Subscription } from '@shared/schemas/subscription';
import { api, login } from '../support/api';
import { anotherPremiumCustomer } from '../support/customers';
import { entities } from '../support/aws';
import { testEnvironment } from '../support/environment';
import { eventually } from '../support/eventually';
import { runScheduledJob, scheduleOf } from '../support/scheduled-job';
import { startSmtpServer, type SmtpTestServer } from '../support/smtp-server';

/**
 * Report subscriptions (spec 2 §3, §5, §7): owned objects naming a report the caller may read,
 * one schedule each on the alerts' cron presets in the customer's zone, and a job that e-mails
 * the report's PDF once per due time.
 */

const ZONE = 'Europe/Paris';
const MONTHLY = CRON_PRESETS[5];

interface SubscriptionRun {
  sent: boolean;
  reason?: string;
  due?: string;
  language?: string;
  recipients?: number;
}

let admin: string;
let member: string;
let basic: string;
let smtp: SmtpTestServer;
const reports: string[] = [];
const subscriptions: string[] = [];

const premium = () => testEnvironment().customers.premium;

const createReport = async (token: string, name: string, shared = false): Promise<Report> => {
  const answer = await api<Report>('POST', '/api/v1/reports', { token, body: { data: { name, sharing: { shared } } } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  reports.push(answer.body.data!._id);
  return answer.body.data!;
};

const create = async (token: string, body: Record<string, unknown>) => {
  const answer = await api<Subscription>('POST', '/api/v1/subscriptions', { token, body });
  if (answer.status === 200) subscriptions.push(answer.body.data!._id);
  return answer;
};

const listIds = async (token: string) => ((await api<Subscription[]>('GET', '/api/v1/subscriptions', { token })).body.data ?? []).map((item) => item._id);

const run = (subscription: Subscription) => runScheduledJob<SubscriptionRun>({ kind: 'subscription', id: subscription._id, customerId: subscription.customer });

/** The sending marker of one due time, as the job leaves it. */
const markerKey = (subscriptionId: string, due: string, customerId = premium()) => ({ PK: `C#${customerId}`, SK: `SUBSEND#${subscriptionId}#${due}` });
const dueNow = () => new Date(latestOccurrence(MONTHLY, ZONE, Date.now())).toISOString();

/** The attachment of a received e-mail: the headers of its MIME part and its bytes, decoded. */
const attachmentOf = (raw: string): { name: string; type: string; bytes: Buffer } | null => {
  const at = raw.search(/Content-Disposition: attachment/i);
  if (at < 0) return null;
  // The part's headers start after its boundary line.
  const headersStart = Math.max(0, raw.lastIndexOf('\n--', at));
  const bodyStart = raw.slice(at).search(/\r?\n\r?\n/) + at;
  const headers = raw.slice(headersStart, bodyStart).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(bodyStart).trimStart();
  return {
    name: /filename="?([^"\r\n;]+)"?/i.exec(headers)?.[1] ?? '',
    type: /Content-Type:\s*([\w/.+-]+)/i.exec(headers)?.[1] ?? '',
    bytes: Buffer.from(body.slice(0, body.search(/\r?\n--/)).replace(/\s+/g, ''), 'base64'),
  };
};

const smtpSettings = (enabled: boolean) => ({
  smtp: { host: smtp.host, port: smtp.port, security: 'none', user: smtp.user, password: smtp.password, from_address: 'rapports@energie-plus.example', from_name: 'Énergie Plus', enabled },
});

beforeAll(async () => {
  admin = (await login('premiumAdministrator')).user.jwt;
  member = (await login('premiumMember')).user.jwt;
  basic = (await login('basicAdministrator')).user.jwt;
  smtp = await startSmtpServer({ user: 'energie-plus', password: 'S3cret-rapports!' });
});

afterAll(async () => {
  await smtp.close();
  for (const id of subscriptions) await api('DELETE', `/api/v1/subscriptions/${id}`, { token: admin });
  for (const id of reports) await api('DELETE', `/api/v1/reports/${id}`, { token: admin });
});

describe('report subscriptions', () => {
  it('are created with the defaults of spec 2 (monthly, active, type report), listed, read, changed and deleted', async () => {
    const report = await createReport(admin, 'Rapport des abonnements');
    const created = await create(admin, { name: '  Direction  ', report: report._id, email: { to: 'direction@energie-plus.example; dg@energie-plus.example', cc: 'copie@energie-plus.example' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const subscription = created.body.data!;
    expect(subscription).toMatchObject({
      name: 'Direction',
      type: 'report',
      report: report._id,
      cron_time: MONTHLY,
      active: true,
      email: { to: ['direction@energie-plus.example', 'dg@energie-plus.example'], cc: ['copie@energie-plus.example'], bcc: [] },
      user: 'usr-premium-admin',
      sharing: { shared: false },
      customer: premium(),
      timezone: ZONE,
    });
    expect(subscription._id).toMatch(/^sub-/);
    expect(await listIds(admin)).toContain(subscription._id);
    expect((await api<Subscription>('GET', `/api/v1/subscriptions/${subscription._id}`, { token: admin })).body.data).toEqual(subscription);

    const changed = await api<Subscription>('PUT', '/api/v1/subscriptions', { token: admin, body: { ...subscription, name: 'Direction hebdo', cron_time: CRON_PRESETS[4], email: { to: ['direction@energie-plus.example'] } } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ _id: subscription._id, name: 'Direction hebdo', cron_time: '0 8 * * 1', email: { to: ['direction@energie-plus.example'], cc: [], bcc: [] }, created_at: subscription.created_at });

    expect(await api('DELETE', `/api/v1/subscriptions/${subscription._id}`, { token: admin })).toMatchObject({ status: 200, body: { data: { deleted: subscription._id } } });
    expect(await api('GET', `/api/v1/subscriptions/${subscription._id}`, { token: admin })).toMatchObject({ status: 404, body: { res: false, msg: 'subscription_not_found' } });
    expect(await listIds(admin)).not.toContain(subscription._id);
  });

  it("refuse a subscription without a name, a report or a 'to' address, and write nothing", async () => {
    const report = await createReport(admin, 'Rapport exigé');
    const before = await listIds(admin);
    for (const body of [
      { report: report._id, email: { to: ['a@energie-plus.example'] } },
      { name: '   ', report: report._id, email: { to: ['a@energie-plus.example'] } },
      { name: 'Sans rapport', email: { to: ['a@energie-plus.example'] } },
      { name: 'Sans destinataire', report: report._id, email: { cc: ['a@energie-plus.example'] } },
      {},
    ]) {
      expect(await create(admin, body), JSON.stringify(body)).toMatchObject({ status: 400, body: { res: false, msg: 'subscription_fields_required' } });
    }
    expect((await listIds(admin)).sort()).toEqual(before.sort());

    const saved = (await create(admin, { name: 'Complet', report: report._id, email: { to: ['a@energie-plus.example'] } })).body.data!;
    const emptied = await api('PUT', '/api/v1/subscriptions', { token: admin, body: { ...saved, name: 'Vidé', email: { to: [] } } });
    expect(emptied).toMatchObject({ status: 400, body: { msg: 'subscription_fields_required' } });
    expect((await api<Subscription>('GET', `/api/v1/subscriptions/${saved._id}`, { token: admin })).body.data).toMatchObject({ name: 'Complet', email: { to: ['a@energie-plus.example'] } });
  });

  it('name only a report the caller may read: unknown, unshared of someone else, or another customer\'s answers report_not_found', async () => {
    const to = { to: ['a@energie-plus.example'] };
    const unknown = await create(admin, { name: 'Inconnu', report: 'rep-00000000-0000-4000-8000-000000000000', email: to });
    expect(unknown).toMatchObject({ status: 404, body: { msg: 'report_not_found' } });

    const adminsOwn = await createReport(admin, 'Privé de l’administratrice');
    expect(await create(member, { name: 'Pas le mien', report: adminsOwn._id, email: to })).toMatchObject({ status: 404, body: { msg: 'report_not_found' } });
    const shared = await createReport(admin, 'Partagé', true);
    expect((await create(member, { name: 'Partagé', report: shared._id, email: to })).status).toBe(200);

    const { token: other } = await anotherPremiumCustomer();
    const theirs = await api<Report>('POST', '/api/v1/reports', { token: other, body: { data: { name: 'Montclair', sharing: { shared: true } } } });
    expect(theirs.status).toBe(200);
    const before = await listIds(admin);
    expect(await create(admin, { name: 'Autre client', report: theirs.body.data!._id, email: to })).toMatchObject({ status: 404, body: { msg: 'report_not_found' } });
    expect((await listIds(admin)).sort()).toEqual(before.sort());
  });

  it("keep to their customer: another customer's subscription answers 404; a customer without the premium licence is refused", async () => {
    const report = await createReport(admin, 'Rapport du client');
    const saved = (await create(admin, { name: 'Chez nous', report: report._id, email: { to: ['a@energie-plus.example'] }, sharing: { shared: true } })).body.data!;

    const refused = await api('GET', '/api/v1/subscriptions', { token: basic });
    expect([refused.status, refused.body.msg]).toEqual([403, 'premium_required']);
    expect((await api('POST', '/api/v1/subscriptions', { token: basic, body: { name: 'x', report: report._id, email: { to: ['a@montclair.example'] } } })).status).toBe(403);

    // Another premium customer still cannot reach this customer's subscription.
    const { token: other } = await anotherPremiumCustomer();
    expect(await listIds(other)).not.toContain(saved._id);
    expect(await api('GET', `/api/v1/subscriptions/${saved._id}`, { token: other })).toMatchObject({ status: 404, body: { msg: 'subscription_not_found' } });
    expect((await api('PUT', '/api/v1/subscriptions', { token: other, body: { ...saved, name: 'Volé' } })).status).toBe(404);
    expect((await api('DELETE', `/api/v1/subscriptions/${saved._id}`, { token: other })).status).toBe(404);
    expect((await api<Subscription>('GET', `/api/v1/subscriptions/${saved._id}`, { token: admin })).body.data!.name).toBe('Chez nous');
  });

  it("stay their owner's: a member reads a shared one but neither changes nor deletes it, and keeps their own", async () => {
    const report = await createReport(admin, 'Rapport partagé', true);
    const to = { to: ['a@energie-plus.example'] };
    const adminsOwn = (await create(admin, { name: 'Privé', report: report._id, email: to })).body.data!;
    expect(await listIds(member)).not.toContain(adminsOwn._id);
    expect((await api('GET', `/api/v1/subscriptions/${adminsOwn._id}`, { token: member })).status).toBe(404);
    expect((await api('DELETE', `/api/v1/subscriptions/${adminsOwn._id}`, { token: member })).status).toBe(404);

    await api('PUT', '/api/v1/subscriptions', { token: admin, body: { ...adminsOwn, sharing: { shared: true } } });
    expect(await listIds(member)).toContain(adminsOwn._id);
    expect((await api('GET', `/api/v1/subscriptions/${adminsOwn._id}`, { token: member })).status).toBe(200);
    expect(await api('PUT', '/api/v1/subscriptions', { token: member, body: { ...adminsOwn, name: 'Changé' } })).toMatchObject({ status: 403, body: { msg: 'not_allowed' } });
    expect(await api('DELETE', `/api/v1/subscriptions/${adminsOwn._id}`, { token: member })).toMatchObject({ status: 403, body: { msg: 'not_allowed' } });

    const membersOwn = (await create(member, { name: 'À moi', report: report._id, email: to, user: 'usr-premium-admin' })).body.data!;
    expect(membersOwn.user).toBe('usr-premium-member');
    expect((await api('PUT', '/api/v1/subscriptions', { token: member, body: { ...membersOwn, active: false } })).body.data).toMatchObject({ active: false, user: 'usr-premium-member' });
    // The administrator is not a super user: someone else's unshared subscription does not exist for them.
    expect((await api('GET', `/api/v1/subscriptions/${membersOwn._id}`, { token: admin })).status).toBe(404);
    expect((await api('DELETE', `/api/v1/subscriptions/${membersOwn._id}`, { token: member })).status).toBe(200);
  });

  it("have one schedule each, on their cron time in the customer's zone, disabled while inactive and removed with them", async () => {
    const report = await createReport(admin, 'Rapport planifié');
    const subscription = (await create(admin, { name: 'Planifié', report: report._id, email: { to: ['a@energie-plus.example'] } })).body.data!;
    const schedule = await scheduleOf('subscription', subscription._id);
    expect(schedule).toMatchObject({ ScheduleExpression: 'cron(0 8 1 * ? *)', ScheduleExpressionTimezone: ZONE, State: 'ENABLED' });
    expect(JSON.parse(schedule!.Target!.Input!)).toEqual({ kind: 'subscription', id: subscription._id, customerId: premium(), correlationId: '<aws.scheduler.execution-id>' });

    await api('PUT', '/api/v1/subscriptions', { token: admin, body: { ...subscription, cron_time: '30 6 * * 1-5', active: false } });
    expect(await scheduleOf('subscription', subscription._id)).toMatchObject({ ScheduleExpression: 'cron(30 6 ? * 2-6 *)', ScheduleExpressionTimezone: ZONE, State: 'DISABLED' });
    expect(await run(subscription)).toMatchObject({ sent: false, reason: 'inactive' });
    await api('PUT', '/api/v1/subscriptions', { token: admin, body: { ...subscription, cron_time: CRON_PRESETS[3] } });
    expect(await scheduleOf('subscription', subscription._id)).toMatchObject({ ScheduleExpression: 'cron(0 8 * * ? *)', State: 'ENABLED' });

    expect((await api('DELETE', `/api/v1/subscriptions/${subscription._id}`, { token: admin })).status).toBe(200);
    expect(await scheduleOf('subscription', subscription._id)).toBeNull();
    expect(await run(subscription)).toMatchObject({ sent: false, reason: 'not_found' });
  });

  it('include the demo: a monthly subscription of the demo report, with its schedule', async () => {
    const demo = await api<Subscription>('GET', '/api/v1/subscriptions/sub-demo-monthly', { token: admin });
    expect(demo.body.data).toMatchObject({ report: 'rep-demo-monthly', cron_time: MONTHLY, active: true, sharing: { shared: true } });
    expect(await scheduleOf('subscription', 'sub-demo-monthly')).toMatchObject({ ScheduleExpression: 'cron(0 8 1 * ? *)', ScheduleExpressionTimezone: ZONE, State: 'ENABLED' });
  });
});

describe('the subscription job', () => {
  it('sends nothing, and does not fail, when the report is gone', async () => {
    const report = await createReport(admin, 'Bientôt supprimé');
    const subscription = (await create(admin, { name: 'Orphelin', report: report._id, email: { to: [`orphan-${randomUUID().slice(0, 8)}@energie-plus.example`] } })).body.data!;
    expect((await api('DELETE', `/api/v1/reports/${report._id}`, { token: admin })).status).toBe(200);
    expect(await run(subscription)).toEqual({ sent: false, reason: 'report_not_found', due: dueNow() });
    expect(await run(subscription)).toMatchObject({ sent: false, reason: 'report_not_found' });
  });

  it('leaves alone a due time another run is sending, and never sends again one whose run died while mailing', async () => {
    const report = await createReport(admin, 'Rapport en cours');
    const to = `claimed-${randomUUID().slice(0, 8)}@energie-plus.example`;
    const subscription = (await create(admin, { name: 'Réclamé', report: report._id, email: { to: [to] } })).body.data!;
    const due = dueNow();
    const marker = { ...markerKey(subscription._id, due), kind: 'subscription-sending', subscription: subscription._id, due, claim: 'another-run', expires_at: Math.ceil(Date.now() / 1000) + 3600 };

    await entities.put({ ...marker, state: 'rendering', claimed_at: new Date().toISOString() });
    expect(await run(subscription)).toEqual({ sent: false, reason: 'in_progress', due });
    await entities.put({ ...marker, state: 'mailing', claimed_at: new Date(Date.now() - 3_600_000).toISOString() });
    expect(await run(subscription)).toEqual({ sent: false, reason: 'outcome_unknown', due });
    expect(smtp.received().filter((message) => message.to.includes(to))).toHaveLength(0);
    await entities.delete(markerKey(subscription._id, due));
  });

  it("e-mails the report's PDF once per due time, to / cc / bcc, in its owner's language, even when run twice at once", async () => {
    // A customer of the test's own: while its server is enabled every e-mail of that customer leaves
    // through it, and the files running at the same time read the demo customers' e-mails from SES.
    const { customerId, token: own } = await anotherPremiumCustomer();
    expect((await api('POST', '/api/v1/email', { token: own, body: smtpSettings(true) })).status).toBe(200);
    const report = await createReport(own, 'Rapport mensuel envoyé');
    const tag = randomUUID().slice(0, 8);
    const [to, cc, bcc] = ['to', 'cc', 'bcc'].map((kind) => `sub-${kind}-${tag}@energie-plus.example`);
    const subscription = (await create(own, { name: 'Envoi mensuel', report: report._id, email: { to: [to], cc: [cc], bcc: [bcc] } })).body.data!;

    // A schedule firing beside a retry: both runs name the same due time, one sends.
    const runs = await Promise.all([run(subscription), run(subscription)]);
    const due = dueNow();
    expect(runs.every((outcome) => outcome.due === due)).toBe(true);
    expect(runs.filter((outcome) => outcome.sent)).toHaveLength(1);
    expect(runs.find((outcome) => outcome.sent)).toMatchObject({ language: 'fr', recipients: 3 });
    expect(runs.find((outcome) => !outcome.sent)?.reason).toMatch(/^(already_sent|in_progress)$/);
    expect(await run(subscription)).toEqual({ sent: false, reason: 'already_sent', due });
    expect(await entities.get(markerKey(subscription._id, due, customerId))).toMatchObject({ state: 'sent' });

    const received = await eventually(
      async () => smtp.received().filter((message) => message.to.includes(to)),
      (messages) => messages.length > 0,
      15_000,
    );
    expect(received).toHaveLength(1);
    expect(received[0].to.sort()).toEqual([to, cc, bcc].sort());
    expect(received[0].subject).toBe('Rapport : Rapport mensuel envoyé');
    const attachment = attachmentOf(received[0].raw);
    expect(attachment?.type).toBe('application/pdf');
    expect(attachment?.name).toMatch(/\.pdf$/);
    expect(attachment!.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it("sends the stale claim of a run that died while printing, once", async () => {
    const report = await createReport(admin, 'Rapport repris');
    const to = `stale-${randomUUID().slice(0, 8)}@energie-plus.example`;
    const subscription = (await create(admin, { name: 'Repris', report: report._id, email: { to: [to] } })).body.data!;
    const due = dueNow();
    await entities.put({
      ...markerKey(subscription._id, due),
      kind: 'subscription-sending',
      subscription: subscription._id,
      due,
      claim: 'a-dead-run',
      state: 'rendering',
      claimed_at: new Date(Date.now() - 3_600_000).toISOString(),
      expires_at: Math.ceil(Date.now() / 1000) + 3600,
    });
    expect(await run(subscription)).toMatchObject({ sent: true, due });
    expect(await run(subscription)).toMatchObject({ sent: false, reason: 'already_sent' });
  });
});
