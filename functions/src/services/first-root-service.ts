import { DEFAULT_LANGUAGE, type LanguageKey } from '@shared/constants';
import { firstRootPut, getFirstRootRecord } from '../data/first-root-repository';
import { outboxRecordPut } from '../data/outbox-repository';
import { createUserClaimingEmail, listSuperUsers, type StoredUser } from '../data/user-repository';
import { describeError, logger } from '../logger';
import { deliverOutboxRecord } from './outbox-service';
import { passwordLinkMail, unusablePasswordHash } from './password-link-service';
import { newStoredUser } from './user-admin-service';

export interface FirstRootRequest {
  email: string;
  language?: LanguageKey;
}

/**
 * What a provisioning did. `created`: the root administrator was made now and its set-password
 * link e-mailed (`mail` says whether SES took it, or the outbox sweep will try again). `exists`: a
 * root administrator was there already (made by an earlier deploy, the demo seed or in the app) and
 * nothing was made or sent; `email` is that root's address, which may differ from the one asked for.
 */
export type FirstRootOutcome =
  | { outcome: 'created'; email: string; userId: string; mail: 'sent' | 'pending' }
  | { outcome: 'exists'; email: string; userId: string };

const isRoot = (user: StoredUser): boolean => user.is_root || user.internal_role === 'root_administrator';

/** The root administrator there is, the deployment's own first (the one its record names), else any. */
const existingRoot = async (): Promise<{ email: string; userId: string } | null> => {
  const record = await getFirstRootRecord();
  if (record) return { email: record.email, userId: record.user };
  const root = (await listSuperUsers()).find(isRoot);
  return root ? { email: root.email, userId: root._id } : null;
};

/**
 * Makes the deployment's first root administrator unless one exists: a user whose password nobody
 * knows, its single-use set-password link (valid 72 hours; after that "forgot password" sends a new
 * one) and the link's e-mail, written in one transaction with the record that says the deployment
 * made its root — so that two runs at once, or a re-deploy, make one user and send one e-mail.
 * A changed address makes no second root: roots after the first are made in the app.
 */
export const provisionFirstRoot = async ({ email, language = DEFAULT_LANGUAGE }: FirstRootRequest, now = new Date()): Promise<FirstRootOutcome> => {
  const existing = await existingRoot();
  if (existing) {
    if (existing.email !== email.toLowerCase()) logger.warn('first root not made: a root administrator exists', { asked: email, existing: existing.email });
    return { outcome: 'exists', ...existing };
  }
  const user: StoredUser = {
    ...newStoredUser({ first_name: 'Root', last_name: 'Administrator', email, type: 'root_administrator', customer: null, allowed_locations: 'view' }, await unusablePasswordHash()),
    is_root: true,
    language,
  };
  const invitation = await passwordLinkMail(user, 'invitation', language, now);
  const record = firstRootPut({ user: user._id, email: user.email, created_at: now.toISOString() });
  if (!(await createUserClaimingEmail(user, [record, ...invitation.items, outboxRecordPut(invitation.record)]))) {
    // Another run made it meanwhile, or the address belongs to a user who is not root.
    const made = await existingRoot();
    if (made) return { outcome: 'exists', ...made };
    throw new Error(`The root administrator could not be made: ${email} is already the address of another user`);
  }
  logger.info('first root administrator made', { userId: user._id, email: user.email });
  try {
    await deliverOutboxRecord(invitation.record, true);
    return { outcome: 'created', email: user.email, userId: user._id, mail: 'sent' };
  } catch (error) {
    // SES refused (an identity not verified yet, the sandbox): the record stays, and the outbox sweep sends it once SES takes it.
    logger.warn('first root administrator\'s e-mail left to the outbox sweep', describeError(error));
    return { outcome: 'created', email: user.email, userId: user._id, mail: 'pending' };
  }
};
