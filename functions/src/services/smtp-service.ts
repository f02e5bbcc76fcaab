import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { isSuperUser } from '@shared/permissions/roles';
import type { LanguageKey } from '@shared/constants';
import type { SmtpScope, SmtpSettings, SmtpSettingsValues } from '@shared/schemas/smtp';
import { assertDestinationAllowed, DestinationNotAllowedError, openCheckedSocket } from '../clients/outbound-destination';
import { getSmtpSettings, putSmtpSettings, type SmtpOwner, type StoredSmtpSettings } from '../data/smtp-repository';
import { AppError } from '../errors';
import { describeError, logger } from '../logger';
import { customerOf, type Caller } from './caller';
import { openSecret, sealSecret } from './secret-box';

/** The encryption context a system password is sealed under (a customer's is its id). */
const SYSTEM_CONTEXT = 'system';
const contextOf = (owner: SmtpOwner): string => (owner === 'system' ? SYSTEM_CONTEXT : owner.customerId);

/** The connection part of the settings, as nodemailer takes it. */
export interface SmtpConnection {
  host: string;
  port: number;
  security: SmtpSettingsValues['security'];
  user: string;
  password: string;
}

const CONNECTION_TIMEOUT_MS = 10_000;

/**
 * Every connection nodemailer makes (a test, each e-mail) asks for its socket here: the host is
 * judged by the outbound-destination policy and the socket goes to the address judged; nodemailer
 * then speaks SMTP over it, TLS included, naming the typed host.
 */
const socketThroughPolicy: NonNullable<SMTPTransport.Options['getSocket']> = (options, callback) => {
  openCheckedSocket(options.host ?? '', Number(options.port), CONNECTION_TIMEOUT_MS).then(
    (connection) => callback(null, { connection }),
    (error: Error) => callback(error, false),
  );
};

/**
 * nodemailer's options for a connection: `tls` is TLS from the first byte (465), `starttls` must
 * upgrade (587) and fails when the server cannot, `none` never upgrades (a local relay). Short
 * timeouts: a user waits for a test, and a job must not hang on a dead server.
 */
export const transportOptions = (connection: SmtpConnection): SMTPTransport.Options => ({
  host: connection.host,
  port: connection.port,
  secure: connection.security === 'tls',
  requireTLS: connection.security === 'starttls',
  ignoreTLS: connection.security === 'none',
  ...(connection.user ? { auth: { user: connection.user, pass: connection.password } } : {}),
  connectionTimeout: CONNECTION_TIMEOUT_MS,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
  getSocket: socketThroughPolicy,
});

/** "Name <address>", or the address alone. */
export const fromHeader = (settings: Pick<SmtpSettingsValues, 'from_address' | 'from_name'>) =>
  settings.from_name ? { name: settings.from_name, address: settings.from_address } : settings.from_address;

const transportOf = (connection: SmtpConnection): Transporter<SMTPTransport.SentMessageInfo> => nodemailer.createTransport(transportOptions(connection));

/** What the browser sees: never the password, only whether one is stored. */
const shown = (stored: StoredSmtpSettings): SmtpSettings => {
  const { password_sealed: sealed, ...rest } = stored;
  return { ...rest, has_password: Boolean(sealed) };
};

const ownerOfScope = (caller: Caller, scope: SmtpScope): SmtpOwner => {
  if (scope === 'system') {
    if (!isSuperUser(caller)) throw new AppError('forbidden');
    return 'system';
  }
  return { customerId: customerOf(caller) };
};

export const getCustomerSmtp = async (caller: Caller): Promise<SmtpSettings | null> => {
  const stored = await getSmtpSettings({ customerId: customerOf(caller) });
  return stored ? shown(stored) : null;
};

export const getSystemSmtp = async (): Promise<SmtpSettings | null> => {
  const stored = await getSmtpSettings('system');
  return stored ? shown(stored) : null;
};

/** An SMTP server e-mail leaves through: its transport and sender, and whose settings they are. */
export interface SmtpCarrier {
  owner: 'customer' | 'system';
  transport: Transporter<SMTPTransport.SentMessageInfo>;
  from: ReturnType<typeof fromHeader>;
}

/**
 * Opened transports, by owner and saved version: the settings item is read for every e-mail (a save
 * takes effect at once), while the password is opened (KMS) once per version and a few minutes.
 */
const CARRIER_TTL_MS = 5 * 60_000;
const carriers = new Map<string, { version: string; until: number; carrier: SmtpCarrier }>();
const cacheKey = (owner: SmtpOwner) => (owner === 'system' ? 'system' : `customer:${owner.customerId}`);

const forgetCarrier = (owner: SmtpOwner): void => {
  carriers.get(cacheKey(owner))?.carrier.transport.close();
  carriers.delete(cacheKey(owner));
};

