import { brokenLicenseLimit, licenseState, type CustomerCounts, type LicenseStatus } from '@shared/schemas/license';
import type { Customer } from '@shared/schemas/customer';
import { config } from '../config';
import { listCustomers } from '../data/customer-repository';
import { getInstalledLicense, getPendingLicense, installLicense, putPendingLicense } from '../data/license-repository';
import { getSystemConfig } from '../data/system-repository';
import { AppError } from '../errors';
import { logger } from '../logger';
import { verifyLicense } from './license-verifier';

/** Customers that count against the licence: all but those being deleted. */
export const countCustomers = (customers: readonly Pick<Customer, 'is_premium' | 'deleting'>[]): CustomerCounts => {
  const counted = customers.filter((customer) => !customer.deleting);
  return { customers: counted.length, premium: counted.filter((customer) => customer.is_premium).length };
};

/**
 * Whether the application is locked: by the system configuration, or by an installed licence
 * past its end. Without any licence the application runs unlocked (developer mode).
 */
export const isApplicationLocked = async (now: Date = new Date()): Promise<boolean> => {
  const [system, installed] = await Promise.all([getSystemConfig(), getInstalledLicense()]);
  return system.is_locked || licenseState(installed?.claims ?? null, now) === 'expired';
};

export const getLicenseStatus = async (now: Date = new Date()): Promise<LicenseStatus> => {
  const [installed, pending, customers, locked] = await Promise.all([getInstalledLicense(), getPendingLicense(), listCustomers(), isApplicationLocked(now)]);
  const counts = countCustomers(customers);
  const claims = installed?.claims ?? null;
  return {
    status: licenseState(claims, now),
    licensee: claims?.licensee ?? null,
    customers: { max: claims?.customers ?? null, used: counts.customers },
    premium_customers: { max: claims?.premium_customers ?? null, used: counts.premium },
    expires: claims?.expires ?? null,
    issued: claims?.issued ?? null,
    installed_at: installed?.installed_at ?? null,
    is_locked: locked,
    pending: pending !== null,
  };
};

/** A verified licence file waits for the restart (`new_license`) that applies it. */
export const uploadLicense = async (token: string, now: Date = new Date()) => {
  const claims = await verifyLicense(token, config.LICENSE_PUBLIC_KEY);
  await putPendingLicense({ token: token.trim(), claims, uploaded_at: now.toISOString() });
  logger.info('license uploaded', { licensee: claims.licensee, expires: claims.expires });
  return { licensee: claims.licensee, expires: claims.expires, pending: true as const };
};

/**
 * The restart after an upload: the pending licence (verified again) is installed, and the lock
 * follows it — an expired licence locks the application, a valid one unlocks it — without
 * touching the vendor's own lock (`is_locked` of the system configuration, set by its check).
 */
export const applyPendingLicense = async (now: Date = new Date()) => {
  const pending = await getPendingLicense();
  if (!pending) throw new AppError('license_not_pending');
  const claims = await verifyLicense(pending.token, config.LICENSE_PUBLIC_KEY);
  const status = licenseState(claims, now);
  await installLicense({ ...pending, claims, installed_at: now.toISOString() });
  logger.info('license applied', { licensee: claims.licensee, status });
  return { status, is_locked: await isApplicationLocked(now) };
};

/** Refuses a change of the customers that would go beyond what the installed licence allows. */
export const assertWithinLicense = async (before: CustomerCounts, after: CustomerCounts): Promise<void> => {
  const installed = await getInstalledLicense();
  const broken = brokenLicenseLimit(installed?.claims ?? null, before, after);
  if (broken) throw new AppError(broken, { data: { customers: installed?.claims.customers, premium_customers: installed?.claims.premium_customers } });
};

/** The installed licence in one line for the about screen (licensee and last valid day), or null. */
export const licenseSummary = async (): Promise<string | null> => {
  const installed = await getInstalledLicense();
  return installed ? `${installed.claims.licensee} · ${installed.claims.expires}` : null;
};
