import { describe, expect, it } from 'vitest';
import { isSessionExpired, sessionExpiry, shouldRenewSession } from '@shared/session';

const at = (iso: string) => new Date(iso);

describe('session expiry', () => {
  it('lasts one hour without "remember me"', () => {
    expect(sessionExpiry(at('2026-03-01T10:00:00Z'), false).toISOString()).toBe('2026-03-01T11:00:00.000Z');
  });

  it('lasts seven days with "remember me"', () => {
    expect(sessionExpiry(at('2026-03-01T10:00:00Z'), true).toISOString()).toBe('2026-03-08T10:00:00.000Z');
  });

  it('is expired at its end instant and after, not before', () => {
    const end = at('2026-03-01T11:00:00Z');
    expect(isSessionExpired(end, at('2026-03-01T10:59:59Z'))).toBe(false);
    expect(isSessionExpired(end, at('2026-03-01T11:00:00Z'))).toBe(true);
    expect(isSessionExpired(null, at('2026-03-01T10:00:00Z'))).toBe(true);
  });

  it('is renewed once a tenth of its life has passed, and never once expired', () => {
    const issued = at('2026-03-01T10:00:00Z');
    const end = sessionExpiry(issued, false);
    expect(shouldRenewSession(issued, end, at('2026-03-01T10:05:00Z'))).toBe(false);
    expect(shouldRenewSession(issued, end, at('2026-03-01T10:06:00Z'))).toBe(true);
    expect(shouldRenewSession(issued, end, at('2026-03-01T11:00:01Z'))).toBe(false);
  });
});
