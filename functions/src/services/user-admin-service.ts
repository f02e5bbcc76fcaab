import { DEFAULT_LANGUAGE, type LanguageKey } from '@shared/constants';
import { isSuperUser } from '@shared/permissions/roles';
import { DEFAULT_AVATAR, type User, userSchema } from '@shared/schemas/user';
import { DEFAULT_PREFERENCES } from '@shared/schemas/preferences';
import type { SuperUserInput, SuperUserUpdate, UserInput, UserUpdate } from '@shared/schemas/user-admin';
import {
  customerOfUser,
  mayAssignRole,
  rolesOfferedForSuperUser,
  rolesOfferedForUser,
  storedAllowedLocations,
  type LocationChoice,
} from '@shared/users/user-rules';
import { listLocationsOfCustomer } from '../data/location-repository';
import {
  createUserClaimingEmail,
  deleteUser,
  findUserByEmail,
  getUser,
  listSuperUsers,
  listUsersOfCustomer,
  replaceUser,
  type StoredUser,
} from '../data/user-repository';
import { AppError, notFound } from '../errors';
import { forgetUser } from './access-service';
import { newId } from './new-id';
import { deliverOutboxRecord } from './outbox-service';
import { outboxRecordPut } from '../data/outbox-repository';
import { passwordLinkMail, unusablePasswordHash } from './password-link-service';
import { type Caller } from './caller';

/** What the API shows of a user: the fields its schema names, never the password hash nor the stored picture's key. */
export const publicUser = (user: StoredUser): User =>
  Object.fromEntries(Object.keys(userSchema.shape).flatMap((field) => (field in user ? [[field, user[field as keyof User]]] : []))) as User;

const identity = (caller: Caller) => ({ role: caller.role, isRoot: caller.isRoot });

const currentCustomer = (caller: Caller): string => {
  if (!caller.customerId) throw notFound();
  return caller.customerId;
};

/** The locations a user of the customer may see, as stored (spec 3 §5); a member needs some. */
export const allowedLocationsFor = async (customerId: string, type: User['type'], chosen: LocationChoice | undefined): Promise<LocationChoice> => {
  const locations = type === 'member' ? (await listLocationsOfCustomer(customerId)).map((location) => location._id) : [];
  const allowed = storedAllowedLocations(type, chosen, locations);
  if (!allowed) throw new AppError('locations_required');
  return allowed;
};

const assertEmailFree = async (email: string, userId: string | null): Promise<void> => {
  const holder = await findUserByEmail(email);
  if (holder && holder._id !== userId) throw new AppError('email_taken');
};

/**
 * Creates a user whose password nobody knows and e-mails them a link to choose one: the user, the
 * link and its e-mail (outbox record) in one transaction, then the e-mail sent now (a refusal is
 * answered; the outbox sweep sends it later).
 */
const createInvitedAccount = async (account: StoredUser, language: LanguageKey): Promise<User> => {
  // The invited person reads the invitation, and later the product, in the language it was sent in.
  const user: StoredUser = { ...account, language };
  await assertEmailFree(user.email, null);
  const invitation = await passwordLinkMail(user, 'invitation', language);
  if (!(await createUserClaimingEmail(user, [...invitation.items, outboxRecordPut(invitation.record)]))) throw new AppError('email_taken');
  await deliverOutboxRecord(invitation.record, true);
  return publicUser(user);
};

export const newStoredUser = (fields: Pick<User, 'first_name' | 'last_name' | 'email' | 'type' | 'customer' | 'allowed_locations'>, passwordHash: string): StoredUser => ({
  _id: newId('user'),
  ...fields,
  email: fields.email.toLowerCase(),
  internal_role: fields.type,
  is_root: false,
  picture: DEFAULT_AVATAR,
  last_notification_read: null,
  language: DEFAULT_LANGUAGE,
  preferences: DEFAULT_PREFERENCES,
  password_hash: passwordHash,
});

// Customer users (/settings/users): always of the caller's current customer.

export const listCustomerUsers = async (caller: Caller): Promise<User[]> => (await listUsersOfCustomer(currentCustomer(caller))).map(publicUser);

const customerUserOf = async (caller: Caller, userId: string): Promise<StoredUser> => {
  const user = await getUser(currentCustomer(caller), userId);
  if (!user) throw notFound();
  return user;
};

