import { describe, expect, it } from 'vitest';
import { PRIVATE_ANSWER_OF } from '@shared/api/routes';
import { decideOwnedAccess, isListed, ownerOnCreate, type OwnedIntent, type Viewer } from '@shared/permissions/ownership';
import type { RequestView } from '@shared/permissions/request-view';

const owner: Viewer = { userId: 'usr-owner', role: 'member', isRoot: false };
const colleague: Viewer = { userId: 'usr-colleague', role: 'administrator', isRoot: false };
const superUser: Viewer = { userId: 'usr-super', role: 'super_administrator', isRoot: false };
const root: Viewer = { userId: 'usr-root', role: 'root_administrator', isRoot: true };

const mine = { user: 'usr-owner', sharing: { shared: false } };
const minePublic = { user: 'usr-owner', sharing: { shared: true } };

describe('who may read, contribute to and change an owned object', () => {
  const cases: [string, Viewer, typeof mine, OwnedIntent, string][] = [
    ['the owner changes their own object', owner, mine, 'modify', 'allowed'],
    ['a super user changes anyone\'s object', superUser, mine, 'modify', 'allowed'],
    ['root changes anyone\'s object', root, mine, 'modify', 'allowed'],
    ['a colleague does not see an object that is not shared', colleague, mine, 'read', 'not_found'],
    ['a colleague cannot change an object that is not shared (it does not exist for them)', colleague, mine, 'modify', 'not_found'],
    ['a colleague reads a shared object', colleague, minePublic, 'read', 'allowed'],
    ['a colleague contributes to a shared object (pastes a widget into a shared tab)', colleague, minePublic, 'contribute', 'allowed'],
    ['a colleague may not change or delete a shared object', colleague, minePublic, 'modify', 'not_allowed'],
    ['a super user contributes to an object that is not shared', superUser, mine, 'contribute', 'allowed'],
  ];
  it.each(cases)('%s', (_, viewer, item, intent, decision) => {
    expect(decideOwnedAccess(viewer, item, intent)).toBe(decision);
  });

  it('refuses rather than hides an object that is not shared where its kind says so (another user\'s private tab)', () => {
    const refused = { privateAnswer: 'not_allowed' } as const;
    expect(decideOwnedAccess(colleague, mine, 'read', refused)).toBe('not_allowed');
    expect(decideOwnedAccess(colleague, mine, 'contribute', refused)).toBe('not_allowed');
    expect(decideOwnedAccess(owner, mine, 'modify', refused)).toBe('allowed');
    expect(decideOwnedAccess(colleague, minePublic, 'read', refused)).toBe('allowed');
  });

  it('refuses another user\'s private tab, and hides their other private objects', () => {
    expect(PRIVATE_ANSWER_OF).toEqual({ tab: 'not_allowed' });
  });
});

describe('what a list shows under each request view', () => {
  const theirs = { user: 'usr-colleague', sharing: { shared: false } };
  const theirsShared = { user: 'usr-colleague', sharing: { shared: true } };
  const items = { mine, minePublic, theirs, theirsShared };
  const listed = (viewer: Viewer, view: RequestView) =>
    Object.entries(items).filter(([, item]) => isListed(viewer, view, item)).map(([name]) => name);

  it.each([
    ['my_and_shared', ['mine', 'minePublic', 'theirsShared']],
    ['my', ['mine', 'minePublic']],
    ['shared', ['minePublic', 'theirsShared']],
    ['all', ['mine', 'minePublic', 'theirs', 'theirsShared']],
    ['customer', ['mine', 'minePublic', 'theirs', 'theirsShared']],
    ['user:usr-colleague', ['theirs', 'theirsShared']],
  ] as [RequestView, string[]][])('%s', (view, expected) => {
    expect(listed(owner, view)).toEqual(expected);
  });
});

describe('the owner of a new object', () => {
  it('is the caller, unless a super user names another user', () => {
    expect(ownerOnCreate(owner, 'usr-colleague')).toBe('usr-owner');
    expect(ownerOnCreate(superUser, 'usr-colleague')).toBe('usr-colleague');
    expect(ownerOnCreate(superUser, null)).toBe('usr-super');
  });
});
