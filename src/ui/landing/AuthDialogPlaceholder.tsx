import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import { Button, Modal, Text } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { Suspense } from 'react';
import { loginFallbackUrl } from '../../routes/redirect';
import { buildConfig } from '../../services/config';
import { useHasAuthService } from '../AppContext';

export type AuthDialogKind = 'signIn' | 'signup';

const titles: Record<AuthDialogKind, string> = { signIn: 'Sign In', signup: 'Join Beta' };

/** Stands in for the sign-in and sign-up dialogs until their flows land; loaded only when opened. */
export default function AuthDialogPlaceholder({
  kind,
  onClose,
}: {
  kind: AuthDialogKind;
  onClose: () => void;
}) {
  return (
    <Modal opened onClose={onClose} title={titles[kind]} centered>
      <Suspense fallback={null}>{kind === 'signIn' ? <SignInChoice /> : <NotYetAvailable />}</Suspense>
    </Modal>
  );
}

function NotYetAvailable() {
  return <Text>This dialog is not available yet.</Text>;
}

/** Without an auth service the server's own login page is the way in (docs/WIRE.md). */
function SignInChoice() {
  const hasAuthService = useHasAuthService();
  const here = useRouterState({ select: (state) => state.location.href });
  if (hasAuthService) return <NotYetAvailable />;
  return (
    <Button component="a" href={loginFallbackUrl(buildConfig.apiBase, here)}>
      Continue to sign in
    </Button>
  );
}
