import { DEFAULT_LANGUAGE, type LanguageKey } from '@shared/constants';
import type { Registration, RegistrationAccept, RegistrationRequest } from '@shared/schemas/user-admin';
import type { User } from '@shared/schemas/user';
import { getCustomer } from '../data/customer-repository';
import { deleteRegistration, findRegistrationByEmail, getRegistration, listRegistrations, putRegistration, registrationTakenStep } from '../data/registration-repository';
import { createUserClaimingEmail, findUserByEmail } from '../data/user-repository';
import { AppError, notFound } from '../errors';
import { describeError, logger } from '../logger';
import { answerNoSoonerThan, takeAccountTry, takeAddressTry } from './abuse-limits';
import { accountMail, appLink } from './account-mail';
import { administratorRecipients } from './administrator-recipients';
import { sendMail } from './mail-service';
import { newId } from './new-id';
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
    await putRegistration({
      _id: newId('registration'),
      email,
      first_name: request.first_name,
      last_name: request.last_name,
      created_at: now.toISOString(),
      password_hash: passwordHash,
    });
    await tellAdministrators(`${request.first_name} ${request.last_name} <${email}>`);
  });
  return { acknowledged: true as const };
};

/** The administrators' e-mails (system configuration) hear of a registration waiting, each in their language. */
const tellAdministrators = async (who: string): Promise<void> => {
  try {
    const groups = await recipientsByLanguage(await administratorRecipients(), DEFAULT_LANGUAGE);
    for (const { language, to } of groups) {
      await sendMail({ customerId: null, to, ...accountMail('registration_waiting', language, who, appLink('/settings/su')) });
    }
  } catch (error) {
    // The registration is stored and listed on the super users screen: a lost notice delays it, nothing more.
    logger.error('registration notice not mailed', describeError(error));
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
  // The registration goes in the same transaction: accepted once, whoever clicks twice.
  if (!(await createUserClaimingEmail(user, [registrationTakenStep(registrationId)]))) {
    if (!(await getRegistration(registrationId))) throw notFound();
    throw new AppError('email_taken');
  }
  try {
    await sendMail({ customerId: customer._id, to: [user.email], ...accountMail('accepted', language, user.first_name, appLink('/login')) });
  } catch (error) {
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
