import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** SPEC section 9: at most 20 toasts at once. */
export const TOAST_LIMIT = 20;

export default function Toasts() {
  return <Notifications limit={TOAST_LIMIT} />;
}
