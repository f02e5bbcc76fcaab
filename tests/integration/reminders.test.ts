import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PERMISSIONS } from '@shared/permissions/default-permissions';
import type { NotificationItem } from '@shared/schemas/notification';
import type { Reminder } from '@shared/schemas/reminder';
import { api, login } from '../support/api';
import { anotherPremiumCustomer, seedMember, tokenOf } from '../support/customers';
import { entities } from '../support/aws';
import { testEnvironment } from '../support/environment';
import { eventually } from '../support/eventually';
import { runScheduledJob, scheduleOf } from '../support/scheduled-job';

/**
 * Reminders (spec 2 §3–§5, §7) and the notifications they make. The scheduled job is invoked as
 * EventBridge Scheduler would (no waiting for the minute): it fires the occurrence the schedule
 * stands for, the last one at or before now.
 */

const ZONE = 'Europe/Paris';

let admin: string;
let member: string;
let otherCustomer: string;

interface SentMail {
  To: string[];
  CC: string[];
  BCC: string[];
  Subject: string;
  BodyText: string;
}

const sentMails = async (): Promise<SentMail[]> => {
  const answer = (await (await fetch(`${testEnvironment().endpoint}/_ministack/ses/messages`)).json()) as { messages: Record<string, SentMail[]> };
  return Object.values(answer.messages).flat();
};
const mailsTo = async (address: string) => (await sentMails()).filter((mail) => mail.To.includes(address));

const today = () => DateTime.now().setZone(ZONE).toFormat('yyyy-MM-dd');
const tomorrow = () => DateTime.now().setZone(ZONE).plus({ days: 1 }).toFormat('yyyy-MM-dd');
const uniqueAddress = () => `rappel-${randomUUID().slice(0, 8)}@energie-plus.example`;

/** A daily reminder of today at midnight: its occurrence of today is due, so the job fires it. */
const dueToday = (overrides: Record<string, unknown> = {}) => ({
  name: `Relevé ${randomUUID().slice(0, 6)}`,
  message: 'Relever les compteurs de la chaufferie',
  reminder_date: today(),
  start: '00:00',
  type: 'recurrent',
  period_type: 'day',
  period_value: 1,
  ...overrides,
});

/** The reminders this file made: their notifications are marked done after it, for later files to find their users' lists as they were. */
const made = new Set<string>();

