import '@mantine/core/styles/Group.css';
import { Button, Group } from '@mantine/core';
import { SessionActions } from './SessionActions';
import { scrollToSection, sectionIds } from './scroll';
import classes from './TopNav.module.css';

/** The landing page's sections that the navigation scrolls to [product: LAND-1]. */
export const landingSections = [
  { id: sectionIds.features, label: 'Features' },
  { id: sectionIds.pricing, label: 'Pricing' },
  { id: sectionIds.contact, label: 'Contact' },
] as const;

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
