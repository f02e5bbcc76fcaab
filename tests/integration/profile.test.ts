import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@shared/languages';
import type { Reminder } from '@shared/schemas/reminder';
import type { LoginPayload } from '@shared/schemas/session';
import type { User } from '@shared/schemas/user';
import { api, login } from '../support/api';
import { entities } from '../support/aws';
import { testEnvironment } from '../support/environment';
import { eventually } from '../support/eventually';
import { runScheduledJob } from '../support/scheduled-job';
import { createTestUser, type TestUser } from '../support/test-users';

/** Profile (spec 3 §5), languages (spec 1 §3.1), the lock screen's unlock (spec 1 §2.1). */

const premium = () => testEnvironment().customers.premium;

const signIn = async (user: Pick<TestUser, 'email' | 'password'>) =>
  api<LoginPayload>('POST', '/api/v1/users/authenticate', { body: { user: { email: user.email, password: user.password } } });

const tokenOf = async (user: TestUser) => {
  const answer = await signIn(user);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data!.user.jwt;
};

const putProfile = (token: string, body: Record<string, unknown>) => api<User>('PUT', '/api/v1/users/profile', { token, body });

// The smallest valid PNG: one transparent pixel.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('languages', () => {
  it('are listed by a public route with their unit system, French metric and English imperial', async () => {
    const answer = await api<Language[]>('GET', '/api/v1/languages');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      { key: 'fr', title: 'Français', alt: 'France', unit_system: 'metric', disabled: false },
      { key: 'en', title: 'English', alt: 'United Kingdom', unit_system: 'imperial', disabled: false },
    ]);
  });
});

