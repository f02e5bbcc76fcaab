import { randomBytes, randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCompleteBucket } from '@shared/alerts/bucket';
import { latestOccurrence } from '@shared/alerts/cron';
import type { Alert, AlertLogItem } from '@shared/schemas/alert';
import type { Export } from '@shared/schemas/export';
import type { NotificationItem } from '@shared/schemas/notification';
import type { Reminder } from '@shared/schemas/reminder';
import type { Report } from '@shared/schemas/report';
import type { Subscription } from '@shared/schemas/subscription';
import type { User } from '@shared/schemas/user';
import type { AlertRunOutcome } from '../../functions/src/services/alert-evaluation-service';
import type { ReminderFiring } from '../../functions/src/services/reminder-firing-service';
import type { SubscriptionRun } from '../../functions/src/services/subscription-sending-service';
import { api, login } from '../support/api';
import { entities } from '../support/aws';
import { testEnvironment } from '../support/environment';
import { eventually } from '../support/eventually';
import { awaitMailsTo, passwordLinkTokenOf, sentMails } from '../support/mail';
import { runOutboxSweep, runScheduledJob } from '../support/scheduled-job';
import { hourAverage } from '../support/series';

/**
 * The outbox (README "Outbox"): a send that fails after the log entry and its outbox record were
 * written is sent by the next run of the job, and never again by the runs after it. The failure is
 * injected: the test deployment enables fault injection (a deployment setting, off in production)
 * and the test writes a fault marker straight into the table — an item no API route writes.
 * Messages a request asks for (an export sent now, a password link) are tried by the request and,
 * when refused, by the request asked again or by the outbox sweep, which the tests run directly
 * (schedules fire late in the emulator).
 */

const ZONE = 'Europe/Paris';
const FIRST_JANUARY = '0 0 1 1 *';
const premium = () => testEnvironment().customers.premium;
const unique = (prefix: string) => `${prefix}-${Date.now()}-${randomUUID().slice(0, 6)}`;

let admin: string;
let point: string;
const reminders: string[] = [];
const madeReports: string[] = [];
const madeSubscriptions: string[] = [];
const madeExports: string[] = [];
const madeUsers: string[] = [];

/** Makes the next send of an entity's messages fail once, after its record is written. */
const failNextSend = (kind: 'alert' | 'reminder' | 'subscription' | 'export' | 'account', id: string) =>
  entities.put({ PK: `C#${premium()}`, SK: `OUTBOXFAULT#${kind}#${id}`, kind: 'outbox-fault', failures: 1 });

/** The premium customer's outbox records of an entity (`<kind>#<id>#`). */
const recordsOf = (idPrefix: string) => entities.withPrefix(`C#${premium()}`, `OUTBOX#${idPrefix}`);

/**
 * A refused record waits a minute before the sweep tries it again: this moves its next try to now,
 * as if that minute had passed (the index the sweep reads is sorted by that time).
 */
const retryComesDue = async (idPrefix: string) => {
  const past = new Date(Date.now() - 1000).toISOString();
  const unsent = (await recordsOf(idPrefix)).filter((item) => item.status !== 'sent');
  expect(unsent.length).toBeGreaterThan(0);
  for (const item of unsent) {
    const indexed = String(item.GSI1SK);
    await entities.set({ PK: String(item.PK), SK: String(item.SK) }, { next_attempt_at: past, GSI1SK: `${past}${indexed.slice(indexed.indexOf('#'))}` });
  }
};

const runAlert = (alertId: string) => runScheduledJob<AlertRunOutcome>({ kind: 'alert', id: alertId, customerId: premium() });
const fireReminder = (reminder: Reminder) => runScheduledJob<ReminderFiring>({ kind: 'reminder', id: reminder._id, customerId: reminder.customer });

