import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt is memory-hard; N=2^15, r=8 costs 32 MiB per hash. The parameters travel with the hash
 * so they can be raised later without breaking stored passwords.
 */
const PARAMS = { N: 1 << 15, r: 8, p: 1, keyLength: 32 } as const;
const MAX_MEMORY = 64 * 1024 * 1024;

const derive = (password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS.N, PARAMS.r, PARAMS.p, PARAMS.keyLength);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, N, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(N), Number(r), Number(p), expected.length);
  return timingSafeEqual(actual, expected);
};

/** Spent on unknown e-mails so that answer time does not reveal which e-mails exist. */
let decoyHash: Promise<string> | undefined;
export const spendDecoyVerification = async (password: string): Promise<void> => {
  decoyHash ??= hashPassword('decoy-password-for-timing');
  await verifyPassword(password, await decoyHash);
};
