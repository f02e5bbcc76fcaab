import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import * as z from 'zod';
import { roleSchema } from '@shared/permissions/roles';
import { sessionExpiry } from '@shared/session';
import { requireSetting } from '../config';
import { secretValue } from '../clients/secrets';
import { AppError } from '../errors';

const ISSUER = 'wattwise';

/** What a token says about its bearer. */
export const sessionClaimsSchema = z.object({
  sub: z.string(),
  /** The customer the session currently works on. */
  cid: z.string().nullable(),
  /** The user's own customer (null for super users and root): where the user record lives. */
  home: z.string().nullable(),
  role: roleSchema,
  root: z.boolean(),
  rem: z.boolean(),
  iat: z.number(),
  exp: z.number(),
});
export type SessionClaims = z.infer<typeof sessionClaimsSchema>;

let signingKey: Promise<Uint8Array> | undefined;
const key = (): Promise<Uint8Array> => {
  signingKey ??= secretValue(requireSetting('JWT_SECRET_ARN')).then((secret) => new TextEncoder().encode(secret));
  return signingKey;
};

export interface IssuedToken {
  jwt: string;
  issuedAt: Date;
  expiresAt: Date;
}

export const issueToken = async (
  claims: Omit<SessionClaims, 'iat' | 'exp'>,
  now: Date = new Date(),
): Promise<IssuedToken> => {
  const expiresAt = sessionExpiry(now, claims.rem);
  const { sub, ...rest } = claims;
  const jwt = await new SignJWT(rest)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuer(ISSUER)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await key());
  return { jwt, issuedAt: now, expiresAt };
};

/** Throws `session_expired` for an expired token and `unauthorized` for anything else wrong. */
export const verifyToken = async (jwt: string): Promise<SessionClaims> => {
  try {
    const { payload } = await jwtVerify(jwt, await key(), { issuer: ISSUER, algorithms: ['HS256'] });
    return sessionClaimsSchema.parse(payload);
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new AppError('session_expired', { cause: error });
    throw new AppError('unauthorized', { cause: error });
  }
};
