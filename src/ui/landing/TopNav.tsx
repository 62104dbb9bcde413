import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import { Button, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { type SessionSnapshot, selectOnboardingRequired } from '../../machines/session';
import { paths } from '../../routes/paths';
import { useSessionActor } from '../AppContext';
import classes from './TopNav.module.css';

const UserMenu = lazy(() => import('../user-menu/UserMenu'));

/** The landing page's sections that the navigation scrolls to. */
export const landingSections = [
  { id: 'features', label: 'Features' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'contact', label: 'Contact' },
] as const;

function scrollToSection(id: string) {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

const selectHasUser = (snapshot: SessionSnapshot) => snapshot.context.user !== null;

export interface TopNavProps {
  /** Opens the sign-in dialog. */
  onSignIn: () => void;
  /** Opens the beta sign-up dialog. */
  onJoinBeta: () => void;
}

export function TopNav({ onSignIn, onJoinBeta }: TopNavProps) {
  const session = useSessionActor();
  const hasUser = useSelector(session, selectHasUser);
  const onboardingRequired = useSelector(session, selectOnboardingRequired);

  return (
    <header className={classes.bar}>
      <Group justify="space-between" wrap="nowrap" className={classes.inner}>
        <span className={classes.title}>Beacon RMM</span>
        <Group component="nav" aria-label="Sections" gap="xs" visibleFrom="sm">
          {landingSections.map((section) => (
            <Button key={section.id} variant="subtle" onClick={() => scrollToSection(section.id)}>
              {section.label}
            </Button>
          ))}
        </Group>
        <Group gap="xs" wrap="nowrap">
          {onboardingRequired ? (
            <Button component={Link} to={paths.onboarding}>
              Continue setup
            </Button>
          ) : (
            !hasUser && (
              <>
                <Button variant="default" onClick={onJoinBeta}>
                  Join Beta
                </Button>
                <Button onClick={onSignIn}>Sign In</Button>
              </>
            )
          )}
          {hasUser && (
            <Suspense fallback={<span className={classes.avatarSlot} />}>
              <UserMenu />
            </Suspense>
          )}
        </Group>
      </Group>
    </header>
  );
}
