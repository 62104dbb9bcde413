import { lazy, Suspense, useDeferredValue } from 'react';
import { EARLY_ACCESS_BADGE } from '../../domain/trial';
import { selectUser } from '../../machines/session-selectors';
import { useSessionValue } from '../app-context';
import { LandingButton } from './LandingButton';
import classes from './LandingPage.module.css';
import { StaticIsland } from './StaticIsland';
import { scrollToSection, sectionIds } from './scroll';

// Only signed-in customers see it: it loads with their session, never in a visitor's first load.
const SignedInHero = lazy(() => import('./SignedInHero'));
const HeroPreview = lazy(() => import('./content').then((module) => ({ default: module.HeroPreview })));

const featureChips = ['Advanced Security', '24/7 Monitoring', 'Instant Alerts', 'Multi-Tenant'] as const;

/**
 * The hero for visitors, or for a signed-in customer once the session knows them [product: LAND-6, LAND-7, LAND-8, LAND-9, LAND-14].
 * The page is prerendered with the visitor's hero, so a returning customer first sees that one. Their own text
 * takes its place in the same grid cell, over the visitor's text, which stays there unseen (hidden, inert, out of
 * the accessibility tree): the cell keeps its height, and nothing below moves when the customer's hero appears.
 * The mock dashboard beside it stays for both.
 */
export function Hero({ onStartTrial }: { onStartTrial: () => void }) {
  // The customer's hero appears in a deferred render, which React renders in slices, yielding to the browser between
  // them: on the session's answer the page's signed-in parts rendered in one task of 250 ms and more at 4x CPU.
  const user = useDeferredValue(useSessionValue(selectUser, null));

  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <div className={classes.heroInner}>
        <div className={classes.heroGrid}>
          <div className={classes.heroTextStack}>
            <AnonymousHeroText onStartTrial={onStartTrial} hidden={user !== null} />
            {user && (
              <Suspense fallback={null}>
                <SignedInHero user={user} />
              </Suspense>
            )}
          </div>
          <StaticIsland name="hero-preview" content={HeroPreview} className={classes.heroVisual} />
        </div>
      </div>
    </section>
  );
}

function AnonymousHeroText({ onStartTrial, hidden }: { onStartTrial: () => void; hidden: boolean }) {
  return (
    <div
      className={classes.heroText}
      aria-hidden={hidden || undefined}
      inert={hidden || undefined}
      style={hidden ? { visibility: 'hidden' } : undefined}
    >
      <p className={classes.banner}>
        <span className={classes.bannerBadge}>{EARLY_ACCESS_BADGE}</span>
        <span>Beta open: 14-day free trial, no card required</span>
      </p>
      <p className={classes.heroBadge}>Next-Gen RMM Platform</p>
      <h1 id={hidden ? undefined : 'hero-title'} className={classes.heroTitle}>
        Monitor. Manage. Maximize.
      </h1>
      <p className={classes.heroLead}>
        Beacon RMM watches every server, laptop and network device you look after, alerts your team in seconds
        and fixes routine problems on its own.
      </p>
      <div className={classes.heroActions}>
        <LandingButton size="lg" onClick={onStartTrial}>
          Start 14-Day Free Trial
        </LandingButton>
        <LandingButton size="lg" variant="default" onClick={() => scrollToSection(sectionIds.contact)}>
          Book a Demo
        </LandingButton>
      </div>
      <ul className={classes.chips} aria-label="Highlights">
        {featureChips.map((chip) => (
          <li key={chip}>{chip}</li>
        ))}
      </ul>
    </div>
  );
}