const create = async (token: string, body: Record<string, unknown>) => {
  const answer = await api<Reminder>('POST', '/api/v1/reminders', { token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  made.add(answer.body.data!._id);
  return answer.body.data!;
};
const remove = (token: string, id: string) => api('DELETE', `/api/v1/reminders/${id}`, { token });
const fire = (reminder: Reminder) => runScheduledJob<{ fired: boolean; reason?: string; due?: string }>({ kind: 'reminder', id: reminder._id, customerId: reminder.customer });
const unread = async (token: string) => (await api<{ new: NotificationItem[] }>('GET', '/api/v1/notifications/unread', { token })).body.data!.new;
const ofReminder = (items: NotificationItem[], reminder: Reminder) => items.filter((item) => item.reminder === reminder._id);

beforeAll(async () => {
  admin = (await login('premiumAdministrator')).user.jwt;
  member = (await login('premiumMember')).user.jwt;
  otherCustomer = (await login('basicAdministrator')).user.jwt;
});

afterAll(async () => {
  for (const token of [admin, member]) {
    for (const item of await unread(token)) {
      if (item.reminder && made.has(item.reminder)) await api('PUT', '/api/v1/notifications/done', { token, body: { _id: item._id } });
    }
  }
});

describe('reminders', () => {
  it('are created with the defaults of spec 2, read, edited and deleted, their schedule following them', async () => {
    const created = await create(admin, { name: 'Contrat gaz', reminder_date: tomorrow(), email: { to: 'a@energie-plus.example; b@energie-plus.example' } });
    expect(created).toMatchObject({
      type: 'recurrent',
      active: true,
      period_type: 'month',
      period_value: 1,
      reset_only_after_validation: true,
      user: 'usr-premium-admin',
      email: { to: ['a@energie-plus.example', 'b@energie-plus.example'], cc: [], bcc: [] },
      next_due: `${tomorrow()}T08:00`,
      awaiting_reset: false,
    });
    expect(created._id).toMatch(/^rem-/);
    expect(await scheduleOf('reminder', created._id)).toMatchObject({
      ScheduleExpression: `at(${tomorrow()}T08:00:00)`,
      ScheduleExpressionTimezone: ZONE,
      State: 'ENABLED',
    });
    expect((await api<Reminder>('GET', `/api/v1/reminders/${created._id}`, { token: admin })).body.data?.name).toBe('Contrat gaz');

    const edited = await api<Reminder>('PUT', '/api/v1/reminders', { token: admin, body: { ...created, start: '09:30', active: false } });
    expect(edited.status).toBe(200);
    expect(await scheduleOf('reminder', created._id)).toMatchObject({ ScheduleExpression: `at(${tomorrow()}T09:30:00)`, State: 'DISABLED' });

    const listed = (await api<Reminder[]>('GET', '/api/v1/reminders', { token: admin })).body.data!;
    expect(listed.map((reminder) => reminder._id)).toContain(created._id);
    expect((await remove(admin, created._id)).status).toBe(200);
    expect((await api('GET', `/api/v1/reminders/${created._id}`, { token: admin })).status).toBe(404);
    expect(await scheduleOf('reminder', created._id)).toBeNull();
  });

  it("answer 'Fields name and date are required' and too early dates with a code, writing nothing", async () => {
    const before = (await api<Reminder[]>('GET', '/api/v1/reminders', { token: admin })).body.data!.length;
    for (const body of [{ name: 'Sans date' }, { reminder_date: tomorrow() }, { name: '  ', reminder_date: tomorrow() }, { name: 'Vide', reminder_date: '' }]) {
      const answer = await api('POST', '/api/v1/reminders', { token: admin, body });
      expect([answer.status, answer.body.msg], JSON.stringify(body)).toEqual([400, 'reminder_fields_required']);
    }
    const tooEarly = await api('POST', '/api/v1/reminders', { token: admin, body: { name: 'Hier', reminder_date: today(), type: 'normal' } });
    expect([tooEarly.status, tooEarly.body.msg]).toEqual([400, 'reminder_date_too_early']);
    const badAddress = await api('POST', '/api/v1/reminders', { token: admin, body: { name: 'Adresse', reminder_date: tomorrow(), email: { to: 'pas-une-adresse' } } });
    expect(badAddress.status).toBe(400);
    expect((await api<Reminder[]>('GET', '/api/v1/reminders', { token: admin })).body.data!.length).toBe(before);
  });

  it('of another customer answer 404, and a customer without the premium licence is refused', async () => {
    const created = await create(admin, { name: 'Privé', reminder_date: tomorrow() });
    const refused = await api('GET', '/api/v1/reminders', { token: otherCustomer });
    expect([refused.status, refused.body.msg]).toEqual([403, 'premium_required']);
    expect((await api('GET', `/api/v1/reminders/${created._id}`, { token: otherCustomer })).status).toBe(403);

    // Another premium customer still cannot reach this customer's reminder.
    const { token: premiumOther } = await anotherPremiumCustomer();
    expect((await api<Reminder[]>('GET', '/api/v1/reminders', { token: premiumOther })).body.data!.map((entry) => entry._id)).not.toContain(created._id);
    expect((await api('GET', `/api/v1/reminders/${created._id}`, { token: premiumOther })).status).toBe(404);
    expect((await api('PUT', '/api/v1/reminders', { token: premiumOther, body: { ...created, name: 'Volé' } })).status).toBe(404);
    expect((await api('PUT', '/api/v1/reminders/reset', { token: premiumOther, body: { _id: created._id } })).status).toBe(404);
    expect((await api('DELETE', `/api/v1/reminders/${created._id}`, { token: premiumOther })).status).toBe(404);
    // A member of the same customer does not see an unshared reminder of the administrator.
    expect((await api('GET', `/api/v1/reminders/${created._id}`, { token: member })).status).toBe(404);
    expect((await api('DELETE', `/api/v1/reminders/${created._id}`, { token: member })).status).toBe(404);
    expect((await api<Reminder>('GET', `/api/v1/reminders/${created._id}`, { token: admin })).body.data?.name).toBe('Privé');
    await remove(admin, created._id);
  }, 90_000);

  it('notify their owner and e-mail to, cc and bcc when due, once per due time, and wait for a reset', async () => {
    const to = uniqueAddress();
    const reminder = await create(admin, dueToday({ email: { to, cc: uniqueAddress(), bcc: uniqueAddress() } }));
    const first = await fire(reminder);
    expect(first).toMatchObject({ fired: true, due: `${today()}T00:00`, mailed: true });
    const notifications = ofReminder(await unread(admin), reminder);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({ title: reminder.name, message: reminder.message, unread: true, user: 'usr-premium-admin' });
    const mails = await eventually(() => mailsTo(to), (found) => found.length > 0);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ Subject: `Rappel : ${reminder.name}`, CC: reminder.email.cc, BCC: reminder.email.bcc });
    expect(mails[0].BodyText).toContain(reminder.message);
    // Not shared: the colleague gets nothing.
    expect(ofReminder(await unread(member), reminder)).toHaveLength(0);

    // Recurrent and reset only after validation: it waits, and no second run sends anything.
    expect(await fire(reminder)).toMatchObject({ fired: false, reason: 'awaiting_reset' });
    const waiting = (await api<Reminder>('GET', `/api/v1/reminders/${reminder._id}`, { token: admin })).body.data!;
    expect(waiting).toMatchObject({ awaiting_reset: true, next_due: null });
    expect(await scheduleOf('reminder', reminder._id)).toBeNull();

    // The reset marks its notification done and schedules the next occurrence; today's does not fire twice.
    const reset = await api<Reminder>('PUT', '/api/v1/reminders/reset', { token: admin, body: { _id: reminder._id } });
    expect(reset.body.data).toMatchObject({ awaiting_reset: false, next_due: `${tomorrow()}T00:00` });
    expect(await scheduleOf('reminder', reminder._id)).toMatchObject({ ScheduleExpression: `at(${tomorrow()}T00:00:00)` });
    expect(ofReminder(await unread(admin), reminder)).toHaveLength(0);
    expect(await fire(reminder)).toMatchObject({ fired: false, reason: 'already_fired' });
    expect(await mailsTo(to)).toHaveLength(1);

    const again = await api('PUT', '/api/v1/reminders/reset', { token: admin, body: { _id: reminder._id } });
    expect([again.status, again.body.msg]).toEqual([409, 'reminder_not_awaiting_reset']);
    await remove(admin, reminder._id);
  });

  it('run twice for the same due time send once and notify once; the next occurrence is scheduled', async () => {
    const to = uniqueAddress();
    const reminder = await create(admin, dueToday({ reset_only_after_validation: false, email: { to } }));
    const [first, second] = await Promise.all([fire(reminder), fire(reminder)]);
    expect([first.fired, second.fired].sort()).toEqual([false, true]);
    expect(await fire(reminder)).toMatchObject({ fired: false, reason: 'already_fired' });
    expect(ofReminder(await unread(admin), reminder)).toHaveLength(1);
    expect(await eventually(() => mailsTo(to), (found) => found.length > 0)).toHaveLength(1);
    expect(await scheduleOf('reminder', reminder._id)).toMatchObject({ ScheduleExpression: `at(${tomorrow()}T00:00:00)`, ScheduleExpressionTimezone: ZONE });
    await remove(admin, reminder._id);
  });

  it('when shared notify everyone of the customer who may open reminders', async () => {
    const reminder = await create(admin, dueToday({ sharing: { shared: true }, email: { to: uniqueAddress() } }));
    expect((await fire(reminder)).fired).toBe(true);
    expect(ofReminder(await unread(admin), reminder)).toHaveLength(1);
    expect(ofReminder(await unread(member), reminder)).toHaveLength(1);
    expect(ofReminder(await unread(otherCustomer), reminder)).toHaveLength(0);
    // The colleague sees it but may not change it.
    expect((await api('GET', `/api/v1/reminders/${reminder._id}`, { token: member })).status).toBe(200);
    expect((await api('DELETE', `/api/v1/reminders/${reminder._id}`, { token: member })).status).toBe(403);
    await remove(admin, reminder._id);
  });
});

