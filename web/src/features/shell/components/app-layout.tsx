import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppShell, Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useRouterState } from '@tanstack/react-router';
import { LAYOUT_MIN_HEIGHT_PX, MENU_ANIMATION_MS, MOBILE_BREAKPOINT_PX, SIDEBAR_WIDTH } from '@shared/constants';
import { permissionsOf, useLoginPayload } from '../../../lib/session';
import { useIsMobile } from '../hooks/use-is-mobile';
import { useSidebarResize } from '../hooks/use-sidebar-resize';
import { MENU, visibleMenu } from '../menu-definition';
import { Footer } from './footer';
import { Header } from './header';
import { LanguageMenuGroup } from '../../../components/language-selector';
import { MAIN_CONTENT_ID, SkipLink } from '../../../components/skip-link';
import { Navigation } from './navigation';
import { Ribbon } from './ribbon';

interface AppLayoutProps {
  logo: ReactNode;
  headerActions: ReactNode;
  /** Null when the user may not switch customers. */
  customerSelector: ReactNode;
  customerMenuGroup: ReactNode;
  locationsTree: (label: string) => ReactNode;
  onRefresh: () => void;
  children: ReactNode;
}

const HEADER_HEIGHT = 60;
const FOOTER_HEIGHT = 34;

/** The signed-in frame (spec 1 §2.3): header, resizable navigation, ribbon, page, footer. */
export const AppLayout = ({ logo, headerActions, customerSelector, customerMenuGroup, locationsTree, onRefresh, children }: AppLayoutProps) => {
  const { t } = useTranslation();
  const payload = useLoginPayload();
  const isMobile = useIsMobile();
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const navbar = useRef<HTMLDivElement>(null);
  const mobileOpenedNow = useRef(mobileOpened);
  mobileOpenedNow.current = mobileOpened;
  // On small screens the panel covers the page: choosing an entry closes it, and the keyboard's focus
  // goes to the page chosen rather than staying on the entry, hidden with the panel.
  const closeMobile = mobile.close;
  useEffect(() => {
    if (mobileOpenedNow.current && navbar.current?.contains(document.activeElement)) document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
    closeMobile();
  }, [pathname, closeMobile]);
  // A closed panel is out of sight (moved past the window's edge): out of the tab order and of screen readers too.
  const navigationClosed = isMobile ? !mobileOpened : !desktopOpened;
  const resize = useSidebarResize(t('labels.shell.resizeNavigation'));
  const entries = visibleMenu(MENU, { permissions: permissionsOf(payload), isPremium: payload.is_premium });

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      footer={{ height: FOOTER_HEIGHT }}
      navbar={{
        width: SIDEBAR_WIDTH.default,
        breakpoint: MOBILE_BREAKPOINT_PX,
        collapsed: { mobile: !mobileOpened, desktop: !desktopOpened },
      }}
      resize={resize}
      transitionDuration={MENU_ANIMATION_MS}
      padding={0}
    >
      <SkipLink />
      <AppShell.Header>
        <Header
          logo={logo}
          actions={headerActions}
          customerSelector={customerSelector}
          isMobile={isMobile}
          navigationOpened={isMobile ? mobileOpened : desktopOpened}
          onToggleNavigation={isMobile ? mobile.toggle : desktop.toggle}
        />
      </AppShell.Header>
      <AppShell.Navbar ref={navbar} inert={navigationClosed} data-testid="navigation">
        <Navigation
          entries={entries}
          locationsTree={locationsTree}
          mobileGroups={
            isMobile ? (
              <>
                {customerMenuGroup}
                <LanguageMenuGroup />
              </>
            ) : null
          }
        />
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} mih={`max(${LAYOUT_MIN_HEIGHT_PX}px, 100vh)`} bg="gray.0">
        <Ribbon onRefresh={onRefresh} />
        <Box p={{ base: 'md', sm: 'lg' }} bg="white" mih={`calc(100vh - ${HEADER_HEIGHT + FOOTER_HEIGHT + 41}px)`}>
          {children}
        </Box>
      </AppShell.Main>
      <AppShell.Footer>
        <Footer customerName={payload.customer.name} />
      </AppShell.Footer>
    </AppShell>
  );
};
