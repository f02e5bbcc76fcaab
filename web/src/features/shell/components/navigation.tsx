import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Divider, NavLink, ScrollArea, Stack } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { NavGroup } from '../../../components/nav-group';
import type { MenuEntry } from '../menu-definition';

interface NavigationProps {
  entries: MenuEntry[];
  /** Rendered where the Locations entry sits. */
  locationsTree: (label: string) => ReactNode;
  /** Customers and languages on small screens. */
  mobileGroups?: ReactNode;
}

const isActivePath = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

const Entry = ({ entry, pathname, locationsTree }: { entry: MenuEntry; pathname: string; locationsTree: NavigationProps['locationsTree'] }) => {
  const { t } = useTranslation();
  const Icon = entry.icon;
  const icon = Icon ? <Icon size={18} stroke={1.6} /> : null;
  switch (entry.kind) {
    case 'locations':
      return <>{locationsTree(t(entry.label))}</>;
    case 'logout':
      return <NavLink component={Link} to="/logout" label={t(entry.label)} leftSection={icon} data-menu-entry={entry.id} />;
    case 'group':
      return (
        <NavGroup label={t(entry.label)} leftSection={icon} childrenOffset={14} data-menu-entry={entry.id}>
          {entry.children.map((child) => (
            <Entry key={child.id} entry={child} pathname={pathname} locationsTree={locationsTree} />
          ))}
        </NavGroup>
      );
    case 'screen':
      return (
        <NavLink
          component={Link}
          // Only built screens reach here, and their paths are routes.
          to={entry.path as '/dashboard'}
          label={t(entry.label)}
          leftSection={icon}
          active={isActivePath(pathname, entry.path)}
          data-menu-entry={entry.id}
        />
      );
  }
};

/** The left navigation panel, from the filtered menu definition. */
export const Navigation = ({ entries, locationsTree, mobileGroups }: NavigationProps) => {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <ScrollArea type="auto" style={{ flex: 1 }} aria-label={t('labels.shell.navigation')} component="nav">
      <Stack gap={2} p="xs">
        {mobileGroups && (
          <>
            {mobileGroups}
            <Divider my={6} />
          </>
        )}
        {entries.map((entry) => (
          <Entry key={entry.id} entry={entry} pathname={pathname} locationsTree={locationsTree} />
        ))}
      </Stack>
    </ScrollArea>
  );
};
