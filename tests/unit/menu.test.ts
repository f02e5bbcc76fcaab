import { describe, expect, it } from 'vitest';
import { permissionSetFor } from '@shared/permissions/abilities';
import { DEFAULT_PERMISSIONS } from '@shared/permissions/default-permissions';
import { MENU, visibleMenu, type MenuEntry } from '../../web/src/features/shell/menu-definition';

/** The menu as it will be once every screen exists, to check the gating itself. */
const allBuilt = (entries: readonly MenuEntry[]): MenuEntry[] =>
  entries.map((entry) =>
    entry.kind === 'screen' ? { ...entry, built: true } : entry.kind === 'group' ? { ...entry, children: allBuilt(entry.children) } : entry,
  );

const ids = (entries: readonly MenuEntry[]): string[] =>
  entries.flatMap((entry) => [entry.id, ...(entry.kind === 'group' ? ids(entry.children) : [])]);

const PREMIUM_ENTRIES = ['maplytics', 'reports', 'reportModels', 'alerts', 'alertsLog', 'reminders'];

describe('navigation menu', () => {
  it('hides premium entries from a member of a non-premium customer', () => {
    const seen = ids(visibleMenu(allBuilt(MENU), { permissions: permissionSetFor(DEFAULT_PERMISSIONS, 'member'), isPremium: false }));
    for (const id of PREMIUM_ENTRIES) expect(seen).not.toContain(id);
    expect(seen).toContain('dashboard');
  });

  it('shows them to the same member on a premium customer', () => {
    const seen = ids(visibleMenu(allBuilt(MENU), { permissions: permissionSetFor(DEFAULT_PERMISSIONS, 'member'), isPremium: true }));
    for (const id of PREMIUM_ENTRIES) expect(seen).toContain(id);
  });

  it('keeps the system group for super users only', () => {
    const member = ids(visibleMenu(allBuilt(MENU), { permissions: permissionSetFor(DEFAULT_PERMISSIONS, 'administrator'), isPremium: true }));
    const superUser = ids(visibleMenu(allBuilt(MENU), { permissions: permissionSetFor(DEFAULT_PERMISSIONS, 'super_administrator'), isPremium: true }));
    expect(member).not.toContain('customers');
    expect(member).toContain('users');
    expect(superUser).toContain('customers');
  });

  it('offers no screen that is not built yet', () => {
    const unbuilt = MENU.map((entry) => (entry.kind === 'screen' && entry.id === 'about' ? { ...entry, built: false } : entry));
    const seen = ids(visibleMenu(unbuilt, { permissions: permissionSetFor(DEFAULT_PERMISSIONS, 'root_administrator'), isPremium: true }));
    expect(seen).not.toContain('about');
    expect(seen).toContain('dashboard');
    expect(seen).toContain('maplytics');
  });
});
