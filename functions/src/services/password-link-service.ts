import { createHash, randomBytes } from 'node:crypto';
import type { LanguageKey } from '@shared/constants';
import type { ForgotPasswordRequest, SetPasswordRequest } from '@shared/schemas/user-admin';
import { PASSWORD_LINK_TTL_SECONDS, type PasswordLinkPurpose } from '@shared/users/user-rules';
import { writeWithOutboxRecords, type OutboxRecord, type TransactionItems } from '../data/outbox-repository';
import { passwordLinkPut, takePasswordLink } from '../data/password-link-repository';
import { findUserByEmail, getUser, setPasswordHash, type StoredUser } from '../data/user-repository';
import { AppError } from '../errors';
import { describeError, logger } from '../logger';
import { answerNoSoonerThan, takeAccountTry, takeAddressTry } from './abuse-limits';
import { accountMail, appLink } from './account-mail';
import { noteLoginSuccess } from './login-throttle';
import { deliverOutboxRecord, newOutboxRecord, sealedMail } from './outbox-service';
import { hashPassword } from './password-hasher';

/** Every forgot-password answer takes at least this long, whether the e-mail is known or not. */
const FORGOT_ANSWER_MS = 600;

/**
 * The hash a user starts with until they choose a password: of random bytes nobody keeps, and a
 * real hash, so that signing in as an invited user costs the same time as any other failure.
 */
export const unusablePasswordHash = (): Promise<string> => hashPassword(randomBytes(24).toString('base64'));

const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

/** Only the hash of a token is stored: a copy of the table opens no account. */
export const hashOfToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The path of the public screen that takes a link. */
export const setPasswordPath = (token: string) => `/set-password/${token}`;

/** A link and its e-mail, to be written together (with the user, for an invitation). */
export interface PasswordLinkMail {
  items: TransactionItems;
  record: OutboxRecord;
}

/**
 * Makes a single-use link that sets the user's password and its e-mail as an outbox record, named
 * by the link (a link is e-mailed once, whoever sends it). The e-mail's body, which holds the
 * link, is sealed: the table keeps only the hash of a token, and a ciphertext of the e-mail.
 */
export const passwordLinkMail = async (user: StoredUser, purpose: PasswordLinkPurpose, language: LanguageKey, now = new Date()): Promise<PasswordLinkMail> => {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashOfToken(token);
  const mail = accountMail(purpose, language, user.first_name, await appLink(setPasswordPath(token)));
  const message = await sealedMail(user.customer, { channel: 'email' as const, to: [user.email], cc: [], bcc: [], ...mail });
  return {
    items: [passwordLinkPut(tokenHash, { user: user._id, home: user.customer, purpose, expires_at: nowSeconds(now) + PASSWORD_LINK_TTL_SECONDS[purpose] })],
    record: newOutboxRecord(user.customer, { kind: 'account', id: user._id }, `${purpose}-${tokenHash.slice(0, 24)}`, message, now.getTime()),
  };
};

/** Makes a link for an existing user, writes it with its e-mail, and sends the e-mail now (a refusal is thrown; the outbox sweep tries again). */
export const sendPasswordLink = async (user: StoredUser, purpose: PasswordLinkPurpose, language: LanguageKey, now = new Date()): Promise<void> => {
  const { items, record } = await passwordLinkMail(user, purpose, language, now);
  if (!(await writeWithOutboxRecords([record], items))) throw new Error('A new password link was found written already');
  await deliverOutboxRecord(record, true);
};

/**
 * Sets a password with a link, which works once and not after it expired. A source address that
 * used too many wrong links is refused before the link is looked at (the link stays usable).
 */
export const setPasswordWithLink = async (request: SetPasswordRequest, sourceAddress: string | null, now = new Date()): Promise<{ email: string }> => {
  const addressTry = await takeAddressTry('set_password', sourceAddress, now);
  const hash = await hashPassword(request.password);
  const link = await takePasswordLink(hashOfToken(request.token), nowSeconds(now));
  if (!link) throw new AppError('password_link_invalid');
  const user = await getUser(link.home, link.user);
  if (!user || !(await setPasswordHash(link.home, link.user, hash))) throw new AppError('password_link_invalid');
  await addressTry.giveBack();
  await noteLoginSuccess(user.email);
  return { email: user.email };
};

/**
 * "Forgot password": a known e-mail gets a one-hour link; the answer is the same, and takes the
 * same time, whether the e-mail is known or not, and whether it was asked for too often (then
 * nothing is sent). An address that asked too often is refused (429) whatever the e-mail.
 */
export const requestPasswordReset = async ({ email }: ForgotPasswordRequest, language: LanguageKey, sourceAddress: string | null, now = new Date()) => {
  await takeAddressTry('forgot_password', sourceAddress, now);
  await answerNoSoonerThan(FORGOT_ANSWER_MS, async () => {
    try {
      const user = (await takeAccountTry('forgot_password', email, now)) ? await findUserByEmail(email) : null;
      if (user) await sendPasswordLink(user, 'reset', language, now);
    } catch (error) {
      // The visitor learns nothing either way; the operator reads the log.
      logger.error('password reset not sent', describeError(error));
    }
  });
  return { acknowledged: true as const };
};
