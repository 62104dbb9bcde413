import { LandingButton } from './LandingButton';
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
      <LandingButton variant="default" className={classes.action} onClick={onJoinBeta}>
        Join Beta
      </LandingButton>
      <LandingButton className={classes.action} onClick={onSignIn}>
        Sign In
      </LandingButton>
    </>
  );

  return (
    <header className={classes.bar}>
      <div className={classes.inner}>
        <span className={classes.title}>Beacon RMM</span>
        <nav aria-label="Sections" className={classes.sections}>
          {landingSections.map((section) => (
            <LandingButton key={section.id} variant="subtle" onClick={() => scrollToSection(section.id)}>
              {section.label}
            </LandingButton>
          ))}
        </nav>
        <div className={classes.actions}>
          <SessionActions anonymousActions={anonymousActions} />
        </div>
      </div>
    </header>
  );
}