describe('profile', () => {
  let member: TestUser;
  let token: string;

  beforeAll(async () => {
    member = await createTestUser(premium());
    token = await tokenOf(member);
  });

  it('reads a user stored before the profile existed with the default language and preferences', async () => {
    const payload = (await signIn(member)).body.data!;
    expect(payload.user.language).toBe('fr');
    expect(payload.user.preferences).toEqual({ skin: 'smart-style-0', sound: true, voice_commands: false });
    expect(payload.user.picture).toBe('/img/avatars/male.svg');
    expect(payload.user).not.toHaveProperty('password_hash');
  });

  it("lets a member change their own name, language and preferences, carried by the next sign-in's payload", async () => {
    const answer = await putProfile(token, { first_name: 'Pauline', last_name: 'Profilée', language: 'en', preferences: { skin: 'smart-style-6', sound: false } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ first_name: 'Pauline', last_name: 'Profilée', language: 'en', preferences: { skin: 'smart-style-6', sound: false, voice_commands: false } });
    const again = (await signIn(member)).body.data!.user;
    expect(again).toMatchObject({ first_name: 'Pauline', language: 'en', preferences: { skin: 'smart-style-6', sound: false, voice_commands: false } });
    // Only the fields sent change.
    expect((await putProfile(token, { preferences: { voice_commands: true } })).body.data?.preferences).toEqual({ skin: 'smart-style-6', sound: false, voice_commands: true });
  });

  it('cannot change its role, customer or e-mail, and writes nothing when asked to', async () => {
    for (const body of [{ first_name: 'X', internal_role: 'administrator' }, { first_name: 'X', type: 'administrator' }, { first_name: 'X', customer: testEnvironment().customers.basic }, { first_name: 'X', email: 'other@example.com' }, { preferences: { skin: 'smart-style-9' } }]) {
      const answer = await putProfile(token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.msg).toBe('validation_failed');
    }
    const stored = await entities.get(member.key);
    expect(stored).toMatchObject({ first_name: 'Pauline', internal_role: 'member', customer: premium(), email: member.email });
  });

  it('is refused without a session', async () => {
    expect((await api('PUT', '/api/v1/users/profile', { body: { first_name: 'X' } })).status).toBe(401);
  });

  it('changes the password only with the right current password and a matching confirmation of 6 to 20 characters', async () => {
    const user = await createTestUser(premium());
    const userToken = await tokenOf(user);
    const change = (body: Record<string, unknown>) => putProfile(userToken, { change_password: true, ...body });
    const refusals: [Record<string, unknown>, string][] = [
      [{ new_password: 'nouveau1', new_password_confirm: 'nouveau1' }, 'current_password_required'],
      [{ current_password: user.password, new_password: 'nouveau1', new_password_confirm: 'nouveau2' }, 'password_confirmation_mismatch'],
      [{ current_password: user.password, new_password: 'court', new_password_confirm: 'court' }, 'password_length'],
      [{ current_password: 'not-the-password', new_password: 'nouveau1', new_password_confirm: 'nouveau1' }, 'current_password_wrong'],
    ];
    for (const [body, code] of refusals) {
      const answer = await change(body);
      expect(answer.status, code).toBe(400);
      expect(answer.body.msg).toBe(code);
    }
    // Nothing was changed by the refusals.
    expect((await signIn(user)).status).toBe(200);

    expect((await change({ current_password: user.password, new_password: 'nouveau1', new_password_confirm: 'nouveau1' })).status).toBe(200);
    expect((await signIn(user)).body.msg).toBe('bad_credentials');
    expect((await signIn({ email: user.email, password: 'nouveau1' })).status).toBe(200);
  });

  it("stores an uploaded picture under the user's customer and serves it by a short-lived address; refuses what is not an image", async () => {
    const answer = await api<User>('POST', '/api/v1/users/profile/picture', { token, body: { content_type: 'image/png', data: PNG } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const stored = await entities.get(member.key);
    expect(String(stored?.picture_key)).toMatch(new RegExp(`^${premium()}/profile-pictures/${member._id}/`));
    const picture = await fetch(answer.body.data!.picture);
    expect(picture.status).toBe(200);
    expect(Buffer.from(await picture.arrayBuffer()).equals(Buffer.from(PNG, 'base64'))).toBe(true);
    expect((await signIn(member)).body.data!.user.picture).toMatch(/^http/);

    const forged = await api('POST', '/api/v1/users/profile/picture', { token, body: { content_type: 'image/png', data: Buffer.from('<svg onload="x"/>').toString('base64') } });
    expect(forged.body.msg).toBe('image_type_invalid');

    const reset = await api<User>('DELETE', '/api/v1/users/profile/picture', { token });
    expect(reset.body.data?.picture).toBe('/img/avatars/male.svg');
    expect((await entities.get(member.key))?.picture_key).toBeNull();
  });

  it("stores a super user's picture in the super users' area", async () => {
    const superUser = await createTestUser(null);
    const superToken = await tokenOf(superUser);
    const answer = await api<User>('POST', '/api/v1/users/profile/picture', { token: superToken, body: { content_type: 'image/png', data: PNG } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(String((await entities.get(superUser.key))?.picture_key)).toMatch(new RegExp(`^super-users/profile-pictures/${superUser._id}/`));
    await entities.delete(superUser.key);
  });
});

describe('unlock', () => {
  it("answers a renewed login payload for the session's own password, the bad-credentials code otherwise, throttled like sign-in", async () => {
    const user = await createTestUser(premium());
    const token = await tokenOf(user);
    const unlock = (password: string, bearer = token) => api<LoginPayload>('POST', '/api/v1/users/unlock', { token: bearer, body: { password } });

    const good = await unlock(user.password);
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.data?.user._id).toBe(user._id);
    expect(good.body.data?.customer._id).toBe(premium());
    expect(good.body.data?.user.jwt).toBeTruthy();

    // Another user's password does not unlock this session.
    const other = testEnvironment().accounts.premiumMember;
    expect((await unlock(other.password)).body.msg).toBe('bad_credentials');
    for (let attempt = 1; attempt < 5; attempt += 1) {
      const answer = await unlock('wrong-password');
      expect(answer.status).toBe(401);
      expect(answer.body.msg).toBe('bad_credentials');
    }
    const throttled = await unlock(user.password);
    expect(throttled.status).toBe(429);
    expect(throttled.body.msg).toBe('too_many_attempts');
    // The same throttle guards the sign-in form.
    expect((await signIn(user)).body.msg).toBe('too_many_attempts');

    expect((await api('POST', '/api/v1/users/unlock', { body: { password: user.password } })).status).toBe(401);
  });
});

describe("the user's language in e-mails", () => {
  it("writes a reminder's e-mail in each recipient's stored language, the reminder's own for addresses that are not users", async () => {
    const english = await createTestUser(premium());
    expect((await putProfile(await tokenOf(english), { language: 'en' })).status).toBe(200);
    const outsider = `outsider-${english._id}@example.com`;
    const admin = (await login('premiumAdministrator')).user.jwt;
    const today = DateTime.now().setZone('Europe/Paris').toFormat('yyyy-MM-dd');
    const created = await api<Reminder>('POST', '/api/v1/reminders', {
      token: admin,
      headers: { Language: 'fr' },
      body: { name: `Langue ${english._id}`, message: 'Relever les compteurs', reminder_date: today, start: '00:00', type: 'recurrent', period_type: 'day', period_value: 1, email: { to: [english.email, outsider] } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const reminder = created.body.data!;
    try {
      expect(await runScheduledJob({ kind: 'reminder', id: reminder._id, customerId: reminder.customer })).toMatchObject({ fired: true, mailed: true });
      interface SentMail {
        To: string[];
        Subject: string;
      }
      const mails = await eventually(
        async () => {
          const answer = (await (await fetch(`${testEnvironment().endpoint}/_ministack/ses/messages`)).json()) as { messages: Record<string, SentMail[]> };
          return Object.values(answer.messages).flat().filter((mail) => mail.To.includes(english.email) || mail.To.includes(outsider));
        },
        (found) => found.length >= 2,
      );
      expect(mails.find((mail) => mail.To.includes(english.email))).toMatchObject({ To: [english.email], Subject: `Reminder: ${reminder.name}` });
      expect(mails.find((mail) => mail.To.includes(outsider))).toMatchObject({ To: [outsider], Subject: `Rappel : ${reminder.name}` });
    } finally {
      await api('DELETE', `/api/v1/reminders/${reminder._id}`, { token: admin });
    }
  });
});
