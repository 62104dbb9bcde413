import '../styles/modal';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import { Button, Loader, Modal } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { Suspense } from 'react';
import { loginFallbackUrl } from '../../routes/redirect';
import { buildConfig } from '../../services/config';
import { useHasAuthService } from '../AppContext';
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

/** Without an auth service the server's own login page is the way in (docs/WIRE.md). */
function SignInChoice({ onClose }: { onClose: () => void }) {
  const hasAuthService = useHasAuthService();
  const here = useRouterState({ select: (state) => state.location.href });
  if (hasAuthService) return <SignInForm onClose={onClose} />;
  return (
    <Button component="a" href={loginFallbackUrl(buildConfig.apiBase, here)}>
      Continue to sign in
    </Button>
  );
}