const mailsAbout = async (about: string) => (await sentMails()).filter((mail) => mail.Subject.includes(about));
const mailsTo = async (address: string) => (await sentMails()).filter((mail) => mail.To.includes(address));
const sentSms = async (phoneNumber: string): Promise<{ Message: string }[]> => {
  const answer = await fetch(`${testEnvironment().endpoint}/_ministack/sns/sms-messages?phoneNumber=${encodeURIComponent(phoneNumber)}`);
  const { sms_messages: messages } = (await answer.json()) as { sms_messages: Record<string, { Message: string }[]> };
  return messages[phoneNumber] ?? [];
};

const createAlert = async (overrides: Record<string, unknown>) => {
  const body = {
    name: unique('Outbox'),
    points: [{ point }],
    sampling: 'hour',
    cron_time: FIRST_JANUARY,
    conditions: [[{ from_calculation: 'avg', operation: 'gt', to_value: 40 }]],
    email: { to: ['outbox@energie-plus.example'], cc: [], bcc: [] },
    ...overrides,
  };
  const answer = await api<Alert>('POST', '/api/v1/alerts', { token: admin, body: { alert: body } });
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.data!;
};

const logOf = async (alertId: string) => {
  const answer = await api<{ log: AlertLogItem[] }>('GET', `/api/v1/alerts/log/all/${alertId}/non_acquitted`, { token: admin });
  expect(answer.status).toBe(200);
  return answer.body.data!.log;
};

beforeAll(async () => {
  admin = (await login('premiumAdministrator')).user.jwt;
  const created = await api<{ _id: string }>('POST', '/api/v1/points', {
    token: admin,
    body: { name: unique('Outbox point'), technical_id: unique('OUTBOX'), resource: 'electricity', series_type: 'measure', unit: 'kW', location: [] },
  });
  point = created.body.data!._id;
  const bucket = lastCompleteBucket(latestOccurrence(FIRST_JANUARY, ZONE, Date.now()), 'hour', ZONE);
  const values = [45, 55];
  const step = (bucket.to - bucket.from) / (values.length + 1);
  const written = await api('POST', '/api/v1/data', {
    token: admin,
    body: { data: values.map((value, index) => ({ point, date: new Date(bucket.from + step * (index + 1)).toISOString(), value })) },
  });
  expect(written.status).toBe(200);
  expect(await eventually(() => hourAverage(admin, point, bucket), (value) => value === 50)).toBe(50);
}, 90_000);

afterAll(async () => {
  for (const item of (await api<{ new: NotificationItem[] }>('GET', '/api/v1/notifications/unread', { token: admin })).body.data?.new ?? []) {
    if (item.reminder && reminders.includes(item.reminder)) await api('PUT', '/api/v1/notifications/done', { token: admin, body: { _id: item._id } });
  }
  for (const id of reminders) await api('DELETE', `/api/v1/reminders/${id}`, { token: admin });
  for (const id of madeSubscriptions) await api('DELETE', `/api/v1/subscriptions/${id}`, { token: admin });
  for (const id of madeReports) await api('DELETE', `/api/v1/reports/${id}`, { token: admin });
  for (const id of madeExports) await api('DELETE', `/api/v1/exports/data/${id}`, { token: admin });
  for (const id of madeUsers) await api('DELETE', `/api/v1/users/${id}`, { token: admin });
});

