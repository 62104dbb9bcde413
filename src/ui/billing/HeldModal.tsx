import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A billing dialog that cannot be dismissed while its request is in flight: Close, Escape and a click outside wait
 * for the answer, which the dialog then shows [product: BILL-23].
 */
export function HeldModal({
  busy,
  title,
  onClose,
  children,
}: {
  busy: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      opened
      onClose={onClose}
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Close', disabled: busy }}
    >
      {children}
    </Modal>
  );
}
