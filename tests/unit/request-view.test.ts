import { describe, expect, it } from 'vitest';
import { effectiveRequestView } from '@shared/permissions/request-view';

const member = { role: 'member' as const, isRoot: false };
const superUser = { role: 'super_administrator' as const, isRoot: false };
const root = { role: 'root_administrator' as const, isRoot: true };

describe('request view reset', () => {
  it('resets all, customer and user views to my_and_shared for anyone but root', () => {
    for (const stored of ['all', 'customer', 'user:u-42']) {
      expect(effectiveRequestView(stored, member)).toBe('my_and_shared');
      expect(effectiveRequestView(stored, superUser)).toBe('my_and_shared');
    }
  });

  it('keeps those views for root', () => {
    expect(effectiveRequestView('all', root)).toBe('all');
    expect(effectiveRequestView('user:u-42', root)).toBe('user:u-42');
  });

  it('keeps my, shared and my_and_shared for everyone', () => {
    expect(effectiveRequestView('my', member)).toBe('my');
    expect(effectiveRequestView('shared', member)).toBe('shared');
  });

  it('falls back to my_and_shared for a missing or unknown value', () => {
    expect(effectiveRequestView(undefined, member)).toBe('my_and_shared');
    expect(effectiveRequestView('everything', root)).toBe('my_and_shared');
  });
});
