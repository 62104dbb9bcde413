import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Avatar, Badge, Burger, Container, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useContext, useDeferredValue } from 'react';
import { paths } from '../../domain/pages';
import type { SessionSnapshot } from '../../machines/session';
import { guardedPageRedirect, selectIsAdmin, selectUser } from '../../machines/session-selectors';
import { useSessionValue } from '../app-context';
import { FrameCardContext, ProfileCard } from '../profile/ProfileCard';
import { HeaderEntries } from './HeaderEntries';
import { PageSection } from './PageSection';
import { PageTitle } from './PageTitle';
import { GuardPending } from './PendingNotice';
import { pageHeadingOf } from './page-headings';
import classes from './SignedInShell.module.css';
import { ThemeFromSettings } from './ThemeFromSettings';

const UserMenu = lazy(() => import('../user-menu/UserMenu'));

const selectTheme = (snapshot: SessionSnapshot) => selectUser(snapshot)?.settings.theme ?? null;

/**
 * The guarded pages [product: ROUTE-9]: the frame at once, from the first paint, and the page in it once the session
 * lets the user see it; until then the page's heading, where the page shows it, and 'Loading…' (the guard,
 * src/routes/router.tsx, sends anyone else away once the session has settled). A user already shown stays shown
 * while the session reloads.
 */
export function GuardedPages() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const allowed = useSessionValue(
    (snapshot) => selectUser(snapshot) !== null && guardedPageRedirect(snapshot, pathname) === null,
    false,
  );
  // The page appears in a deferred render, which React renders in slices and yields to the browser between them:
  // a page's first render (its Mantine components, its flow) was one task of hundreds of milliseconds on a slow
  // phone. Only the showing waits; a page the session no longer allows goes at once.
  const shown = useDeferredValue(allowed) && allowed;
  return <SignedInShell>{shown ? <Outlet /> : <PagePending pathname={pathname} />}</SignedInShell>;
}

/**
 * The page's fixed heading (and its first section's, where that is fixed too), in the place and style the page shows
 * it, around 'Loading…': the build paints it into the page's frame (src/prerender/landing.tsx), so it is there from
 * the first paint and stays put when the page comes.
 */
function PagePending({ pathname }: { pathname: string }) {
  const heading = pageHeadingOf(pathname);
  // Only in the frame the build paints with the user's card in slots, for the server to fill.
  const card = useContext(FrameCardContext);
  if (!heading) return <GuardPending />;
  const { firstSection, ...title } = heading;
  return (
    <Stack gap="lg">
      <PageTitle {...title} />
      {card && <ProfileCard text={card} />}
      {firstSection ? (
        <PageSection {...firstSection}>
          <GuardPending />
        </PageSection>
      ) : (
        <GuardPending />
      )}
    </Stack>
  );
}

/** The admin pages, which check the role themselves before they render [product: ROUTE-7]. */
export function AdminPages() {
  return (
    <SignedInShell>
      <Outlet />
    </SignedInShell>
  );
}

/**
 * Frame of the signed-in pages [product: HEAD]: the shared header (a bar of entries on wide screens, a menu behind a
 * burger on narrow ones), the user's theme, and the page. Reads the session without waiting for it, so the frame
 * is there before the session has loaded.
 */
export function SignedInShell({ children }: { children: ReactNode }) {
  const isAdmin = useSessionValue(selectIsAdmin, false);
  const theme = useSessionValue(selectTheme, null);
  const [menuOpened, menu] = useDisclosure(false);

  return (
    <>
      <ThemeFromSettings theme={theme} />
      <header className={classes.bar}>
        <Group justify="space-between" wrap="nowrap" className={classes.inner}>
          <Link to={paths.landing} className={classes.title}>
            Beacon RMM
            <Badge variant="light" size="sm" className={classes.beta}>
              Beta
            </Badge>
          </Link>
          <Group component="nav" aria-label="Account" gap={4} wrap="nowrap" visibleFrom="md">
            <HeaderEntries isAdmin={isAdmin} />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Burger
              hiddenFrom="md"
              opened={menuOpened}
              onClick={menu.toggle}
              aria-label={menuOpened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={menuOpened}
              aria-controls="signed-in-menu"
            />
            <Suspense fallback={<Avatar radius="xl" aria-hidden />}>
              <UserMenu />
            </Suspense>
          </Group>
        </Group>
      </header>
      <Drawer
        id="signed-in-menu"
        opened={menuOpened}
        onClose={menu.close}
        title="Menu"
        closeButtonProps={{ 'aria-label': 'Close menu' }}
        position="right"
        size="xs"
        hiddenFrom="md"
      >
        <Stack component="nav" aria-label="Account menu" gap={4}>
          <HeaderEntries isAdmin={isAdmin} stacked onNavigate={menu.close} />
        </Stack>
      </Drawer>
      <Container size="lg" component="main" className={classes.main}>
        {children}
      </Container>
    </>
  );
}
