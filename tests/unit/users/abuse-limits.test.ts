import { describe, expect, it } from 'vitest';
import { DEFAULT_ABUSE_LIMITS, parseAbuseLimits, throttleSubjectOf, windowOf } from '@shared/users/abuse-limits';

describe('abuse limits setting', () => {
  it('is the defaults when empty', () => {
    expect(parseAbuseLimits('')).toEqual(DEFAULT_ABUSE_LIMITS);
    expect(parseAbuseLimits(undefined)).toEqual(DEFAULT_ABUSE_LIMITS);
  });

  it('overrides only the limits it names', () => {
    const limits = parseAbuseLimits('sign_in.address=50/600, register.account=1/86400');
    expect(limits.sign_in).toEqual({ address: { count: 50, windowSeconds: 600 }, account: DEFAULT_ABUSE_LIMITS.sign_in.account });
    expect(limits.register.account).toEqual({ count: 1, windowSeconds: 86400 });
    expect(limits.forgot_password).toEqual(DEFAULT_ABUSE_LIMITS.forgot_password);
    expect(DEFAULT_ABUSE_LIMITS.sign_in.address).toEqual({ count: 30, windowSeconds: 900 });
  });

  it.each(['sign_in=5/60', 'sign_in.address=0/60', 'sign_in.address=5', 'login.address=5/60', 'set_password.account=5/60', 'sign_in.address=5/0', 'sign_in.address=-1/60'])(
    'refuses %s rather than guess',
    (setting) => {
      expect(() => parseAbuseLimits(setting)).toThrow(/Abuse limit/);
    },
  );
});

describe('throttle windows', () => {
  it('are fixed, counted from the epoch', () => {
    expect(windowOf(1_000_000, 900)).toEqual({ start: 999_900, end: 1_000_800 });
    expect(windowOf(999_900, 900)).toEqual({ start: 999_900, end: 1_000_800 });
    expect(windowOf(1_000_800, 900).start).toBe(1_000_800);
  });
});

describe('whose tries an address counts as', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:DB8:1:3::1', '2001:db8:1:3::/64'],
    [null, 'unknown'],
    ['', 'unknown'],
    ['not an address', 'unknown'],
  ])('counts %s as %s', (address, subject) => {
    expect(throttleSubjectOf(address)).toBe(subject);
  });
});
