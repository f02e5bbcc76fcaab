import type { AuthenticateRequest, AutoLoginRequest, LoginPayload, RenewedPayload, VisibleLocation } from '@shared/schemas/session';
import type { Customer } from '@shared/schemas/customer';
import type { UserSummary } from '@shared/schemas/user';
import { isSuperUser } from '@shared/permissions/roles';
import { customerStanding } from '@shared/customers/customer-standing';
import type { AllowedLocations } from '@shared/permissions/location-visibility';
import { buildLocationTree, visibleLocationTree } from '@shared/permissions/location-visibility';
import { getCustomer, listCustomers } from '../data/customer-repository';
import type { LocationsStamp } from '../data/location-repository';
import { listLocationsOfCustomer, readLocationsStamp, startLocationsStamp } from '../data/location-repository';
import { getSystemConfig } from '../data/system-repository';
import { permissionsOfCustomer } from './access-service';
import { isApplicationLocked } from './license-service';
import type { StoredUser } from '../data/user-repository';
import { findUserByEmail, getUser, listSuperUsers, listUsersOfCustomer, recordSignIn } from '../data/user-repository';
import { describeError, logger } from '../logger';
import { AppError } from '../errors';
import { takeAddressTry } from './abuse-limits';
import { assertLoginAllowed, noteLoginFailure, noteLoginSuccess } from './login-throttle';
import { spendDecoyVerification, verifyPassword } from './password-hasher';
import type { SessionClaims } from './token-service';
import { issueToken, verifyToken } from './token-service';
import { presentUser } from './profile-service';
import { settledLocationsStamp, visibleLocationsPayload, withoutHeldLocations } from './login-locations';
import type { Caller } from './caller';

const DEFAULT_UNITS = { electricity: 'kWh', water: 'm³', gaz: 'kWh', temperature: '°C', air: 'ppm', thermal: 'kWh' };

const identityOf = (user: StoredUser) => ({ role: user.internal_role, isRoot: user.is_root });

const summarize = ({ _id, first_name, last_name, email, type }: StoredUser): UserSummary => ({
  _id,
  first_name,
  last_name,
  email,
  type,
});

/** Which customer a session works on: a customer user's own; for super users the last one used. */
const chooseCustomer = async (user: StoredUser, wanted: string | null | undefined): Promise<Customer> => {
  if (!isSuperUser(identityOf(user))) {
    const own = user.customer ? await getCustomer(user.customer) : null;
    if (!own) throw new AppError('customer_not_found');
    return own;
  }
  const chosen = wanted ? await getCustomer(wanted) : null;
  if (chosen && !chosen.deleting) return chosen;
  const [first] = (await listCustomers()).filter((customer) => !customer.deleting);
  if (!first) throw new AppError('customer_not_found');
  return first;
};

const assertSessionAllowed = async (user: StoredUser, customer: Customer): Promise<boolean> => {
  const now = new Date();
  // Locked by the system configuration or by an expired licence; root keeps access: someone must be able to install a new licence.
  const locked = await isApplicationLocked(now);
  if (locked && !user.is_root) throw new AppError('application_locked', { data: { is_locked: true } });
  const standing = customerStanding(customer, now);
  if (standing === 'deleting' || (standing !== 'active' && !isSuperUser(identityOf(user)))) throw new AppError('customer_deactivated');
  return locked;
};

const allowedLocationsOf = (user: StoredUser): AllowedLocations =>
  isSuperUser(identityOf(user)) || user.internal_role === 'administrator' ? 'view' : user.allowed_locations;

type WholeLocations = Pick<LoginPayload, 'locations' | 'locations_flattened' | 'locations_stamp'>;
type HeldLocations = { locations_stamp: string; locations_unchanged: true };
type PayloadBesideLocations = Omit<LoginPayload, keyof WholeLocations>;

/** The customer's locations' stamp, created for a customer that has none yet. Read before the locations. */
const currentLocationsStamp = async (customerId: string): Promise<LocationsStamp> =>
  (await readLocationsStamp(customerId)) ?? (await startLocationsStamp(customerId));

/** The user's visible tree, read after `stamp` (which names it once settled). */
const wholeLocations = async (customerId: string, allowed: AllowedLocations, stamp: LocationsStamp): Promise<WholeLocations> => {
  const versioned = settledLocationsStamp(customerId, stamp, allowed, Date.now());
  const locations = await listLocationsOfCustomer(customerId);
  // The visibility rule keeps every field of the nodes it is given; only its signature is narrower.
  return visibleLocationsPayload(visibleLocationTree(buildLocationTree(locations), allowed) as VisibleLocation[], versioned);
};

/**
 * A renewal's locations: while the client's stamp is the one the locations' stamp and the user's
 * rights give, they are unchanged, and neither read nor built (at 1,000 sites 44 of a renewal's 99.5
 * read units and ~80 of its 114 ms, docs/benchmarks/large.md); else the whole tree.
 */
const renewedLocations = async (customerId: string, allowed: AllowedLocations, heldStamp: string | null | undefined): Promise<WholeLocations | HeldLocations> => {
  const stamp = await currentLocationsStamp(customerId);
  if (heldStamp && settledLocationsStamp(customerId, stamp, allowed, Date.now()) === heldStamp) return { locations_stamp: heldStamp, locations_unchanged: true };
  return wholeLocations(customerId, allowed, stamp);
};

