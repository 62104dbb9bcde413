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
import { Link, Outlet } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { paths } from '../../domain/pages';
import { selectIsAdmin } from '../../machines/session-selectors';
import { useSessionActor } from '../app-context';
import { useUserSettings } from './account-hooks';
import { HeaderEntries } from './HeaderEntries';
import classes from './SignedInShell.module.css';
import { ThemeFromSettings } from './ThemeFromSettings';

const UserMenu = lazy(() => import('../user-menu/UserMenu'));

/**
 * Frame of the guarded pages [product: HEAD]: the shared header (a bar of entries on wide screens, a menu behind a
 * burger on narrow ones), the user's theme, and the page. The guard has already ensured a user exists.
 */
export function SignedInShell() {
  const isAdmin = useSelector(useSessionActor(), selectIsAdmin);
  const { theme } = useUserSettings();
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
        <Outlet />
      </Container>
    </>
  );
}
