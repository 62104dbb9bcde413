import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Text.css';
import { Modal, Text } from '@mantine/core';

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
      <Text>This dialog is not available yet.</Text>
    </Modal>
  );
}
