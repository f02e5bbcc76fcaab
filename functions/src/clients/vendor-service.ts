import type * as z from 'zod';
import { vendorIsAllowedSchema, vendorLatestSchema, vendorReleaseSchema } from '@shared/schemas/application';
import { requireSetting } from '../config';
import { AppError } from '../errors';

const VENDOR_TIMEOUT_MS = 8_000;

/**
 * The vendor's update and licence service, at the configured base URL (a deployment setting;
 * tests and `npm start` run a local server speaking it). Its shapes are read here only.
 */
const ask = async <T>(path: string, schema: z.ZodType<T>): Promise<T> => {
  const url = new URL(path, requireSetting('VENDOR_SERVICE_URL'));
  let answer: Response;
  try {
    answer = await fetch(url, { signal: AbortSignal.timeout(VENDOR_TIMEOUT_MS), headers: { Accept: 'application/json' } });
  } catch (error) {
    throw new AppError('vendor_unreachable', { cause: error, details: url.pathname });
  }
  if (!answer.ok) throw new AppError('vendor_unreachable', { details: { path: url.pathname, status: answer.status } });
  const parsed = schema.safeParse(await answer.json().catch(() => null));
  if (!parsed.success) throw new AppError('vendor_unreachable', { details: { path: url.pathname, issues: parsed.error.issues.slice(0, 3) } });
  return parsed.data;
};

const segment = (value: string): string => encodeURIComponent(value);

/** The latest release the vendor offers this machine. */
export const latestRelease = (machineId: string, currentVersion: string) =>
  ask(`update/latest/${segment(machineId)}?version=${segment(currentVersion)}`, vendorLatestSchema).then((answer) => answer.data);

/** The manifest of one release. */
export const releaseManifest = (version: string) => ask(`update/release/${segment(version)}`, vendorReleaseSchema).then((answer) => answer.data);

/** Whether this machine is locked and may update (what the browser asks itself when the server may not). */
export const isAllowed = (machineId: string) =>
  ask(`update/is_allowed/${segment(machineId)}`, vendorIsAllowedSchema).then((answer) => answer.data);