export const getCustomerUser = async (caller: Caller, userId: string): Promise<User> => publicUser(await customerUserOf(caller, userId));

export const createCustomerUser = async (caller: Caller, input: UserInput, language: LanguageKey): Promise<User> => {
  const customerId = currentCustomer(caller);
  if (!rolesOfferedForUser(identity(caller), false).includes(input.type)) throw new AppError('role_not_allowed');
  const user = newStoredUser({
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email,
    type: input.type,
    customer: customerOfUser(input.type, customerId),
    allowed_locations: await allowedLocationsFor(customerId, input.type, input.allowed_locations),
  }, await unusablePasswordHash());
  return createInvitedAccount(user, language);
};

/** Saves an edited user; its password, picture and preferences stay as they are. */
const saveEdited = async (previous: StoredUser, next: StoredUser): Promise<User> => {
  if (next.email !== previous.email.toLowerCase()) await assertEmailFree(next.email, previous._id);
  if (!(await replaceUser(previous, next))) throw new AppError('email_taken');
  forgetUser(previous._id);
  return publicUser(next);
};

export const updateCustomerUser = async (caller: Caller, input: UserUpdate): Promise<User> => {
  const customerId = currentCustomer(caller);
  const previous = await customerUserOf(caller, input._id);
  if (!rolesOfferedForUser(identity(caller), true).includes(input.type) || !mayAssignRole(identity(caller), input.type)) throw new AppError('role_not_allowed');
  return saveEdited(previous, {
    ...previous,
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email.toLowerCase(),
    type: input.type,
    internal_role: input.type,
    customer: customerOfUser(input.type, customerId),
    allowed_locations: await allowedLocationsFor(customerId, input.type, input.allowed_locations),
  });
};

const assertNotSelf = (caller: Caller, userId: string) => {
  if (caller.userId === userId) throw new AppError('cannot_delete_self');
};

export const deleteCustomerUser = async (caller: Caller, userId: string) => {
  assertNotSelf(caller, userId);
  const user = await customerUserOf(caller, userId);
  await deleteUser(user);
  forgetUser(user._id);
  return { deleted: user._id };
};

// Super users (/settings/su): they belong to no customer.

export const listSuperUserAccounts = async (): Promise<User[]> => (await listSuperUsers()).map(publicUser);

const superUserOf = async (userId: string): Promise<StoredUser> => {
  const user = await getUser(null, userId);
  if (!user) throw notFound();
  return user;
};

/** Root and root administrators are changed by root only. */
const assertMayChange = (caller: Caller, user: StoredUser) => {
  if ((user.is_root || user.type === 'root_administrator') && !caller.isRoot) throw new AppError('role_not_allowed');
};

export const getSuperUserAccount = async (userId: string): Promise<User> => publicUser(await superUserOf(userId));

export const createSuperUserAccount = async (caller: Caller, input: SuperUserInput, language: LanguageKey): Promise<User> => {
  if (!rolesOfferedForSuperUser(identity(caller), false).includes(input.type)) throw new AppError('role_not_allowed');
  const user = newStoredUser({ ...input, customer: null, allowed_locations: 'view' }, await unusablePasswordHash());
  return createInvitedAccount(user, language);
};

export const updateSuperUserAccount = async (caller: Caller, input: SuperUserUpdate): Promise<User> => {
  const previous = await superUserOf(input._id);
  assertMayChange(caller, previous);
  if (!rolesOfferedForSuperUser(identity(caller), true).includes(input.type) || !mayAssignRole(identity(caller), input.type)) throw new AppError('role_not_allowed');
  if (previous.is_root && input.type !== previous.type) throw new AppError('role_not_allowed');
  return saveEdited(previous, {
    ...previous,
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email.toLowerCase(),
    type: input.type,
    internal_role: input.type,
  });
};

export const deleteSuperUserAccount = async (caller: Caller, userId: string) => {
  assertNotSelf(caller, userId);
  const user = await superUserOf(userId);
  assertMayChange(caller, user);
  if (!isSuperUser(identity(caller))) throw new AppError('forbidden');
  await deleteUser(user);
  forgetUser(user._id);
  return { deleted: user._id };
};
