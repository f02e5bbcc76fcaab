import { describe, expect, it } from 'vitest';
import type { Reminder } from '@shared/schemas/reminder';
import { reminderMail } from '../../../functions/src/services/reminder-mail';

const reminder: Reminder = {
  _id: 'rem-1',
  customer: 'cust-1',
  user: 'usr-1',
  sharing: { shared: false },
  name: 'Relevé <chaufferie>',
  message: 'Relever les compteurs\nDeux fois',
  reminder_date: '2026-12-01',
  start: '08:00',
  type: 'recurrent',
  period_type: 'month',
  period_value: 1,
  active: true,
  reset_only_after_validation: true,
  email: { to: ['a@example.com'], cc: ['b@example.com'], bcc: ['c@example.com'] },
  language: 'fr',
  next_due: '2026-12-01T08:00',
  awaiting_reset: false,
  last_fired_at: null,
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:00.000Z',
};

describe('reminder e-mail', () => {
  it("is written in its author's language, to, cc and bcc, with the local due time", () => {
    const french = reminderMail(reminder, '2026-12-01T08:00', 'Europe/Paris');
    expect(french).toMatchObject({ customerId: 'cust-1', to: ['a@example.com'], cc: ['b@example.com'], bcc: ['c@example.com'], subject: 'Rappel : Relevé <chaufferie>' });
    expect(french.text).toContain('Relever les compteurs\nDeux fois');
    expect(french.text).toMatch(/1 décembre 2026.*08:00/);
    const english = reminderMail({ ...reminder, language: 'en' }, '2026-12-01T08:00', 'Europe/Paris');
    expect(english.subject).toBe('Reminder: Relevé <chaufferie>');
    expect(english.text).toMatch(/December 1, 2026.*8:00/);
  });

  it('escapes the name and message in its HTML part', () => {
    const { html } = reminderMail(reminder, '2026-12-01T08:00', 'Europe/Paris');
    expect(html).toContain('Relevé &lt;chaufferie&gt;');
    expect(html).not.toContain('<chaufferie>');
    expect(html).toContain('Relever les compteurs<br>Deux fois');
  });
});
