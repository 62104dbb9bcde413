import type { NotificationData } from '@mantine/notifications';

/**
 * Toasts are rare, so @mantine/notifications (JS and CSS) loads only with the first one: showToast imports it and
 * tells the host (AppProviders) to mount the <Notifications> container.
 */

type Listener = () => void;
let mounted = false;
const listeners = new Set<Listener>();

export function subscribeToastHost(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isToastHostMounted(): boolean {
  return mounted;
}

export async function showToast(toast: NotificationData): Promise<void> {
  const { notifications } = await import('@mantine/notifications');
  if (!mounted) {
    mounted = true;
    for (const listener of listeners) listener();
  }
  // Mantine's close button has no name of its own [product: LIMIT-26].
  notifications.show({ closeButtonProps: { 'aria-label': 'Close' }, ...toast });
}

/** Takes a toast down before its time (what it said is over); nothing happens when none is up. */
export async function hideToast(id: string): Promise<void> {
  if (!mounted) return;
  const { notifications } = await import('@mantine/notifications');
  notifications.hide(id);
}
