import '../styles/modal';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import { Alert, Loader, Modal } from '@mantine/core';
import { Suspense } from 'react';
import type { BillingInterval, PlanId } from '../../../contract/plans';
import { useHasAuthService } from '../app-context';
import { SignupForm } from './SignupForm';

export interface SignupDialogProps {
  /** Closes the dialog: the visitor dismissed it or signed in after verifying. */
  onClose: () => void;
  /** The plan and interval to start with (a pricing card's choice); default starter, monthly [product: PLAN-9]. */
  plan?: PlanId;
  interval?: BillingInterval;
}

/** Sign-up needs the auth service [product: SIGNUP-13, SIGNUP-20]. */
export const SIGNUP_NEEDS_AUTH_SERVICE =
  'Sign-up is not available: it needs the auth service, and this deployment has none configured.';

/**
 * The sign-up dialog [product: SIGNUP]. Loaded only when it opens. Closing it discards its state, so it opens
 * afresh every time [product: SIGNUP-17].
 */
export default function SignupDialog({ onClose, plan, interval }: SignupDialogProps) {
  return (
    <Modal opened onClose={onClose} title="Join Beta" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Suspense fallback={<Loader size="sm" />}>
        <SignupChoice onClose={onClose} plan={plan} interval={interval} />
      </Suspense>
    </Modal>
  );
}

function SignupChoice(props: SignupDialogProps) {
  if (!useHasAuthService()) {
    return (
      <Alert color="red" role="alert">
        {SIGNUP_NEEDS_AUTH_SERVICE}
      </Alert>
    );
  }
  return <SignupForm {...props} />;
}
