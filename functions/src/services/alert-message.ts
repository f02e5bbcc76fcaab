import { DateTime } from 'luxon';
import type { LanguageKey } from '@shared/constants';
import { DATE_TIME_FORMAT } from '@shared/date-text';
import type { AlertLogItem, AlertOperation } from '@shared/schemas/alert';

/**
 * What an alert that fired says, in its owner's language: which alert, which OR group held, the
 * values and thresholds per point, the local time, and a link to the log. E-mail (text and HTML)
 * and SMS (one short line).
 */

const SYMBOL: Record<AlertOperation, string> = { e: '=', d: '≠', gt: '>', gte: '≥', lt: '<', lte: '≤' };

const WORDS = {
  en: {
    subject: (name: string) => `[WattWise] Alert "${name}" fired`,
    fired: (name: string, when: string, zone: string) => `The alert "${name}" fired on ${when} (${zone}).`,
    group: (group: number, groups: number) => `Condition group ${group} of ${groups} held (all its conditions were met).`,
    bucket: (sampling: string, from: string, to: string) => `Values computed per ${sampling}, from ${from} to ${to}.`,
    noData: 'no data',
    log: 'See the alert log:',
    sms: (name: string, when: string) => `WattWise: alert "${name}" fired ${when}`,
    samplings: { minute: 'minute', hour: 'hour', day: 'day', week: 'week', month: 'month', year: 'year' },
    format: DATE_TIME_FORMAT,
  },
  fr: {
    subject: (name: string) => `[WattWise] Alerte « ${name} » déclenchée`,
    fired: (name: string, when: string, zone: string) => `L'alerte « ${name} » s'est déclenchée le ${when} (${zone}).`,
    group: (group: number, groups: number) => `Le groupe de conditions ${group} sur ${groups} est vérifié (toutes ses conditions sont remplies).`,
    bucket: (sampling: string, from: string, to: string) => `Valeurs calculées par ${sampling}, du ${from} au ${to}.`,
    noData: 'pas de donnée',
    log: "Voir le journal des alertes :",
    sms: (name: string, when: string) => `WattWise : alerte « ${name} » déclenchée le ${when}`,
    samplings: { minute: 'minute', hour: 'heure', day: 'jour', week: 'semaine', month: 'mois', year: 'année' },
    format: DATE_TIME_FORMAT,
  },
} as const;

const formatNumber = (value: number, language: LanguageKey): string =>
  new Intl.NumberFormat(language === 'fr' ? 'fr-FR' : 'en-GB', { maximumFractionDigits: 3 }).format(value);

const localTime = (iso: string, zone: string, format: string): string => DateTime.fromISO(iso, { zone }).toFormat(format);

/** One point's line: each condition of the group that fired, its value against its threshold. */
const pointLines = (item: AlertLogItem, language: LanguageKey): string[] =>
  item.points
    .filter((point) => point.group !== null)
    .map((point) => {
      const conditions = point.conditions
        .map((condition) => {
          const value = condition.value === null ? WORDS[language].noData : formatNumber(condition.value, language);
          return `${condition.calculation} = ${value} ${SYMBOL[condition.operation]} ${formatNumber(condition.threshold, language)}`;
        })
        .join(' ; ');
      return `${point.name}${point.unit ? ` (${point.unit})` : ''} : ${conditions}`;
    });

export interface AlertMessage {
  subject: string;
  text: string;
  html: string;
  sms: string;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export const alertMessage = (item: AlertLogItem, groups: number, language: LanguageKey, logLink: string): AlertMessage => {
  const words = WORDS[language];
  const when = localTime(item.at, item.timezone, words.format);
  const sampling = words.samplings[item.sampling];
  const lines = pointLines(item, language);
  const intro = [
    words.fired(item.alert_name, when, item.timezone),
    words.group(item.group ?? 0, groups),
    words.bucket(sampling, localTime(item.bucket_from, item.timezone, words.format), localTime(item.bucket_to, item.timezone, words.format)),
  ];
  const text = [...intro, '', ...lines.map((line) => `- ${line}`), '', `${words.log} ${logLink}`].join('\n');
  const html = [
    ...intro.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    `<p>${escapeHtml(words.log)} <a href="${escapeHtml(logLink)}">${escapeHtml(logLink)}</a></p>`,
  ].join('\n');
  const sms = [words.sms(item.alert_name, localTime(item.at, item.timezone, 'dd/MM HH:mm')), lines[0]].filter(Boolean).join(': ');
  return { subject: words.subject(item.alert_name), text, html, sms };
};
