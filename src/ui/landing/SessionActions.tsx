import { Link } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useDeferredValue } from 'react';
import { paths } from '../../domain/pages';
import { selectOnboardingRequired, selectUser } from '../../machines/session-selectors';
import { useSessionValue } from '../app-context';
import { buttonClassName } from './LandingButton';
import classes from './TopNav.module.css';

// The account menu reads the actor with @xstate/react: it loads only for a signed-in user.
const UserMenu = lazy(() => import('../user-menu/UserMenu'));

/**
 * What the bar offers for the session: the anonymous actions, 'Continue setup' and the account menu. Until the
 * session is known nobody is signed in, so the anonymous actions show, in the same place (the same nodes) from the
 * build-time render through hydration to the session's answer.
 */
export function SessionActions({ anonymousActions }: { anonymousActions: ReactNode }) {
  // Deferred (src/ui/landing/Hero.tsx): the account menu's first render is in slices, not in the session's task.
  const hasUser = useDeferredValue(useSessionValue(selectUser, null) !== null);
  const onboardingRequired = useDeferredValue(useSessionValue(selectOnboardingRequired, false));

  return (
    <>
      {onboardingRequired ? (
        <Link to={paths.onboarding} className={buttonClassName()}>
          Continue setup
        </Link>
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
