import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import { Button, Group } from '@mantine/core';
import { SessionActions } from './SessionActions';
import classes from './TopNav.module.css';

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
      <Button variant="default" className={classes.action} onClick={onJoinBeta}>
        Join Beta
      </Button>
      <Button className={classes.action} onClick={onSignIn}>
        Sign In
      </Button>
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
          <SessionActions anonymousActions={anonymousActions} />
        </Group>
      </Group>
    </header>
  );
}