/** A login payload with the locations `locationsOf` gives for the user's rights on the customer, and a fresh token. */
const assemblePayload = async <L extends WholeLocations | HeldLocations>(
  user: StoredUser,
  customer: Customer,
  remember: boolean,
  locationsOf: (customerId: string, allowed: AllowedLocations) => Promise<L>,
): Promise<PayloadBesideLocations & L> => {
  const isLocked = await assertSessionAllowed(user, customer);
  const superUser = isSuperUser(identityOf(user));
  const [token, permissions, locations, customers, customerUsers, superUsers, system, publicUser] = await Promise.all([
    issueToken({
      sub: user._id,
      cid: customer._id,
      home: user.customer,
      role: user.internal_role,
      root: user.is_root,
      rem: remember,
    }),
    permissionsOfCustomer(customer._id),
    locationsOf(customer._id, allowedLocationsOf(user)),
    superUser ? listCustomers().then((all) => all.filter((candidate) => !candidate.deleting)) : Promise.resolve([customer]),
    listUsersOfCustomer(customer._id),
    superUser ? listSuperUsers() : Promise.resolve([]),
    getSystemConfig(),
    presentUser(user),
  ]);
  const payload: PayloadBesideLocations = {
    user: {
      ...publicUser,
      jwt: token.jwt,
      issued_at: token.issuedAt.toISOString(),
      expires_at: token.expiresAt.toISOString(),
      remember,
    },
    customers: customers.map(({ _id, name, timezone }) => ({ _id, name, timezone })),
    customer_users: customerUsers.map(summarize),
    super_users: superUsers.map(summarize),
    customer: { _id: customer._id, name: customer.name, timezone: customer.timezone, is_premium: customer.is_premium },
    permissions,
    sources: [],
    default_sources: [],
    default_units: DEFAULT_UNITS,
    reports: [],
    is_premium: customer.is_premium,
    communication: { can_from_server: system.can_from_server },
    machine_id: system.machine_id,
    is_locked: isLocked,
  };
  return { ...locations, ...payload };
};

/** The login payload of spec 1 §3.1, with a fresh token. */
export const buildLoginPayload = (user: StoredUser, customer: Customer, remember: boolean): Promise<LoginPayload> =>
  assemblePayload(user, customer, remember, async (customerId, allowed) => wholeLocations(customerId, allowed, await currentLocationsStamp(customerId)));

/**
 * Login analytics: the sign-in is noted once the session is granted. A failure to note it never
 * refuses the session.
 */
const noteSignIn = async <P>(user: StoredUser, counted: boolean, payload: P): Promise<P> => {
  try {
    await recordSignIn(user.customer, user._id, new Date().toISOString(), counted);
  } catch (error) {
    logger.warn('sign-in not recorded', { user: user._id, ...describeError(error) });
  }
  return payload;
};

/**
 * Sign-in: refused for an account that failed too often, then for a source address that did
 * (both before the password is looked at, writing nothing). A failure counts for both; a
 * success gives the address its try back and clears the account's failures.
 */
export const authenticate = async (request: AuthenticateRequest, sourceAddress: string | null, now: Date = new Date()): Promise<LoginPayload> => {
  const { email, password, remember } = request.user;
  await assertLoginAllowed(email, now);
  const addressTry = await takeAddressTry('sign_in', sourceAddress, now);
  const user = await findUserByEmail(email);
  const valid = user ? await verifyPassword(password, user.password_hash) : (await spendDecoyVerification(password), false);
  if (!user || !valid) {
    await noteLoginFailure(email, now);
    throw new AppError('bad_credentials');
  }
  await addressTry.giveBack();
  await noteLoginSuccess(email);
  return noteSignIn(user, true, await buildLoginPayload(user, await chooseCustomer(user, request.last_customer), remember));
};

const userOfClaims = async (claims: SessionClaims): Promise<StoredUser> => {
  const user = await getUser(claims.home, claims.sub);
  if (!user) throw new AppError('unauthorized');
  return user;
};

/** Renews a session from a stored, unexpired token. */
export const autoLogin = async (request: AutoLoginRequest): Promise<RenewedPayload> => {
  const claims = await verifyToken(request.token);
  const user = await userOfClaims(claims);
  const customer = await chooseCustomer(user, request.last_customer ?? claims.cid);
  const payload = await noteSignIn(user, false, await assemblePayload(user, customer, claims.rem, (customerId, allowed) => renewedLocations(customerId, allowed, request.locations_stamp)));
  // A whole tree read within the stamp's settling time carries its digest: the client may hold that one.
  return 'locations_unchanged' in payload ? payload : withoutHeldLocations(payload, request.locations_stamp);
};

/** A super user (or root) moves the session to another customer. */
export const changeCustomer = async (caller: Caller, customerId: string): Promise<LoginPayload> => {
  const user = await getUser(caller.homeCustomerId, caller.userId);
  if (!user) throw new AppError('unauthorized');
  if (!isSuperUser(identityOf(user))) throw new AppError('forbidden');
  const customer = await getCustomer(customerId);
  if (!customer) throw new AppError('customer_not_found');
  return noteSignIn(user, false, await buildLoginPayload(user, customer, caller.remember));
};

/** A renewed payload for the session's own user, on the customer it works on (the lock screen's unlock). */
export const renewForCaller = async (caller: Caller, user: StoredUser): Promise<LoginPayload> =>
  buildLoginPayload(user, await chooseCustomer(user, caller.customerId), caller.remember);
