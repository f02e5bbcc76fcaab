import { describe, expect, it } from 'vitest';
import { reportEditingOf } from '@shared/reports/editing';

const owner = { userId: 'usr-owner', role: 'member', isRoot: false } as const;
const colleague = { userId: 'usr-colleague', role: 'administrator', isRoot: false } as const;
const superUser = { userId: 'usr-super', role: 'super_administrator', isRoot: false } as const;
const root = { userId: 'usr-root', role: 'root_administrator', isRoot: true } as const;
const report = (shared: boolean) => ({ user: 'usr-owner', sharing: { shared } });

describe('who edits a report', () => {
  it('lets its owner edit it', () => {
    expect(reportEditingOf(owner, report(false))).toBe('edit');
  });

  it('opens it read-only to a super user or root who is not its owner, shared or not: only the owner saves it', () => {
    expect(reportEditingOf(superUser, report(false))).toBe('read');
    expect(reportEditingOf(root, report(true))).toBe('read');
  });

  it('opens a shared report read-only to the other users of the customer, and hides one that is not shared', () => {
    expect(reportEditingOf(colleague, report(true))).toBe('read');
    expect(reportEditingOf(colleague, report(false))).toBe('none');
  });
});
