import { MOBILE_BREAKPOINT_PX } from '@shared/constants';
import { effectiveRequestView } from '@shared/permissions/request-view';
import type { LoginPayload } from '@shared/schemas/session';
import { requestViewOf } from './request-view';
import { identityOf } from './stored-credentials';

export const isMobileWindow = (): boolean => window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`).matches;

/**
 * The spec's headers on every call (spec 1 §7), from the session's token and payload (or none) and
 * the interface's language: the HTTP client's and the early script's, one rule.
 */
export const specHeaders = ({ token, payload, language }: { token: string | null; payload: LoginPayload | null; language: string }): Record<string, string> => {
  const identity = payload ? identityOf(payload) : { role: 'member' as const, isRoot: false };
  return {
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    Language: language,
    RequestView: payload ? requestViewOf(payload.user._id, identity) : effectiveRequestView(null, identity),
    Mobile: String(isMobileWindow()),
  };
};
