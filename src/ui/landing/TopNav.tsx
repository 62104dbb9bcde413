import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import { Button, Group } from '@mantine/core';
import { ClientOnly } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import classes from './TopNav.module.css';

// With the session actor comes @xstate/react, and with it xstate: not part of the landing page's first load.
const SessionActions = lazy(() => import('./SessionActions'));

/** The landing page's sections that the navigation scrolls to. */
export const landingSections = [
  { id: 'features', label: 'Features' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'contact', label: 'Contact' },
] as const;

function scrollToSection(id: string) {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

export interface TopNavProps {
  /** Opens the sign-in dialog. */
  onSignIn: () => void;
  /** Opens the beta sign-up dialog. */
  onJoinBeta: () => void;
}

export function TopNav({ onSignIn, onJoinBeta }: TopNavProps) {
  const anonymousActions = (
    <>
      <Button variant="default" onClick={onJoinBeta}>
        Join Beta
      </Button>
      <Button onClick={onSignIn}>Sign In</Button>
    </>
  );

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
          {/* Until the session chunk has loaded nobody is known to be signed in: the anonymous actions show. They
              are also what the build-time render of the landing page holds, and what hydration keeps. */}
          <ClientOnly fallback={anonymousActions}>
            <Suspense fallback={anonymousActions}>
              <SessionActions anonymousActions={anonymousActions} />
            </Suspense>
          </ClientOnly>
        </Group>
      </Group>
    </header>
  );
}