describe('the outbox', () => {
  it('sends an alert e-mail whose send failed after the log entry was written on the next run, and never again', async () => {
    const alert = await createAlert({});
    await failNextSend('alert', alert._id);

    await expect(runAlert(alert._id)).rejects.toThrow(/outbox_fault_injected/);
    expect(await mailsAbout(alert.name)).toHaveLength(0);
    expect(await logOf(alert._id)).toMatchObject([{ event: 'fired', notified: false }]);

    expect(await runAlert(alert._id)).toMatchObject({ outcome: 'duplicate', delivered: 1 });
    expect(await mailsAbout(alert.name)).toHaveLength(1);
    expect(await logOf(alert._id)).toMatchObject([{ event: 'fired', notified: true }]);

    expect(await runAlert(alert._id)).toMatchObject({ outcome: 'duplicate', delivered: 0 });
    expect(await mailsAbout(alert.name)).toHaveLength(1);
  });

  it('sends an alert SMS whose send failed on the next run, and never again', async () => {
    const phone = `+3362${String(Date.now()).slice(-7)}`;
    const alert = await createAlert({ notifications: 'sms', sms: [phone], email: undefined });
    await failNextSend('alert', alert._id);

    await expect(runAlert(alert._id)).rejects.toThrow(/outbox_fault_injected/);
    expect(await sentSms(phone)).toHaveLength(0);

    expect(await runAlert(alert._id)).toMatchObject({ outcome: 'duplicate', delivered: 1 });
    expect(await sentSms(phone)).toHaveLength(1);
    expect((await sentSms(phone))[0].Message).toContain(alert.name);

    expect(await runAlert(alert._id)).toMatchObject({ outcome: 'duplicate', delivered: 0 });
    expect(await sentSms(phone)).toHaveLength(1);
  });

  it("sends a reminder's e-mail whose send failed after the firing was recorded on the next run, and never again", async () => {
    const to = `outbox-${randomUUID().slice(0, 8)}@energie-plus.example`;
    const created = await api<Reminder>('POST', '/api/v1/reminders', {
      token: admin,
      body: { name: unique('Relevé'), message: 'Relever le compteur', reminder_date: DateTime.now().setZone(ZONE).toFormat('yyyy-MM-dd'), start: '00:00', type: 'recurrent', period_type: 'day', period_value: 1, email: { to } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const reminder = created.body.data!;
    reminders.push(reminder._id);
    await failNextSend('reminder', reminder._id);

    expect(await fireReminder(reminder)).toMatchObject({ fired: true, mailed: false });
    expect(await mailsTo(to)).toHaveLength(0);

    expect(await fireReminder(reminder)).toMatchObject({ fired: false, delivered: 1 });
    expect(await awaitMailsTo(to)).toHaveLength(1);

    const third = await fireReminder(reminder);
    expect(third.fired).toBe(false);
    expect(third.delivered).toBeUndefined();
    expect(await mailsTo(to)).toHaveLength(1);
  });

  it("sends a report subscription's e-mail whose send failed after the PDF was handed to the outbox on the next run, and never again", async () => {
    const report = await api<Report>('POST', '/api/v1/reports', { token: admin, body: { data: { name: unique('Rapport outbox'), sharing: { shared: false } } } });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    madeReports.push(report.body.data!._id);
    const to = `outbox-sub-${randomUUID().slice(0, 8)}@energie-plus.example`;
    const created = await api<Subscription>('POST', '/api/v1/subscriptions', { token: admin, body: { name: unique('Abonnement outbox'), report: report.body.data!._id, email: { to: [to] } } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const subscription = created.body.data!;
    madeSubscriptions.push(subscription._id);
    const run = () => runScheduledJob<SubscriptionRun>({ kind: 'subscription', id: subscription._id, customerId: subscription.customer });
    await failNextSend('subscription', subscription._id);

    await expect(run()).rejects.toThrow(/outbox_fault_injected/);
    expect(await mailsTo(to)).toHaveLength(0);

    const second = await run();
    expect(second).toMatchObject({ sent: false, reason: 'already_sent', delivered: 1 });
    expect(await mailsTo(to)).toHaveLength(1);
    expect(await entities.get({ PK: `C#${premium()}`, SK: `SUBSEND#${subscription._id}#${second.due}` })).toMatchObject({ state: 'sent' });

    expect(await run()).toEqual({ sent: false, reason: 'already_sent', due: second.due });
    expect(await mailsTo(to)).toHaveLength(1);
  }, 120_000);

  it('sends an export e-mail whose send failed after its record was written once, when the same request is asked again, and never again', async () => {
    const to = `outbox-export-${randomUUID().slice(0, 8)}@energie-plus.example`;
    const created = await api<Export>('POST', '/api/v1/exports/data', { token: admin, body: { name: unique('Export outbox'), email: { to }, content: [[[{ type: 'text', value: 'Outbox' }]]] } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const exported = created.body.data!;
    madeExports.push(exported._id);
    await failNextSend('export', exported._id);
    const requestKey = randomUUID();
    const send = () => api<{ sent_to: string[] }>('POST', `/api/v1/exports/data/${exported._id}/email`, { token: admin, body: { request_key: requestKey } });

    expect(await send()).toMatchObject({ status: 500, body: { res: false } });
    expect(await mailsTo(to)).toHaveLength(0);
    const [pending] = await recordsOf(`export#${exported._id}#`);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, message: { to: [to] } });
    expect((pending.message as { attachments: { s3Key: string }[] }).attachments[0].s3Key.startsWith(`${premium()}/outbox/`)).toBe(true);

    expect(await send()).toMatchObject({ status: 200, body: { data: { sent_to: [to] } } });
    expect(await mailsTo(to)).toHaveLength(1);
    expect((await mailsTo(to))[0].Subject).toContain(exported.name);

    expect(await send()).toMatchObject({ status: 200, body: { data: { sent_to: [to] } } });
    await runOutboxSweep();
    expect(await mailsTo(to)).toHaveLength(1);
    expect(await recordsOf(`export#${exported._id}#`)).toMatchObject([{ status: 'sent' }]);
  });
});

describe('the outbox sweep', () => {
  it('sends an alert e-mail left unsent once its retry is due, and never again', async () => {
    const alert = await createAlert({});
    await failNextSend('alert', alert._id);
    await expect(runAlert(alert._id)).rejects.toThrow(/outbox_fault_injected/);
    expect(await mailsAbout(alert.name)).toHaveLength(0);

    await retryComesDue(`alert#${alert._id}#`);
    expect((await runOutboxSweep()).sent).toBeGreaterThanOrEqual(1);
    expect(await mailsAbout(alert.name)).toHaveLength(1);

    await runOutboxSweep();
    expect(await mailsAbout(alert.name)).toHaveLength(1);
    expect(await recordsOf(`alert#${alert._id}#`)).toMatchObject([{ status: 'sent' }]);
  });

  it('sends a password link whose e-mail failed after the link was written, sealed until sent, once, and the link works', async () => {
    const email = `outbox-link-${randomUUID().slice(0, 8)}@energie-plus.example`;
    const invited = await api<User>('POST', '/api/v1/users', { token: admin, body: { first_name: 'Odile', last_name: 'Outbox', email, type: 'member', allowed_locations: ['loc-grenoble'] } });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const user = invited.body.data!;
    madeUsers.push(user._id);
    expect(await mailsTo(email)).toHaveLength(1);
    await failNextSend('account', user._id);

    const address = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`;
    const asked = await api('POST', '/api/v1/users/forgot-password', { body: { email }, headers: { 'X-Forwarded-For': address } });
    expect(asked).toEqual({ status: 200, body: { res: true, data: { acknowledged: true } } });
    expect(await mailsTo(email)).toHaveLength(1);
    const [pending] = await recordsOf(`account#${user._id}#reset-`);
    expect(pending).toMatchObject({ status: 'pending', message: { to: [email], sealed: true } });
    expect(JSON.stringify(pending)).not.toContain('set-password');

    await retryComesDue(`account#${user._id}#reset-`);
    await runOutboxSweep();
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    const token = passwordLinkTokenOf(mails[1]);
    expect(mails[1].Subject).toContain('Réinitialisation');
    expect(token).not.toBeNull();

    await runOutboxSweep();
    expect(await mailsTo(email)).toHaveLength(2);
    const set = await api('POST', '/api/v1/users/set-password', { body: { token, password: 'Outbox-42', password_confirm: 'Outbox-42' } });
    expect(set.status).toBe(200);
  });
});
