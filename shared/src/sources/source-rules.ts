import { METER_FILE_EXTENSIONS } from '../schemas/meter-file';
import type { RESOURCES } from '../schemas/point';
import type { ParsedSourceInput, SourceType } from '../schemas/source';

/** A point of a provider source that has no value yet is filled from this far back on its first fetch. */
export const FIRST_FETCH_DAYS = 7;
const DAY_MS = 86_400_000;

/** The fields each type needs before it can be saved; secrets count as present when one is already stored. */
export const missingSourceFields = (
  source: Pick<ParsedSourceInput, 'type' | 'config'>,
  stored: { has_api_key: boolean; has_password: boolean } | null,
): string[] => {
  const config = source.config.custom;
  const filled = (value: unknown) => value !== null && value !== undefined && String(value).trim() !== '';
  const required: Record<SourceType, [string, boolean][]> = {
    eveler: [
      ['endpoint', filled(config.endpoint)],
      ['api_key', filled(config.api_key) || Boolean(stored?.has_api_key)],
    ],
    objenious: [
      ['endpoint', filled(config.endpoint)],
      ['api_key', filled(config.api_key) || Boolean(stored?.has_api_key)],
    ],
    weather: [
      ['city', filled(config.city)],
      ['city_id', filled(config.city_id)],
      ['lat', filled(config.lat)],
      ['lon', filled(config.lon)],
    ],
    email: [
      ['host', filled(config.host)],
      ['email', filled(config.email)],
      ['password', filled(config.password) || Boolean(stored?.has_password)],
    ],
    custom: [],
  };
  return required[source.type].filter(([, present]) => !present).map(([field]) => field);
};

/** The name rule of spec 3 §8: one source per name in a customer, whatever the case or spacing. */
export const sourceNameKey = (name: string): string => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('fr');

/** The technical id a provider point gets: its key, prefixed with its device's unique id when asked (devices of one type share keys). */
export const technicalIdOf = (device: { unique_id: string }, pointKey: string, prependUniqueId: boolean): string =>
  prependUniqueId ? `${device.unique_id}_${pointKey}` : pointKey;

/** The technical id of the temperature point a weather source feeds for its city. */
export const weatherTechnicalId = (cityId: string | number): string => `weather_${cityId}_temperature`;

/** A point's key in a discovery: its device and its key at the provider. */
export const proposalKey = (deviceId: string, pointKey: string): string => `${deviceId}/${pointKey}`;

/**
 * What a fetch asks the provider for one point: from its last stored value (included, so a
 * value the provider corrected is seen again; an equal one writes nothing) up to now; a point
 * without value starts `FIRST_FETCH_DAYS` back.
 */
export const fetchWindow = (lastDataDate: string | null, now: number): { since: number; until: number } => {
  const last = lastDataDate ? Date.parse(lastDataDate) : Number.NaN;
  const since = Number.isFinite(last) ? Math.min(last, now) : now - FIRST_FETCH_DAYS * DAY_MS;
  return { since, until: now };
};

/** One call per device covers its points: from the earliest of their windows. */
export const deviceWindow = (windows: readonly { since: number; until: number }[]): { since: number; until: number } | null =>
  windows.length === 0
    ? null
    : { since: Math.min(...windows.map((window) => window.since)), until: Math.max(...windows.map((window) => window.until)) };

/** An IMAP host as typed (`imap.example.com` or `imap.example.com:1143`): port 993 with TLS, 143 without, unless given. */
export const mailServerOf = (host: string, tls: boolean): { host: string; port: number } => {
  const match = /^\[?([^\]]+?)\]?(?::(\d{1,5}))?$/.exec(host.trim());
  const name = match?.[1] ?? host.trim();
  const port = match?.[2] ? Number(match[2]) : tls ? 993 : 143;
  return { host: name, port };
};

/** Attachments taken from a mailbox: meter files only (the formats the import reads). */
export const isDataAttachment = (fileName: string | null | undefined): boolean =>
  typeof fileName === 'string' && METER_FILE_EXTENSIONS.some((extension) => fileName.toLowerCase().endsWith(extension));

/** A node of a message's MIME structure, as IMAP servers describe it (BODYSTRUCTURE). */
export interface MailPart {
  part?: string;
  parameters?: Record<string, string>;
  dispositionParameters?: Record<string, string>;
  childNodes?: MailPart[];
}

/** The meter files a message carries, wherever they sit in its structure: the part to download and the file's name. */
export const dataAttachmentsOf = (node: MailPart | undefined): { part: string; fileName: string }[] => {
  if (!node) return [];
  if (node.childNodes?.length) return node.childNodes.flatMap(dataAttachmentsOf);
  const fileName = node.dispositionParameters?.filename ?? node.parameters?.name;
  return fileName && isDataAttachment(fileName) ? [{ part: node.part ?? '1', fileName }] : [];
};

/** The resource a discovered point most likely measures, from its name and unit (the user can change it). */
export const guessResource = (name: string, unit: string): (typeof RESOURCES)[number] => {
  const text = `${name} ${unit}`.toLowerCase();
  if (/temp|°c|°f|\bdeg/.test(text)) return 'temperature';
  if (/co2|ppm|humid|air|pm10|pm2/.test(text)) return 'air';
  if (/water|eau|\bm3\b|m³|litre|liter|\bl\b/.test(text)) return 'water';
  if (/\bgas\b|\bgaz\b/.test(text)) return 'gaz';
  if (/therm|heat|chaleur/.test(text)) return 'thermal';
  return 'electricity';
};
