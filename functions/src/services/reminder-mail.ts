import { DateTime } from 'luxon';
import type { LanguageKey } from '@shared/constants';
import type { Reminder } from '@shared/schemas/reminder';
import type { MailMessage } from './mail-service';

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const WORDS: Record<LanguageKey, { subject: (name: string) => string; due: (when: string) => string; locale: string }> = {
  fr: { subject: (name) => `Rappel : ${name}`, due: (when) => `Rappel prévu le ${when}.`, locale: 'fr' },
  en: { subject: (name) => `Reminder: ${name}`, due: (when) => `Reminder due on ${when}.`, locale: 'en' },
};

/**
 * The e-mail of a reminder that fired: its name, its message and when it was due (local time), in
 * the language given (its recipients' when they are users), its author's by default.
 */
export const reminderMail = (
  reminder: Reminder,
  due: string,
  zone: string,
  recipients: { language: LanguageKey; to: string[] } = { language: reminder.language, to: reminder.email.to },
): MailMessage => {
  const words = WORDS[recipients.language] ?? WORDS.fr;
  const when = DateTime.fromISO(due, { zone }).setLocale(words.locale).toLocaleString(DateTime.DATETIME_FULL);
  const text = [reminder.name, '', reminder.message, '', words.due(when)].join('\n');
  const html = `<h2>${escapeHtml(reminder.name)}</h2><p>${escapeHtml(reminder.message).replace(/\n/g, '<br>')}</p><p><small>${escapeHtml(words.due(when))}</small></p>`;
  return {
    customerId: reminder.customer,
    to: recipients.to,
    cc: reminder.email.cc,
    bcc: reminder.email.bcc,
    subject: words.subject(reminder.name),
    text,
    html,
  };
};
