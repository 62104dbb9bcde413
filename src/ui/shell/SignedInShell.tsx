import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Avatar.css';
import { Avatar, Container, Group } from '@mantine/core';
import { Link, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { paths } from '../../domain/pages';
import classes from './SignedInShell.module.css';

const UserMenu = lazy(() => import('../user-menu/UserMenu'));

/** Frame of the guarded pages; the guard has already ensured a user exists. */
export function SignedInShell() {
  return (
    <>
      <header className={classes.bar}>
        <Group justify="space-between" className={classes.inner}>
          <Link to={paths.landing} className={classes.title}>
            Beacon RMM
          </Link>
          <Suspense fallback={<Avatar radius="xl" aria-hidden />}>
            <UserMenu />
          </Suspense>
        </Group>
      </header>
      <Container size="lg" component="main" className={classes.main}>
        <Outlet />
      </Container>
    </>
  );
}
