import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Avatar, Box, Burger, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { LazyTooltip } from '../../../components/lazy-tooltip';
import { useFullscreenDocument } from '@mantine/hooks';
import {
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLock,
  IconLogout,
  IconUserCircle,
  IconMaximize,
  IconMinimize,
} from '@tabler/icons-react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { DEFAULT_AVATAR } from '@shared/schemas/user';
import { useLoginPayload } from '../../../lib/session';
import { LanguageSelector } from '../../../components/language-selector';
import { lockSession } from '../../../lib/lock';
import { PRODUCT_NAME } from '../../../lib/brand';

interface HeaderProps {
  logo: ReactNode;
  /** Weather, saved-data indicator, notification bell. */
  actions: ReactNode;
  /** Shown in the header on large screens only; null when the user may not switch. */
  customerSelector: ReactNode;
  isMobile: boolean;
  navigationOpened: boolean;
  onToggleNavigation: () => void;
}

/** The avatar's initials: the first letter of the name's first two words, as Mantine's Avatar draws them. */
const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

export const Header = ({ logo, actions, customerSelector, isMobile, navigationOpened, onToggleNavigation }: HeaderProps) => {
  const { t } = useTranslation();
  const { user } = useLoginPayload();
  const { toggle, fullscreen } = useFullscreenDocument();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const lock = () => {
    lockSession(pathname);
    void navigate({ to: '/lock' });
  };
  const fullName = `${user.first_name} ${user.last_name}`.trim() || user.email;
  const picture = user.picture === DEFAULT_AVATAR ? null : user.picture;
  // Without a picture the avatar shows initials: the button's name starts with what it shows (WCAG 2.5.3).
  const initials = picture ? '' : initialsOf(fullName);
  // The control says what it will do: open a closed menu, collapse an open one.
  const menuToggleLabel = t(navigationOpened ? 'buttons.collapseMenu' : 'buttons.openMenu');
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        {isMobile ? (
          <Burger opened={navigationOpened} onClick={onToggleNavigation} size="sm" aria-label={menuToggleLabel} aria-expanded={navigationOpened} />
        ) : (
          <LazyTooltip label={menuToggleLabel} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={onToggleNavigation}
              aria-label={menuToggleLabel}
              aria-expanded={navigationOpened}
            >
              {navigationOpened ? (
                <IconLayoutSidebarLeftCollapse size={20} stroke={1.6} />
              ) : (
                <IconLayoutSidebarLeftExpand size={20} stroke={1.6} />
              )}
            </ActionIcon>
          </LazyTooltip>
        )}
        <Link to="/dashboard" aria-label={`${PRODUCT_NAME} — ${t('labels.menu.dashboard')}`} style={{ display: 'flex', textDecoration: 'none' }}>
          {logo}
        </Link>
      </Group>
      <Group gap={4} wrap="nowrap">
        {actions}
        {!isMobile && customerSelector}
        {!isMobile && <LanguageSelector />}
        <Box visibleFrom="sm">
          <LazyTooltip label={t(fullscreen ? 'buttons.exitFullscreen' : 'buttons.fullscreen')} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={toggle}
              aria-label={t(fullscreen ? 'buttons.exitFullscreen' : 'buttons.fullscreen')}
            >
              {fullscreen ? <IconMinimize size={20} stroke={1.6} /> : <IconMaximize size={20} stroke={1.6} />}
            </ActionIcon>
          </LazyTooltip>
        </Box>
        <Menu position="bottom-end" shadow="md" width={200}>
          <Menu.Target>
            <UnstyledButton aria-label={`${initials} ${fullName} — ${t('profile.userMenu')}`.trim()} data-testid="user-menu" pl={4}>
              <Group gap={8} wrap="nowrap">
                {/* Without an uploaded picture, initials stand in for the default avatar; the space after
                    them keeps "RR Rose Racine" two words apart for what reads the text, as in the name. */}
                <Avatar src={picture} name={fullName} color="initials" size={30} alt="">
                  {initials || null}
                </Avatar>{' '}
                <Text size="sm" fw={500} truncate maw={160} data-testid="user-name" visibleFrom="sm">
                  {fullName}
                </Text>
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to="/settings/profile" leftSection={<IconUserCircle size={16} />}>
              {t('labels.menu.profile')}
            </Menu.Item>
            <Menu.Item onClick={lock} leftSection={<IconLock size={16} />} data-testid="lock-action">
              {t('profile.lock.action')}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item component={Link} to="/logout" color="red" leftSection={<IconLogout size={16} />}>
              {t('buttons.logout')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <LazyTooltip label={t('buttons.logout')} withArrow>
          <ActionIcon component={Link} to="/logout" variant="subtle" color="red" size="lg" aria-label={t('buttons.logout')}>
            <IconLogout size={20} stroke={1.6} />
          </ActionIcon>
        </LazyTooltip>
      </Group>
    </Group>
  );
};
