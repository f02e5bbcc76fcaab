import { describe, expect, it } from 'vitest';
import { CRON_PRESETS, latestOccurrence, occurrenceAfter } from '@shared/alerts/cron';
import { subscriptionMail } from '../../../functions/src/services/subscription-mail';

const ZONE = 'Europe/Paris';
const facts = { subscriptionName: 'Direction', reportName: 'Rapport mensuel', fileName: 'Rapport_mensuel_2026-03-01.pdf', due: '2026-03-01T07:00:00.000Z', zone: ZONE };

describe('report subscription e-mails', () => {
  it('name the report, its file and the local due time in French', () => {
    const mail = subscriptionMail(facts, 'fr');
    expect(mail.subject).toBe('Rapport : Rapport mensuel');
    expect(mail.text).toContain('le rapport « Rapport mensuel » (Rapport_mensuel_2026-03-01.pdf) du 1 mars 2026');
    expect(mail.text).toContain('08:00');
    expect(mail.text).toContain("l'abonnement « Direction »");
  });

  it('and in English', () => {
    const mail = subscriptionMail(facts, 'en');
    expect(mail.subject).toBe('Report: Rapport mensuel');
    expect(mail.text).toContain('the report "Rapport mensuel" (Rapport_mensuel_2026-03-01.pdf) of March 1, 2026');
    expect(mail.text).toContain('the subscription "Direction"');
  });
});

describe('due times of a subscription', () => {
  const monthly = CRON_PRESETS[5];

  it('are the latest occurrence at or before the run, the same for every run until the next one', () => {
    const due = latestOccurrence(monthly, ZONE, Date.parse('2026-03-15T10:00:00Z'));
    expect(new Date(due).toISOString()).toBe('2026-03-01T07:00:00.000Z');
    expect(latestOccurrence(monthly, ZONE, Date.parse('2026-03-31T21:59:59Z'))).toBe(due);
    expect(occurrenceAfter(monthly, ZONE, due)).toBe(Date.parse('2026-04-01T06:00:00Z'));
    expect(latestOccurrence(monthly, ZONE, Date.parse('2026-04-01T06:00:00Z'))).toBe(Date.parse('2026-04-01T06:00:00Z'));
  });

  it('follow the local clock across a change of offset (08:00 in Paris before and after the summer time)', () => {
    const daily = CRON_PRESETS[3];
    const before = latestOccurrence(daily, ZONE, Date.parse('2026-03-28T12:00:00Z'));
    expect(new Date(before).toISOString()).toBe('2026-03-28T07:00:00.000Z');
    expect(new Date(occurrenceAfter(daily, ZONE, before)).toISOString()).toBe('2026-03-29T06:00:00.000Z');
  });
});
