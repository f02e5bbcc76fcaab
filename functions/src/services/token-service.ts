import { decodeJwt, SignJWT, jwtVerify, errors as joseErrors } from 'jose';
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

/** Throws `session_expired` for an expired token and `unauthorized` for anything else wrong (a print token included). */
export const verifyToken = async (jwt: string): Promise<SessionClaims> => {
  try {
    const { payload } = await jwtVerify(jwt, await key(), { issuer: ISSUER, algorithms: ['HS256'] });
    if (payload.aud !== undefined) throw new AppError('unauthorized', { details: 'not a session token' });
    return sessionClaimsSchema.parse(payload);
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new AppError('session_expired', { cause: error });
    throw new AppError('unauthorized', { cause: error });
  }
};

/**
 * Print tokens: what the PDF renderer's browser carries to open one report's print page without a
 * session. Short-lived, signed like sessions but for another audience (a session never accepts
 * one), and naming the report: the HTTP stack lets such a caller read that report's print routes
 * and nothing else. It acts as the report's owner, so the widgets show what they show to the owner.
 */
export const PRINT_AUDIENCE = 'wattwise-report-print';
export const PRINT_TOKEN_SECONDS = 300;

export const printClaimsSchema = sessionClaimsSchema.extend({ aud: z.literal(PRINT_AUDIENCE), rid: z.string().min(1) });
export type PrintClaims = z.infer<typeof printClaimsSchema>;

export const issuePrintToken = async (
  claims: { userId: string; customerId: string; homeCustomerId: string | null; role: SessionClaims['role']; reportId: string },
  now: Date = new Date(),
): Promise<string> =>
  new SignJWT({ cid: claims.customerId, home: claims.homeCustomerId, role: claims.role, root: false, rem: false, rid: claims.reportId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(PRINT_AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(now.getTime() / 1000) + PRINT_TOKEN_SECONDS)
    .sign(await key());

/** Whether a bearer token claims to be a print token (read unverified, to choose which check to make). */
export const isPrintToken = (jwt: string): boolean => {
  try {
    return decodeJwt(jwt).aud === PRINT_AUDIENCE;
  } catch {
    return false;
  }
};

export const verifyPrintToken = async (jwt: string): Promise<PrintClaims> => {
  try {
    const { payload } = await jwtVerify(jwt, await key(), { issuer: ISSUER, audience: PRINT_AUDIENCE, algorithms: ['HS256'] });
    return printClaimsSchema.parse(payload);
  } catch (error) {
    throw new AppError('unauthorized', { cause: error });
  }
};
