import '../styles/modal';
import '@mantine/core/styles/Loader.css';
import { Loader, Modal } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { Suspense, useEffect } from 'react';
import { useAppContext, useHasAuthService } from '../app-context';
import { SignInForm } from './SignInForm';

/**
 * The sign-in dialog [product: SIGNIN]. Loaded only when it opens, together with its machine and form, so neither
 * they nor supabase-js weigh on the landing page's first load.
 */
export default function SignInDialog({
  onClose,
}: {
  /** Closes the dialog: the visitor dismissed it or signed in. */
  onClose: () => void;
}) {
  return (
    <Modal opened onClose={onClose} title="Sign In" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Suspense fallback={<Loader size="sm" />}>
        <SignInChoice onClose={onClose} />
      </Suspense>
    </Modal>
  );
}

/** Without an auth service, sign-in goes to the server's own login page [product: API-16] (docs/WIRE.md). */
function SignInChoice({ onClose }: { onClose: () => void }) {
  const hasAuthService = useHasAuthService();
  if (hasAuthService) return <SignInForm onClose={onClose} />;
  return <LeaveForServerLogin />;
}

function LeaveForServerLogin() {
  const { signInFallbackUrl, leaveTo } = useAppContext();
  const here = useRouterState({ select: (state) => state.location.href });
  useEffect(() => {
    leaveTo(signInFallbackUrl(here));
  }, [leaveTo, signInFallbackUrl, here]);
  return <Loader size="sm" aria-label="Going to sign in" />;
}
