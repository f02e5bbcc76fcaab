import { DEFAULT_LANGUAGE, type LanguageKey } from '@shared/constants';
import type { Registration, RegistrationAccept, RegistrationRequest } from '@shared/schemas/user-admin';
import type { User } from '@shared/schemas/user';
import { getCustomer } from '../data/customer-repository';
import { outboxRecordPut, writeWithOutboxRecords, type OutboxRecord } from '../data/outbox-repository';
import { deleteRegistration, findRegistrationByEmail, getRegistration, listRegistrations, registrationPut, registrationTakenStep } from '../data/registration-repository';
import { createUserClaimingEmail, findUserByEmail } from '../data/user-repository';
import { AppError, notFound } from '../errors';
import { describeError, logger } from '../logger';
import { answerNoSoonerThan, takeAccountTry, takeAddressTry } from './abuse-limits';
import { accountMail, appLink } from './account-mail';
import { administratorRecipients } from './administrator-recipients';
import { newId } from './new-id';
import { deliverOutboxRecord, deliverOutboxRecords, newOutboxRecord } from './outbox-service';
import { recipientsByLanguage } from './recipient-language';
import { hashPassword } from './password-hasher';
import { allowedLocationsFor, newStoredUser, publicUser } from './user-admin-service';

const shown = ({ _id, email, first_name, last_name, created_at }: Registration): Registration => ({ _id, email, first_name, last_name, created_at });

/** Every registration answer takes at least this long, whether the e-mail was new (stored, administrators told) or not. */
const REGISTER_ANSWER_MS = 1000;

/**
 * A registration (spec 1 §5) is only a request: it waits, with its password hashed, until root
 * or a super user accepts it into a customer. The answer is the same, and takes the same time,
 * whether the e-mail is new, already a user's, already waiting or registered too often (then
 * nothing is stored), so the form tells nobody who has an account. An address that registered
 * too often is refused (429) whatever the e-mail.
 */
export const register = async (request: RegistrationRequest, sourceAddress: string | null, now = new Date()) => {
  await takeAddressTry('register', sourceAddress, now);
  const email = request.email.toLowerCase();
  await answerNoSoonerThan(REGISTER_ANSWER_MS, async () => {
    const passwordHash = await hashPassword(request.password);
    if (!(await takeAccountTry('register', email, now))) return;
    const [user, waiting] = await Promise.all([findUserByEmail(email), findRegistrationByEmail(email)]);
    if (user || waiting) return;
    const registrationId = newId('registration');
    const notices = await administratorNotices(registrationId, `${request.first_name} ${request.last_name} <${email}>`, now);
    const registration = { _id: registrationId, email, first_name: request.first_name, last_name: request.last_name, created_at: now.toISOString(), password_hash: passwordHash };
    if (!(await writeWithOutboxRecords(notices, [registrationPut(registration)]))) throw new Error('A new registration was found written already');
    const { failures } = await deliverOutboxRecords(notices, true);
    // The registration is stored and listed on the super users screen; a refused notice waits for the outbox sweep.
    for (const failure of failures) logger.error('registration notice not mailed', describeError(failure));
  });
  return { acknowledged: true as const };
};

/** The administrators' e-mails (system configuration) hearing of a registration waiting, each in their language: written with it. */
const administratorNotices = async (registrationId: string, who: string, now: Date): Promise<OutboxRecord[]> => {
  try {
    const groups = await recipientsByLanguage(await administratorRecipients(), DEFAULT_LANGUAGE);
    const link = await appLink('/settings/su');
    return groups.map(({ language, to }) =>
      newOutboxRecord(null, { kind: 'account', id: registrationId }, 'waiting', { channel: 'email', to, cc: [], bcc: [], ...accountMail('registration_waiting', language, who, link) }, now.getTime()),
    );
  } catch (error) {
    // The registration is stored and listed on the super users screen: a lost notice delays it, nothing more.
    logger.error('registration notice not mailed', describeError(error));
    return [];
  }
};

export const listPendingRegistrations = async (): Promise<Registration[]> =>
  (await listRegistrations()).sort((a, b) => a.created_at.localeCompare(b.created_at)).map(shown);

/** Accepting makes the customer user (with the password chosen at registration) and tells them by e-mail. */
export const acceptRegistration = async (registrationId: string, choice: RegistrationAccept, language: LanguageKey): Promise<User> => {
  const registration = await getRegistration(registrationId);
  if (!registration) throw notFound();
  const customer = await getCustomer(choice.customer);
  if (!customer) throw new AppError('customer_not_found');
  if (await findUserByEmail(registration.email)) throw new AppError('email_taken');
  const user = newStoredUser(
    {
      first_name: registration.first_name,
      last_name: registration.last_name,
      email: registration.email,
      type: choice.type,
      customer: customer._id,
      allowed_locations: await allowedLocationsFor(customer._id, choice.type, choice.allowed_locations),
    },
    registration.password_hash,
  );
  const accepted = newOutboxRecord(customer._id, { kind: 'account', id: user._id }, 'accepted', {
    channel: 'email',
    to: [user.email],
    cc: [],
    bcc: [],
    ...accountMail('accepted', language, user.first_name, await appLink('/login')),
  });
  // The registration and the e-mail go in the same transaction: accepted once, whoever clicks twice.
  if (!(await createUserClaimingEmail(user, [registrationTakenStep(registrationId), outboxRecordPut(accepted)]))) {
    if (!(await getRegistration(registrationId))) throw notFound();
    throw new AppError('email_taken');
  }
  try {
    await deliverOutboxRecord(accepted, true);
  } catch (error) {
    // The user is made; a refused e-mail waits for the outbox sweep.
    logger.error('registration acceptance not mailed', { user: user._id, ...describeError(error) });
  }
  return publicUser(user);
};

export const refuseRegistration = async (registrationId: string) => {
  const registration = await getRegistration(registrationId);
  if (!registration) throw notFound();
  await deleteRegistration(registrationId);
  return { deleted: registration._id };
};
