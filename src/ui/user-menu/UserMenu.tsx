import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { displayName, initials } from '../../domain/names';
import { paths } from '../../domain/pages';
import type { SessionSnapshot } from '../../machines/session';
import { selectIsSigningOut } from '../../machines/session-selectors';
import { useSessionActor } from '../app-context';
import { useDashboardLink } from '../shell/account-hooks';

const selectInitials = (snapshot: SessionSnapshot) => {
  const user = snapshot.context.user;
  return initials(user ? displayName(user) : null);
};

/** The avatar menu [product: LAND-17, LAND-18, LAND-19]. Loaded on demand: only signed-in visitors ever see it. */
export default function UserMenu() {
  const session = useSessionActor();
  const userInitials = useSelector(session, selectInitials);
  const signingOut = useSelector(session, selectIsSigningOut);

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="Open account menu">
          <Avatar color="indigo" radius="xl">
            {userInitials}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={paths.profile}>
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to={paths.billing}>
          Billing
        </Menu.Item>
        <Menu.Item component={Link} to={paths.settings}>
          Settings
        </Menu.Item>
        <Suspense fallback={<Menu.Item disabled>Dashboard</Menu.Item>}>
          <DashboardItem />
        </Suspense>
        <Menu.Divider />
        <Menu.Item
          // Stays open so the visitor sees 'Signing out...' until the session has ended.
          closeMenuOnClick={false}
          disabled={signingOut}
          onClick={() => session.send({ type: 'session.signOut' })}
        >
          {signingOut ? 'Signing out...' : 'Sign out'}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function DashboardItem() {
  // With the user's monitoring preferences, like the header's button [product: SET-33].
  const dashboardUrl = useDashboardLink();
  if (!dashboardUrl) return <Menu.Item disabled>Dashboard</Menu.Item>;
  return (
    <Menu.Item component="a" href={dashboardUrl} target="_blank" rel="noopener noreferrer">
      Dashboard
    </Menu.Item>
  );
}
