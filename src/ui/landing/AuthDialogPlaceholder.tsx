import '../styles/modal';
import '@mantine/core/styles/Text.css';
import { Modal, Text } from '@mantine/core';
import type { SignupChoice } from '../../domain/signup-choice';

/**
 * Stands in for the sign-up dialog until its flow lands; loaded only when opened. It takes what the signup dialog
 * takes: the plan and interval chosen on a pricing card or by another script [product: LAND-30].
 */
export default function AuthDialogPlaceholder({ onClose }: { onClose: () => void } & SignupChoice) {
  return (
    <Modal opened onClose={onClose} title="Join Beta" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Text>This dialog is not available yet.</Text>
    </Modal>
  );
}
