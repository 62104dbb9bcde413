import '@mantine/core/styles/Button.css';
import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, type ReactNode, Suspense } from 'react';
import type { SessionSnapshot } from '../../machines/session';
import { selectOnboardingRequired } from '../../machines/session-selectors';
import { paths } from '../../routes/paths';
import { useSessionActor } from '../AppContext';
import classes from './TopNav.module.css';

const UserMenu = lazy(() => import('../user-menu/UserMenu'));

const selectHasUser = (snapshot: SessionSnapshot) => snapshot.context.user !== null;

/** What the bar offers for the session: the anonymous actions, 'Continue setup' and the account menu. */
export default function SessionActions({ anonymousActions }: { anonymousActions: ReactNode }) {
  const session = useSessionActor();
  const hasUser = useSelector(session, selectHasUser);
  const onboardingRequired = useSelector(session, selectOnboardingRequired);

  return (
    <>
      {onboardingRequired ? (
        <Button component={Link} to={paths.onboarding}>
          Continue setup
        </Button>
      ) : (
        !hasUser && anonymousActions
      )}
      {hasUser && (
        <Suspense fallback={<span className={classes.avatarSlot} />}>
          <UserMenu />
        </Suspense>
      )}
    </>
  );
}
