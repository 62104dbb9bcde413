import '../styles/modal';
import '@mantine/core/styles/Text.css';
import { Modal, Text } from '@mantine/core';

/** Stands in for the sign-up dialog until its flow lands; loaded only when opened. */
export default function AuthDialogPlaceholder({ onClose }: { onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Join Beta" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Text>This dialog is not available yet.</Text>
    </Modal>
  );
}
