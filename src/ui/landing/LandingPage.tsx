import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { SignupChoice } from '../../domain/signup-choice';
import { useSignalPageReady } from '../page-ready';
import { ContactSection } from './ContactSection';
import { Hero } from './Hero';
import classes from './LandingPage.module.css';
import { PricingSection } from './PricingSection';
import { StaticIsland } from './StaticIsland';
import { sectionIds } from './scroll';
import { TopNav } from './TopNav';
import { useLandingFlow } from './use-landing-flow';

const SignInDialog = lazy(() => import('../sign-in/SignInDialog'));
const SignupDialog = lazy(() => import('../signup/SignupDialog'));
// Read-only sections: kept as the build rendered them, loaded as code only when the page renders in the browser.
const FeatureTiles = lazy(() => import('./content').then((module) => ({ default: module.FeatureTiles })));
const SocialProof = lazy(() => import('./content').then((module) => ({ default: module.SocialProof })));
const FooterContent = lazy(() => import('./content').then((module) => ({ default: module.FooterContent })));

/** Other scripts ask for the dialogs with these window events [product: LAND-29, LAND-30]. */
export const OPEN_SIGN_IN_EVENT = 'open-auth-modal';
export const OPEN_SIGNUP_EVENT = 'open-signup-modal';

/** The public landing page [product: LAND]. Sections keep their anchors so navigation and links can scroll. */
export function LandingPage() {
  const [openDialog, setOpenDialog] = useState<'signIn' | 'signup' | null>(null);
  // The plan and interval the signup dialog starts with, when a pricing card or another script chose them.
  const [signupChoice, setSignupChoice] = useState<SignupChoice>({});
  const openSignup = useCallback((choice: SignupChoice = {}) => {
    setSignupChoice(choice);
    setOpenDialog('signup');
  }, []);
  const openSignIn = useCallback(() => setOpenDialog('signIn'), []);
  const closeDialog = useCallback(() => setOpenDialog(null), []);
  useSignalPageReady();

  return (
    <>
      <TopNav onSignIn={openSignIn} onJoinBeta={() => openSignup()} />
      <AddressHandling openSignup={openSignup} openSignIn={openSignIn} />
      <main>
        <Hero onStartTrial={() => openSignup()} />
        <section id={sectionIds.features} aria-labelledby="features-title" className={classes.section}>
          <StaticIsland name="features" content={FeatureTiles} className={classes.container} />
        </section>
        <section id={sectionIds.socialProof} aria-label="Customers" className={classes.sectionTinted}>
          <StaticIsland name="social-proof" content={SocialProof} className={classes.container} />
        </section>
        <PricingSection openSignup={openSignup} />
        <ContactSection />
      </main>
      <StaticIsland name="footer" as="footer" content={FooterContent} className={classes.footer} />
      <Suspense fallback={null}>
        {openDialog === 'signIn' && <SignInDialog onClose={closeDialog} />}
        {openDialog === 'signup' && <SignupDialog onClose={closeDialog} {...signupChoice} />}
      </Suspense>
    </>
  );
}

/**
 * Runs the landingAddress flow (which reads the address the page was opened with) and hands it the window events;
 * renders nothing [product: LAND-26, LAND-27, LAND-28, LAND-29, LAND-30].
 */
function AddressHandling({
  openSignup,
  openSignIn,
}: {
  openSignup: (choice: SignupChoice) => void;
  openSignIn: () => void;
}) {
  const { send, host } = useLandingFlow('landingAddress', {
    on: { 'signup.open': ({ choice }) => openSignup(choice), 'signIn.open': openSignIn },
  });

  useEffect(() => {
    const onSignIn = () => send({ type: 'window.openSignIn' });
    // A plain Event (no detail) reads undefined: the flow checks the detail's plan and interval.
    const onSignup = (event: Event) =>
      send({ type: 'window.openSignup', detail: (event as CustomEvent).detail });
    window.addEventListener(OPEN_SIGN_IN_EVENT, onSignIn);
    window.addEventListener(OPEN_SIGNUP_EVENT, onSignup);
    return () => {
      window.removeEventListener(OPEN_SIGN_IN_EVENT, onSignIn);
      window.removeEventListener(OPEN_SIGNUP_EVENT, onSignup);
    };
  }, [send]);

  return host;
}