describe('notifications', () => {
  it('count unread ones, page new then old, and are marked done by their user only', async () => {
    const reminders = [await create(admin, dueToday({ reset_only_after_validation: false })), await create(admin, dueToday({ reset_only_after_validation: false }))];
    for (const reminder of reminders) expect((await fire(reminder)).fired).toBe(true);
    const mine = ofReminder(await unread(admin), reminders[0])[0];
    expect(mine).toBeDefined();

    expect((await api('PUT', '/api/v1/notifications/done', { token: member, body: { _id: mine._id } })).status).toBe(404);
    expect((await api('PUT', '/api/v1/notifications/done', { token: otherCustomer, body: { _id: mine._id } })).status).toBe(404);
    const before = (await unread(admin)).length;
    const done = await api<NotificationItem>('PUT', '/api/v1/notifications/done', { token: admin, body: { _id: mine._id } });
    expect(done.body.data).toMatchObject({ _id: mine._id, unread: false });
    expect((await unread(admin)).length).toBe(before - 1);

    const page = (await api<{ new: NotificationItem[]; old: NotificationItem[] }>('GET', '/api/v1/notifications/0/20', { token: admin })).body.data!;
    expect(page.new.every((item) => item.unread)).toBe(true);
    expect(page.old.every((item) => !item.unread)).toBe(true);
    expect(page.new.length + page.old.length).toBeLessThanOrEqual(20);
    expect(page.new.map((item) => item._id)).toContain(ofReminder(page.new, reminders[1])[0]?._id);
    const all = (await api<{ new: NotificationItem[]; old: NotificationItem[] }>('GET', '/api/v1/notifications/0/100', { token: admin })).body.data!;
    expect(all.old.map((item) => item._id)).toContain(mine._id);
    // The second page of a list whose first page holds exactly the unread ones starts with the newest done one.
    // Another file running beside this one may notify the same administrator meanwhile (an alert, a
    // reminder): the page is asked again, from the new count, when the count moved around the call.
    const secondPage = async () => {
      for (let attempt = 1; ; attempt += 1) {
        const count = (await unread(admin)).length;
        const answer = (await api<{ new: NotificationItem[]; old: NotificationItem[] }>('GET', `/api/v1/notifications/${count}/20`, { token: admin })).body.data!;
        if (attempt === 3 || (await unread(admin)).length === count) return answer;
      }
    };
    const second = await secondPage();
    expect(second.new).toHaveLength(0);
    expect(second.old[0]?._id).toBe(all.old[0]._id);
    expect((await api('GET', '/api/v1/notifications/0/0', { token: admin })).status).toBe(400);
    for (const reminder of reminders) await remove(admin, reminder._id);
  });
});

describe('the reminders permission', () => {
  it("refuses a role without app.reminders with 403, the customer's other roles keep it", async () => {
    // A customer of the test's own: the demo customers' permission maps are read by files running at the same time.
    const { customerId, token: ownAdmin } = await anotherPremiumCustomer();
    const ownMember = await tokenOf(await seedMember(customerId));
    const { 'app.reminders': _removed, ...memberWithoutReminders } = DEFAULT_PERMISSIONS.member;
    expect(_removed).toBeDefined();
    await entities.put({ PK: `C#${customerId}`, SK: 'ACL', kind: 'acl', permissions: { ...DEFAULT_PERMISSIONS, member: memberWithoutReminders } });
    const refused = await eventually(() => api('GET', '/api/v1/reminders', { token: ownMember }), (answer) => answer.status === 403, 60_000);
    expect([refused.status, refused.body.msg]).toEqual([403, 'forbidden']);
    expect((await api('POST', '/api/v1/reminders', { token: ownMember, body: { name: 'Non', reminder_date: tomorrow() } })).status).toBe(403);
    expect((await api('GET', '/api/v1/reminders', { token: ownAdmin })).status).toBe(200);
  }, 90_000);
});
