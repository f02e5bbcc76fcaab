import { describe, expect, it } from 'vitest';
import { lastLoginBand } from '@shared/settings/last-login-band';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-03-31T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('the colour of a last sign-in', () => {
  it('is green under 7 days, up to the last millisecond before the seventh day', () => {
    expect(lastLoginBand(ago(0), NOW)).toBe('green');
    expect(lastLoginBand(ago(7 * DAY - 1), NOW)).toBe('green');
  });

  it('is orange from 7 days to 30 days, both included', () => {
    expect(lastLoginBand(ago(7 * DAY), NOW)).toBe('orange');
    expect(lastLoginBand(ago(30 * DAY), NOW)).toBe('orange');
  });

  it('is red beyond 30 days', () => {
    expect(lastLoginBand(ago(30 * DAY + 1), NOW)).toBe('red');
    expect(lastLoginBand(ago(400 * DAY), NOW)).toBe('red');
  });

  it('says never for a user who never signed in, or a date that cannot be read', () => {
    expect(lastLoginBand(null, NOW)).toBe('never');
    expect(lastLoginBand('not a date', NOW)).toBe('never');
  });
});
