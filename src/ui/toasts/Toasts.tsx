// Each toast is Mantine's Notification (with its close button and loader): their styles come with it, not with the
// notifications package's own stylesheet, which only places the stack.
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** At most 20 toasts at once, the rest queued; a dismissed one leaves at once [product: LIMIT-20, LIMIT-26]. */
export const TOAST_LIMIT = 20;

export default function Toasts() {
  return <Notifications limit={TOAST_LIMIT} />;
}
