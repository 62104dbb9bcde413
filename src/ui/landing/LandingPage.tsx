import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import { Container, Text, Title } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import classes from './LandingPage.module.css';
import { TopNav } from './TopNav';

const SignInDialog = lazy(() => import('../sign-in/SignInDialog'));
const AuthDialogPlaceholder = lazy(() => import('./AuthDialogPlaceholder'));

/** Other parts of the page (and other scripts) ask for the sign-in dialog with this window event [product: LAND-29]. */
export const OPEN_SIGN_IN_EVENT = 'open-auth-modal';

/** The public landing page [product: LAND]. Sections keep their anchors so navigation and links can scroll. */
export function LandingPage() {
  const [openDialog, setOpenDialog] = useState<'signIn' | 'signup' | null>(null);
  useWindowEvent(OPEN_SIGN_IN_EVENT, () => setOpenDialog('signIn'));

  return (
    <>
      <TopNav onSignIn={() => setOpenDialog('signIn')} onJoinBeta={() => setOpenDialog('signup')} />
      <main>
        <Container size="lg" className={classes.hero}>
          <Text c="indigo" fw={600}>
            Next-Gen RMM Platform
          </Text>
          <Title order={1}>Monitor. Manage. Maximize.</Title>
        </Container>
        <Container size="lg" component="section" id="features" className={classes.section}>
          <Title order={2}>Features</Title>
        </Container>
        <Container size="lg" component="section" id="social-proof" className={classes.section}>
          <Title order={2}>Trusted by IT teams</Title>
        </Container>
        <Container size="lg" component="section" id="pricing" className={classes.section}>
          <Title order={2}>Pricing</Title>
        </Container>
        <Container size="lg" component="section" id="contact" className={classes.section}>
          <Title order={2}>Contact</Title>
        </Container>
      </main>
      <Suspense fallback={null}>
        {openDialog === 'signIn' && <SignInDialog onClose={() => setOpenDialog(null)} />}
        {openDialog === 'signup' && <AuthDialogPlaceholder onClose={() => setOpenDialog(null)} />}
      </Suspense>
    </>
  );
}