const carrierOf = async (owner: SmtpOwner): Promise<SmtpCarrier | null> => {
  const stored = await getSmtpSettings(owner);
  if (!stored?.enabled) return null;
  const cached = carriers.get(cacheKey(owner));
  if (cached && cached.version === stored.updated_at && cached.until > Date.now()) return cached.carrier;
  if (cached) forgetCarrier(owner);
  const password = stored.password_sealed ? await openSecret(contextOf(owner), stored.password_sealed) : '';
  const carrier: SmtpCarrier = { owner: owner === 'system' ? 'system' : 'customer', transport: transportOf({ ...stored, password }), from: fromHeader(stored) };
  carriers.set(cacheKey(owner), { version: stored.updated_at, until: Date.now() + CARRIER_TTL_MS, carrier });
  return carrier;
};

/** Saves the whole form; an empty password keeps the stored one (a new user name without a password clears it). */
const saveSmtp = async (owner: SmtpOwner, input: SmtpSettingsValues): Promise<SmtpSettings> => {
  await assertDestinationAllowed(input.host, input.port);
  const { password, ...settings } = input;
  const previous = await getSmtpSettings(owner);
  const keepsPassword = !password && previous?.password_sealed && previous.user === settings.user;
  const stored: StoredSmtpSettings = {
    ...settings,
    password_sealed: password ? await sealSecret(contextOf(owner), password) : keepsPassword ? previous.password_sealed : null,
    updated_at: new Date().toISOString(),
  };
  await putSmtpSettings(owner, stored);
  forgetCarrier(owner);
  return shown(stored);
};

export const saveCustomerSmtp = (caller: Caller, input: SmtpSettingsValues) => saveSmtp({ customerId: customerOf(caller) }, input);
export const saveSystemSmtp = (input: SmtpSettingsValues) => saveSmtp('system', input);

/** The password a test uses: the one typed, or the stored one of the same owner and user. */
const passwordForTest = async (owner: SmtpOwner, input: SmtpSettingsValues): Promise<string> => {
  if (input.password || !input.user) return input.password;
  const stored = await getSmtpSettings(owner);
  return stored?.password_sealed && stored.user === input.user ? openSecret(contextOf(owner), stored.password_sealed) : '';
};

/** Connects and logs in with the given settings ('SMTP connection successful' / 'Unable to connect to SMTP server'). */
export const testSmtpConnection = async (caller: Caller, input: SmtpSettingsValues, scope: SmtpScope) => {
  const transport = transportOf({ ...input, password: await passwordForTest(ownerOfScope(caller, scope), input) });
  try {
    await transport.verify();
    return { ok: true as const };
  } catch (error) {
    if (error instanceof DestinationNotAllowedError) throw error;
    logger.warn('SMTP connection test failed', { host: input.host, port: input.port, ...describeError(error) });
    throw new AppError('smtp_unreachable', { cause: error, data: { reason: (error as Error).message } });
  } finally {
    transport.close();
  }
};

const TEST_MAIL: Record<LanguageKey, { subject: string; text: string }> = {
  fr: { subject: '[WattWise] E-mail de test', text: 'Ce message confirme que WattWise peut envoyer des e-mails avec ces réglages SMTP.' },
  en: { subject: '[WattWise] Test e-mail', text: 'This message confirms that WattWise can send e-mail with these SMTP settings.' },
};

/** Sends one test e-mail through the given settings ('Email sent' / 'Unable to sent the email'). */
export const sendSmtpTestMail = async (caller: Caller, input: SmtpSettingsValues, scope: SmtpScope, to: string, language: LanguageKey) => {
  const transport = transportOf({ ...input, password: await passwordForTest(ownerOfScope(caller, scope), input) });
  const mail = TEST_MAIL[language] ?? TEST_MAIL.en;
  try {
    await transport.sendMail({ from: fromHeader(input), to, subject: mail.subject, text: mail.text });
    return { sent: true as const, to };
  } catch (error) {
    if (error instanceof DestinationNotAllowedError) throw error;
    logger.warn('SMTP test e-mail failed', { host: input.host, port: input.port, ...describeError(error) });
    throw new AppError('smtp_send_failed', { cause: error, data: { reason: (error as Error).message } });
  } finally {
    transport.close();
  }
};


/**
 * The SMTP server a customer's e-mail leaves through: the customer's own when enabled, else the
 * product's when enabled, else none (SES). E-mail sent for no customer takes the product's.
 */
export const smtpCarrierFor = async (customerId: string | null): Promise<SmtpCarrier | null> =>
  (customerId ? await carrierOf({ customerId }) : null) ?? (await carrierOf('system'));

export const reportSmtpFailure = (carrier: SmtpCarrier, customerId: string | null, error: unknown): never => {
  logger.error('E-mail refused by the SMTP server in force', { owner: carrier.owner, customerId, ...describeError(error) });
  if (error instanceof DestinationNotAllowedError) throw error;
  throw new AppError('smtp_send_failed', { cause: error });
};
