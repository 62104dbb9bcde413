import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { displayName, initials } from '../../../contract/names';
import { paths } from '../../domain/pages';
import type { DashboardLinkActorRef } from '../../machines/dashboard-link';
import type { SessionSnapshot } from '../../machines/session';
import { selectIsSigningOut } from '../../machines/session-selectors';
import { useSessionActor } from '../app-context';
import { useDashboardLink } from '../shell/account-hooks';
import { useFlow } from '../use-flow';

const selectInitials = (snapshot: SessionSnapshot) => {
  const user = snapshot.context.user;
  return initials(user ? displayName(user) : null);
};

/** The avatar menu [product: LAND-17, LAND-18, LAND-19]. Loaded on demand: only signed-in visitors ever see it. */
export default function UserMenu() {
  const session = useSessionActor();
  const userInitials = useSelector(session, selectInitials);
  const signingOut = useSelector(session, selectIsSigningOut);
  // Hosted by the menu, not its item: the dropdown closes at the click, and the tab is sent once the call is over.
  const dashboard = useFlow('dashboardLink');

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
          <DashboardItem flow={dashboard} />
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

/** The same flow as the header's Dashboard button (src/machines/dashboard-link.ts) [product: LAND-17, HEAD-3]. */
function DashboardItem({ flow }: { flow: DashboardLinkActorRef }) {
  // With the user's monitoring preferences [product: SET-33].
  const link = useDashboardLink();
  return (
    <Menu.Item disabled={!link} onClick={() => link && flow.send({ type: 'dashboard.open', link })}>
      Dashboard
    </Menu.Item>
  );
}
