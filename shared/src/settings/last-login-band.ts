/** Login analytics colour by time since the last sign-in (spec 3 §9). */
export type LastLoginBand = 'green' | 'orange' | 'red' | 'never';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Under 7 days green, 7 to 30 days orange, beyond red; a user who never signed in is `never` (shown red). */
export const lastLoginBand = (lastLoginAt: string | null, now: number = Date.now()): LastLoginBand => {
  if (!lastLoginAt) return 'never';
  const at = Date.parse(lastLoginAt);
  if (Number.isNaN(at)) return 'never';
  const age = now - at;
  if (age < 7 * DAY_MS) return 'green';
  if (age <= 30 * DAY_MS) return 'orange';
  return 'red';
};
