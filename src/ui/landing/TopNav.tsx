import { useState } from 'react';
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

  const [menuOpen, setMenuOpen] = useState(false);
  const sectionButtons = (afterScroll?: () => void) =>
    landingSections.map((section) => (
      <LandingButton
        key={section.id}
        variant="subtle"
        onClick={() => {
          scrollToSection(section.id);
          afterScroll?.();
        }}
      >
        {section.label}
      </LandingButton>
    ));

  return (
    <header className={classes.bar}>
      <div className={classes.inner}>
        <div className={classes.brand}>
          {/* On a phone the sections sit behind a menu [product: LAND-1, LAND-44]. */}
          <button
            type="button"
            className={classes.menuButton}
            aria-label="Sections menu"
            aria-expanded={menuOpen}
            aria-controls="landing-sections-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20">
              <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          <span className={classes.title}>Beacon RMM</span>
        </div>
        <nav aria-label="Sections" className={classes.sections}>
          {sectionButtons()}
        </nav>
        <div className={classes.actions}>
          <SessionActions anonymousActions={anonymousActions} />
        </div>
      </div>
      <nav id="landing-sections-menu" aria-label="Sections" className={classes.menuPanel} hidden={!menuOpen}>
        {sectionButtons(() => setMenuOpen(false))}
      </nav>
    </header>
  );
}
